/** What the facet/v1 routes are given by the app (server/app.ts): the services, and how to render fragments. */
import type { LowestPriceNotes } from '../../catalog/lowest-price.js';
import type { Product } from '../../catalog/model.js';
import type { Hooks } from '../../hooks/hooks.js';
import type { Store } from '../../store/store.js';
import type { FacetService, FilterOutcome } from '../facet-service.js';

export interface Fragments {
  facets_html: string;
  toolbar_html: string;
  results_html: string;
  pagination_html: string;
}

/** What a page of products shows beyond an answer's key, read once per answer: rendered from, and compared by `key`. */
export interface UnkeyedInputs {
  /** Any string; compared for equality only. */
  key: string;
  /** The Omnibus reference prices of the page's items. */
  lowestPrices?: LowestPriceNotes;
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
   * @param unkeyed what {@link unkeyedInputs} read for this answer: the fragments show what the answer is later
   *   compared by, and the price history is read once per answer (read here when not given)
   */
  renderFragments(outcome: FilterOutcome, cartToken: string | undefined, unkeyed?: UnkeyedInputs): Promise<Fragments>;
  /**
   * What the fragments of these products show beyond what an answer's key names (the catalog revision, the
   * configuration, the settings, the clock's next change): their Omnibus reference prices, read from the price
   * history, which is appended after the catalog changes. A kept answer past its lifetime is kept on while this is
   * unchanged, instead of being filtered and rendered again.
   */
  unkeyedInputs?(products: readonly Product[]): Promise<UnkeyedInputs>;
}
