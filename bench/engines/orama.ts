/**
 * @orama/orama 3.1 driven with our semantics. What it is fed and asked:
 * - each product as a document of `enum[]` facet fields (categories with all their ancestors, rating thresholds
 *   reached, stock '1'/'0'), the price as a number, and our folded title + brand tokens as an `enum[]` field;
 * - filters as `where`: `containsAny` for OR facets, `containsAll` for AND ones, `between`/`gte`/`lte` for the price;
 *   text as exact-token filters on the token field (its own term search prefix-matches every word and tokenizes
 *   differently, so it cannot express ours), the last word expanded to the tokens it begins;
 * - disjunctive counts the way a client of a conjunctive engine gets them: Orama counts facets over the results of
 *   one search, so each facet with its own OR selection costs one more search without that selection (k + 1 in all).
 */
import { create, insertMultiple, search } from '@orama/orama';
import { activePrice } from '../../server/catalog/model.js';
import type { FilterState } from '../../client/facet-filter/query-state.js';
import type { AdapterFactory, Answer } from './adapter.js';
import { facetReaders } from './naive-scan.js';
import { productTokens, TokenVocabulary } from './our-text-semantics.js';

type Where = Record<string, unknown>;
interface OramaResult {
  count: number;
  facets?: Record<string, { values: Record<string, number> }>;
}
/** One search per distinct mask; `facets` lists the facet names each one counts. */
type OramaAnswer = { found: number; counted: Array<{ names: string[]; result: OramaResult }> };

const SORT_FIELDS: Record<string, { property: string; order: 'ASC' | 'DESC' }> = {
  popularity: { property: 'total_sales', order: 'DESC' },
  relevance: { property: 'total_sales', order: 'DESC' },
  rating: { property: 'rating_value', order: 'DESC' },
  date: { property: 'created_ts', order: 'DESC' },
  price: { property: 'price', order: 'ASC' },
  'price-desc': { property: 'price', order: 'DESC' },
};
const INSERT_BATCH = 10_000;

export const createOrama: AdapterFactory = async (catalog, config) => {
  const lists = config.facets.filter((facet) => facet.type !== 'range');
  const priceFacet = config.facets.find((facet) => facet.type === 'range' && facet.source === 'field:price');
  const { valuesOf } = facetReaders(catalog);
  const schema = {
    tokens: 'enum[]',
    price: 'number',
    total_sales: 'number',
    rating_value: 'number',
    created_ts: 'number',
    ...Object.fromEntries(lists.map((facet) => [facet.name, 'enum[]'])),
  } as const;
  const db = create({ schema: schema as Record<string, 'enum[]' | 'number'> });
  const tokens: string[][] = [];
  for (let start = 0; start < catalog.products.length; start += INSERT_BATCH) {
    const documents = catalog.products.slice(start, start + INSERT_BATCH).map((product) => {
      const productTokenList = productTokens(product);
      tokens.push(productTokenList);
      return {
        id: String(product.id),
        tokens: productTokenList,
        price: activePrice(product),
        total_sales: product.total_sales,
        rating_value: product.rating,
        created_ts: Date.parse(product.created_at),
        ...Object.fromEntries(lists.map((facet) => [facet.name, valuesOf(facet, product)])),
      };
    });
    await insertMultiple(db, documents, INSERT_BATCH);
  }
  const vocabulary = new TokenVocabulary(tokens);

  /** Every condition of the state except the selection of `without`. */
  const conditions = (state: FilterState, without: string | null): Where[] => {
    const where: Where[] = vocabulary
      .expand(state.q)
      .map((alternatives) => ({ tokens: { containsAny: alternatives } }));
    for (const facet of lists) {
      const selected = state.values[facet.name];
      if (selected && facet.name !== without)
        where.push({ [facet.name]: facet.logic === 'and' ? { containsAll: selected } : { containsAny: selected } });
    }
    const range = priceFacet && priceFacet.name !== without ? state.ranges[priceFacet.name] : undefined;
    if (range) {
      const bounds =
        range.min !== null && range.max !== null
          ? { between: [range.min, range.max] }
          : range.min !== null
            ? { gte: range.min }
            : { lte: range.max };
      where.push({ price: bounds });
    }
    return where;
  };
  const run = (
    where: Where[],
    names: string[],
    limit: number,
    offset: number,
    sortBy?: (typeof SORT_FIELDS)[string],
  ): OramaResult =>
    search(db, {
      term: '',
      limit,
      offset,
      sortBy,
      ...(where.length > 0 ? { where: { and: where } } : {}),
      ...(names.length > 0 ? { facets: Object.fromEntries(names.map((name) => [name, {}])) } : {}),
    }) as unknown as OramaResult;

  return {
    query: (state: FilterState): OramaAnswer => {
      const ownSelection = lists
        .filter((facet) => facet.logic !== 'and' && state.values[facet.name])
        .map((facet) => facet.name);
      const shared = lists.map((facet) => facet.name).filter((name) => !ownSelection.includes(name));
      const main = run(
        conditions(state, null),
        shared,
        config.per_page,
        (state.page - 1) * config.per_page,
        SORT_FIELDS[state.orderby],
      );
      const counted = [
        { names: shared, result: main },
        ...ownSelection.map((name) => ({ names: [name], result: run(conditions(state, name), [name], 0, 0) })),
      ];
      return { found: main.count, counted };
    },
    answer: ({ found, counted }: OramaAnswer): Answer => {
      const counts: Answer['counts'] = {};
      for (const { names, result } of counted) {
        for (const name of names)
          counts[name] = Object.fromEntries(
            Object.entries(result.facets?.[name]?.values ?? {}).filter(([, count]) => count > 0),
          );
      }
      return { found, counts };
    },
  };
};
