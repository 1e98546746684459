/** What the facet/v1 routes are given by the app (server/app.ts): the services, and how to render fragments. */
import type { Hooks } from '../hooks/hooks.js';
import type { Store } from '../store/store.js';
import type { FacetService, FilterOutcome } from './facet-service.js';

export interface Fragments {
  facets_html: string;
  toolbar_html: string;
  results_html: string;
  pagination_html: string;
}

export interface FacetRouteDependencies {
  store: Store;
  hooks: Hooks;
  facets: FacetService;
}

export interface FilterRouteDependencies extends FacetRouteDependencies {
  /**
   * Renders the four regions; links are relative (`?sf_...`), so they resolve against the page that asked.
   * @param cartToken the CSRF token of the add-to-cart forms: a visitor's, '' in an answer for everyone (the element
   *   fills it in), undefined for no forms (a preview)
   */
  renderFragments(outcome: FilterOutcome, cartToken: string | undefined): Promise<Fragments>;
}
