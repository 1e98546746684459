/**
 * The benchmark's baselines (VITRINE_EXTENSIONS=bench/noop-extension.ts), public REST routes that pass through the
 * same middleware as `/filter` (headers, compression, the site's refresh, the session, REST routing and
 * authentication):
 * - `GET {REST_ROOT}/bench/v1/noop` answers `{}` and does nothing else, so that an answer's cost can be read as a
 *   multiple of what any request costs on the same server at the same moment;
 * - `POST {REST_ROOT}/bench/v1/filter-engine` takes `/filter`'s body and does only what no answer can skip: the
 *   engine's filtering and counting and the read of the page's products, answering `{found}`. Between the two lies
 *   the least a state never asked before can cost, whatever its HTML.
 */
import type { ExtensionModule } from '../server/extensions/plugin.js';
import { parseFilterRequest } from '../server/facets/filter/filter-request.js';

const noop: ExtensionModule = (plugin) => {
  plugin.rest.register({
    namespace: 'bench/v1',
    path: '/noop',
    endpoints: [{ methods: ['GET'], permission: 'public', withoutCatalog: true, handler: () => ({}) }],
  });
  plugin.rest.register({
    namespace: 'bench/v1',
    path: '/filter-engine',
    endpoints: [
      {
        methods: ['POST'],
        permission: 'public',
        withoutCatalog: true,
        handler: async (request) => {
          const { query, widget } = parseFilterRequest(request.body);
          const outcome = await plugin.container.get('facets').answer(query, widget);
          return { found: outcome.result.found, products: outcome.result.products.length };
        },
      },
    ],
  });
};

export default noop;
