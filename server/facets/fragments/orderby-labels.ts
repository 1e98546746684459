/** The words a shopper reads for each sort order; an order without a label here shows its own name. */
const ORDERBY_LABELS: Record<string, string> = {
  popularity: 'Popularity',
  relevance: 'Relevance',
  rating: 'Average rating',
  date: 'Newest first',
  price: 'Price: low to high',
  'price-desc': 'Price: high to low',
};

export function orderbyLabel(orderby: string): string {
  return Object.hasOwn(ORDERBY_LABELS, orderby) ? ORDERBY_LABELS[orderby]! : orderby;
}
