/**
 * The services the server itself registers in the container (server/app.ts), typed by declaration merging as an
 * extension types its own:
 * @example
 * declare module 'vitrine/server/extensions/container.js' { interface Services { stockSync: StockSync } }
 */
import type { FacetService } from '../facets/facet-service.js';

declare module './container.js' {
  interface Services {
    facets: FacetService;
  }
}
