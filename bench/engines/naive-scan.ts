/**
 * The naive engine: every query answered by scanning every product, written for obviousness, not speed.
 * It is both the benchmark's baseline and the reference the engine's property tests compare against.
 */
import {
  activePrice,
  isOnSale,
  slugify,
  variationsOf,
  type CatalogData,
  type Product,
} from '../../server/catalog/model.js';
import type { FacetConfig, FacetDefinition } from '../../server/facets/config.js';
import { tokenize, type WordForms } from '../../server/facets/engine/text-index.js';
import type { FilterState } from '../../client/facet-filter/query-state.js';
import type { AdapterFactory } from './adapter.js';

export interface ReferenceAnswer {
  found: number;
  pageIds: number[];
  counts: Record<string, Record<string, number>>;
  bounds: Record<string, { min: number | null; max: number | null }>;
}

/** How the reference reads a product's facet values (slugs) and numbers; the other engines' adapters reuse it. */
export function facetReaders(catalog: CatalogData): {
  categorySlugs: (product: Product) => string[];
  valuesOf: (facet: FacetDefinition, product: Product) => string[];
  numberOf: (facet: FacetDefinition, product: Product) => number;
} {
  const categoryById = new Map(catalog.categories.map((category) => [category.id, category]));
  const ancestorsOf = (id: number): number[] => {
    const chain: number[] = [];
    for (
      let category = categoryById.get(id);
      category && !chain.includes(category.id);
      category = categoryById.get(category.parent)
    )
      chain.push(category.id);
    return chain;
  };
  const categorySlugs = (product: Product): string[] =>
    [...new Set(product.category_ids.flatMap(ancestorsOf))].map((id) => categoryById.get(id)!.slug);
  const valuesOf = (facet: FacetDefinition, product: Product): string[] => {
    const [kind, name] = facet.source.split(':') as [string, string];
    if (kind === 'taxonomy') return categorySlugs(product);
    if (kind === 'attribute') return (product.attributes[name] ?? []).map(slugify);
    if (name === 'brand') return product.brand ? [slugify(product.brand)] : [];
    if (name === 'in_stock') return [product.in_stock ? '1' : '0'];
    if (name === 'on_sale') return [isOnSale(product) ? '1' : '0'];
    if (name === 'new')
      return [Date.parse(product.created_at) > Date.now() - (facet.new_days ?? 30) * 86_400_000 ? '1' : '0'];
    if (name === 'rating') return ['1', '2', '3', '4'].filter((threshold) => product.rating >= Number(threshold));
    return [];
  };
  const numberOf = (facet: FacetDefinition, product: Product): number =>
    facet.source === 'field:price' ? activePrice(product) : product.rating;
  return { categorySlugs, valuesOf, numberOf };
}

/**
 * What a shopper can buy of a product, each as a product with that variation's terms, prices and stock: the
 * variations of a variable product (an attribute a variation leaves out keeps all the parent's terms), else the
 * product itself.
 */
export function purchasableRows(product: Product): Product[] {
  const variations = variationsOf(product);
  if (variations.length === 0) return [product];
  return variations.map((variation) => ({
    ...product,
    type: 'simple' as const,
    variations: undefined,
    attributes: {
      ...product.attributes,
      ...Object.fromEntries(Object.entries(variation.attributes).map(([name, term]) => [name, [term]])),
    },
    regular_price: variation.regular_price,
    sale_price: variation.sale_price,
    date_on_sale_from: variation.date_on_sale_from ?? null,
    date_on_sale_to: variation.date_on_sale_to ?? null,
    in_stock: variation.in_stock,
    stock_quantity: variation.stock_quantity,
  }));
}

/**
 * Whether query word `word` (at `position` of `count`) matches a token: the last word as a prefix, the others whole,
 * or by a form the two share (text-index.ts).
 */
function wordMatches(
  word: string,
  position: number,
  count: number,
  token: string,
  wordForms: WordForms | null,
): boolean {
  if (position === count - 1 ? token.startsWith(word) : token === word) return true;
  if (!wordForms) return false;
  const tokenForms = wordForms.formsOf(token);
  return wordForms.formsOf(word).some((form) => tokenForms.includes(form));
}

/** @param wordForms the word forms `sf_q` matches by, as the engine was built with */
export function bruteForce(
  catalog: CatalogData,
  config: FacetConfig,
  state: FilterState,
  baseCategory: string | undefined,
  perPage: number,
  wordForms: WordForms | null = null,
): ReferenceAnswer {
  const categoryBySlug = new Map(catalog.categories.map((category) => [category.slug, category]));
  const { categorySlugs, valuesOf, numberOf } = facetReaders(catalog);
  const passes = (facet: FacetDefinition, product: Product): boolean => {
    if (facet.type === 'range') {
      const range = state.ranges[facet.name];
      if (!range) return true;
      const value = numberOf(facet, product);
      return (range.min === null || value >= range.min) && (range.max === null || value <= range.max);
    }
    const selected = state.values[facet.name] ?? [];
    if (selected.length === 0) return true;
    const values = valuesOf(facet, product);
    return facet.logic === 'and'
      ? selected.every((value) => values.includes(value))
      : selected.some((value) => values.includes(value));
  };
  const words = tokenize(state.q);
  const matchesText = (product: Product): boolean => {
    const tokens = [...tokenize(product.title), ...tokenize(product.brand)];
    return words.every((word, index) =>
      tokens.some((token) => wordMatches(word, index, words.length, token, wordForms)),
    );
  };
  const scope = catalog.products.filter(
    (product) =>
      (!baseCategory || (categorySlugs(product).includes(baseCategory) && categoryBySlug.has(baseCategory))) &&
      matchesText(product),
  );
  // A product matches when ONE of its variations meets every selection at once.
  const results = scope.filter((product) =>
    purchasableRows(product).some((row) => config.facets.every((facet) => passes(facet, row))),
  );
  const counts: ReferenceAnswer['counts'] = {};
  const bounds: ReferenceAnswer['bounds'] = {};
  for (const facet of config.facets) {
    const ignoresOwn = facet.type === 'range' || facet.logic !== 'and';
    // Per product, the rows (variations) that meet every other selection: a value counts once per product if one has
    // it.
    const passingRows = scope.map((product) =>
      purchasableRows(product).filter((row) =>
        config.facets.every((other) => (other === facet && ignoresOwn) || passes(other, row)),
      ),
    );
    if (facet.type === 'range') {
      const numbers = passingRows.flat().map((row) => numberOf(facet, row));
      // reduce, not Math.min(...numbers): spreading a million arguments overflows the stack.
      bounds[facet.name] = numbers.length
        ? { min: numbers.reduce((a, b) => Math.min(a, b)), max: numbers.reduce((a, b) => Math.max(a, b)) }
        : { min: null, max: null };
    } else {
      const tally: Record<string, number> = {};
      for (const rows of passingRows)
        for (const value of new Set(rows.flatMap((row) => valuesOf(facet, row))))
          tally[value] = (tally[value] ?? 0) + 1;
      counts[facet.name] = tally;
    }
  }
  const popularity = (a: Product, b: Product): number => b.total_sales - a.total_sales || a.id - b.id;
  const titleMisses = (product: Product): number =>
    words.filter(
      (word, index) =>
        !tokenize(product.title).some((token) => wordMatches(word, index, words.length, token, wordForms)),
    ).length;
  const comparators: Record<string, (a: Product, b: Product) => number> = {
    popularity,
    relevance: words.length ? (a, b) => titleMisses(a) - titleMisses(b) || popularity(a, b) : popularity,
    rating: (a, b) => b.rating - a.rating || b.rating_count - a.rating_count || a.id - b.id,
    date: (a, b) =>
      Date.parse(`${b.created_at.slice(0, 19)}Z`) - Date.parse(`${a.created_at.slice(0, 19)}Z`) || a.id - b.id,
    price: (a, b) => activePrice(a) - activePrice(b) || a.id - b.id,
    'price-desc': (a, b) => activePrice(b) - activePrice(a) || a.id - b.id,
  };
  const pages = Math.max(1, Math.ceil(results.length / perPage));
  const page = Math.min(state.page, pages);
  const sorted = results.sort(comparators[state.orderby]);
  return {
    found: results.length,
    pageIds: sorted.slice((page - 1) * perPage, page * perPage).map((product) => product.id),
    counts,
    bounds,
  };
}

/** The benchmark's baseline: nothing is built, every query scans the catalog. */
export const createNaive: AdapterFactory = (catalog, config) => ({
  query: (state) => bruteForce(catalog, config, state, undefined, config.per_page),
  answer: (result: ReferenceAnswer) => ({ found: result.found, counts: result.counts }),
});
