/**
 * itemsjs 2.4 driven with our semantics. What it is fed and asked:
 * - each product as a flat item of facet slugs: categories with all their ancestors (itemsjs has no hierarchy),
 *   rating as the thresholds it reaches, stock as '1'/'0'; one aggregation per list facet, `conjunction: false` for
 *   OR facets (itemsjs then counts them disjunctively, as we do), true for AND ones;
 * - text and the price range as `ids`, its documented way to combine with an external search: its own full-text
 *   search (lunr: stemming, no prefix) cannot express ours, and its `filter` callback is ignored once native search
 *   is off. The ids come from a token index built here with our tokenizer and a scan of prices: both timed.
 */
import itemsjs from 'itemsjs';
import { activePrice, type Product } from '../../server/catalog/model.js';
import type { FacetDefinition } from '../../server/facets/config.js';
import type { FilterState } from '../../client/facet-filter/query-state.js';
import type { AdapterFactory, Answer } from './adapter.js';
import { facetReaders } from './naive-scan.js';
import { productTokens, TokenVocabulary } from './our-text-semantics.js';

interface ItemsjsResult {
  pagination: { total: number };
  data: { aggregations: Record<string, { buckets: Array<{ key: string; doc_count: number }> }> };
}

/**
 * Sort fields per orderby; ties by id, like ours. Relevance is sorted by popularity: only found and counts are
 * compared.
 */
const SORTINGS = {
  popularity: { field: ['total_sales', 'id'], order: ['desc', 'asc'] },
  relevance: { field: ['total_sales', 'id'], order: ['desc', 'asc'] },
  rating: { field: ['rating_value', 'rating_count', 'id'], order: ['desc', 'desc', 'asc'] },
  date: { field: ['created_at', 'id'], order: ['desc', 'asc'] },
  price: { field: ['price', 'id'], order: ['asc', 'asc'] },
  'price-desc': { field: ['price', 'id'], order: ['desc', 'asc'] },
};

export const createItemsjs: AdapterFactory = (catalog, config) => {
  const lists = config.facets.filter((facet) => facet.type !== 'range');
  const priceFacet = config.facets.find((facet) => facet.type === 'range' && facet.source === 'field:price');
  const { valuesOf } = facetReaders(catalog);
  const postings = new Map<string, number[]>();
  const tokens = catalog.products.map((product) => {
    const productTokenList = productTokens(product);
    for (const token of productTokenList) (postings.get(token) ?? postings.set(token, []).get(token)!).push(product.id);
    return productTokenList;
  });
  const vocabulary = new TokenVocabulary(tokens);
  const items = catalog.products.map((product) => ({
    id: product.id,
    total_sales: product.total_sales,
    rating_value: product.rating,
    rating_count: product.rating_count,
    created_at: product.created_at,
    price: activePrice(product),
    ...Object.fromEntries(lists.map((facet) => [facet.name, valuesOf(facet, product)])),
  }));
  const engine = itemsjs(items, {
    native_search_enabled: false,
    sortings: SORTINGS,
    aggregations: Object.fromEntries(
      lists.map((facet: FacetDefinition) => [
        facet.name,
        { title: facet.label, size: 100_000, conjunction: facet.logic === 'and' },
      ]),
    ),
  });
  const byId = new Map(catalog.products.map((product) => [product.id, product]));

  /** Products allowed by the text and the price range, or undefined when neither is set. */
  const candidateIds = (state: FilterState): number[] | undefined => {
    const range = priceFacet ? state.ranges[priceFacet.name] : undefined;
    if (!state.q && !range) return undefined;
    let ids: number[] = state.q ? matchText(state.q) : catalog.products.map((product) => product.id);
    if (range) {
      ids = ids.filter((id) => {
        const price = activePrice(byId.get(id) as Product);
        return (range.min === null || price >= range.min) && (range.max === null || price <= range.max);
      });
    }
    return ids;
  };
  const matchText = (q: string): number[] => {
    const perWord = vocabulary
      .expand(q)
      .map((alternatives) => new Set(alternatives.flatMap((token) => postings.get(token) ?? [])));
    if (perWord.length === 0) return catalog.products.map((product) => product.id);
    return [...perWord[0]!].filter((id) => perWord.every((ids) => ids.has(id)));
  };

  return {
    query: (state: FilterState) =>
      engine.search({
        per_page: config.per_page,
        page: state.page,
        sort: state.orderby,
        ids: candidateIds(state),
        filters: Object.fromEntries(
          lists.filter((facet) => state.values[facet.name]).map((facet) => [facet.name, state.values[facet.name]!]),
        ),
      }) as unknown as ItemsjsResult,
    answer: (result: ItemsjsResult): Answer => ({
      found: result.pagination.total,
      counts: Object.fromEntries(
        lists.map((facet) => [
          facet.name,
          Object.fromEntries(
            result.data.aggregations[facet.name]!.buckets.filter((bucket) => bucket.doc_count > 0).map((bucket) => [
              bucket.key,
              bucket.doc_count,
            ]),
          ),
        ]),
      ),
    }),
  };
};
