/**
 * What the fragment templates need besides the filter outcome: where the widget's page lives (every link and form
 * points there) and how prices are written. Kept tiny so that `/filter` and the page render build it the same way.
 */
import { toQueryString, type FilterState, type QuerySchema } from '../../../client/facet-filter/query-state.js';
import type { ProductDisplayOptions } from '../../catalog/product-display.js';

/** Besides where the page is, the shop's display settings (money, ratings, stock, tax note) shape every card. */
export interface FragmentContext extends ProductDisplayOptions {
  /**
   * The path of the page that holds the widget, e.g. `/shop`; links are `${basePath}?${canonical query}`.
   * `''` makes links relative (`?sf_color=red`), for `/filter`, which does not know the page that asked.
   */
  basePath: string;
  /** The visitor's CSRF token: product cards then carry an add-to-cart form. Absent (no forms) in editor previews. */
  cartToken?: string;
}

/** Per locale, its number format, and whether it writes counts under 1,000 as plain ASCII digits. */
const countFormats = new Map<string, { format: Intl.NumberFormat; plain: boolean }>();

/**
 * A count as the shop writes numbers: `1 234` in pl-PL, `1,234` in en-GB (the element formats its own the same way).
 * An answer writes a count for every facet value: under 1,000 no locale groups digits, so where digits are ASCII the
 * number is its own text, without a call to Intl.
 *
 * @example formatCount(1234, 'de-DE') === '1.234'
 */
export function formatCount(count: number, locale = 'en'): string {
  let entry = countFormats.get(locale);
  if (!entry) {
    const format = new Intl.NumberFormat(locale);
    countFormats.set(locale, (entry = { format, plain: format.format(987) === '987' && format.format(10) === '10' }));
  }
  return entry.plain && count < 1000 && Number.isInteger(count) && count >= 0
    ? String(count)
    : entry.format.format(count);
}

/**
 * The canonical address of a state on the widget's page: the one URL every link, chip and page number uses.
 *
 * @example stateHref('/shop', withPage(state, 2), schema) // '/shop?sf_color=red&sf_paged=2'
 */
export function stateHref(basePath: string, state: FilterState, schema: QuerySchema): string {
  const query = toQueryString(state, schema);
  // A relative link to the empty state must still be `?`: an empty href would keep the current query.
  return query ? `${basePath}?${query}` : basePath || '?';
}
