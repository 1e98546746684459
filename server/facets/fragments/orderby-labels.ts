import type { Translate } from '../../i18n/translator.js';

/** The catalogue keys of the words a shopper reads for each sort order; an order without one shows its own name. */
const ORDERBY_LABELS: Record<string, string> = {
  popularity: 'facets.sortPopularity',
  relevance: 'facets.sortRelevance',
  rating: 'facets.sortRating',
  date: 'facets.sortNewest',
  price: 'facets.sortPriceAscending',
  'price-desc': 'facets.sortPriceDescending',
};

export function orderbyLabel(orderby: string, t: Translate): string {
  return Object.hasOwn(ORDERBY_LABELS, orderby) ? t(ORDERBY_LABELS[orderby]!) : orderby;
}
