/**
 * The facet engine: an in-memory index of the catalog for one facet configuration, answering filter states with
 * the result count, one page of products in the chosen order, and disjunctive counts for every facet value.
 * Pure TypeScript, no Koa: routes, fragments, the CLI and the benchmark call it alike.
 */
import { type CatalogData, type Product } from '../catalog/model.js';
import { clampPage, parseFilterState, toQueryRecord, type FilterState, type QuerySchema, type RangeValue } from '../../client/facet-filter/query-state.js';
import { addSetInto, collectOrdinals, countBits, createBitset, fullBitset, hasBit, intersectInto, setSize, setToBitset, type Bitset } from './bitset.js';
import type { FacetConfig, FacetDefinition } from './config.js';
import { buildFacetIndex, type FacetIndex, type FacetValueInfo, type ListFacetIndex, type RangeFacetIndex } from './facet-index.js';
import { ResultCounter } from './result-counter.js';
import { buildSortOrders, type SortOrder, type StaticOrderby } from './sort-orders.js';
import { availableSources } from './sources.js';
import { TextIndex } from './text-index.js';

export interface FacetQueryOptions {
  /** Scope of the widget: only products in this category (by slug) or its descendants. */
  baseCategory?: string;
  /** Overrides the configuration's `per_page` (a widget attribute). */
  perPage?: number;
}

export interface ListFacetResult {
  kind: 'list';
  definition: FacetDefinition;
  /** All values of the facet, in index order; see `visibleFacetValues` for display order and limits. */
  values: readonly FacetValueInfo[];
  /** counts[i] is the disjunctive count of values[i]. */
  counts: Uint32Array;
  selected: string[];
}

export interface RangeFacetResult {
  kind: 'range';
  definition: FacetDefinition;
  /** Bounds over the results of every other selection; null when there are none. */
  min: number | null;
  max: number | null;
  selected: RangeValue | null;
}

export type FacetResult = ListFacetResult | RangeFacetResult;

export interface FacetQueryResult {
  found: number;
  page: number;
  pages: number;
  perPage: number;
  products: Product[];
  facets: FacetResult[];
  /** The canonical state actually applied: unknown values dropped, page clamped. */
  state: FilterState;
}

/** What `/reindex` answers. */
export interface IndexStats {
  indexed: number;
  facets: number;
  values: number;
  took_ms: number;
}

export class FacetEngine {
  readonly config: FacetConfig;
  readonly schema: QuerySchema;
  readonly stats: IndexStats;
  readonly #products: readonly Product[];
  readonly #facets: FacetIndex[];
  readonly #categories: ListFacetIndex;
  readonly #orders: Record<StaticOrderby, SortOrder>;
  readonly #text: TextIndex;
  readonly #counter: ResultCounter;

  /**
   * Indexes a catalog for a configuration that {@link validateFacetConfig} accepted.
   *
   * @example const engine = FacetEngine.build(catalog, defaultFacetConfig()); console.log(engine.stats.took_ms);
   */
  static build(catalog: CatalogData, config: FacetConfig): FacetEngine {
    return new FacetEngine(catalog, config);
  }

  private constructor(catalog: CatalogData, config: FacetConfig) {
    const started = performance.now();
    this.config = config;
    this.#products = catalog.products;
    const sources = new Map(availableSources(catalog).map((spec) => [spec.source, spec]));
    this.#facets = config.facets.map((definition) => {
      const spec = sources.get(definition.source);
      if (!spec) throw new Error(`Facet "${definition.name}" uses source ${definition.source}, which this catalog does not offer.`);
      return buildFacetIndex(definition, spec, catalog);
    });
    // The widget's base category needs the category sets even when no facet shows categories.
    const categoryFacet = this.#facets.find((facet): facet is ListFacetIndex => facet.kind === 'list' && facet.definition.source === 'taxonomy:category');
    this.#categories = categoryFacet ?? (buildFacetIndex({ ...config.facets[0]!, name: 'category', type: 'hierarchy', source: 'taxonomy:category' }, sources.get('taxonomy:category')!, catalog) as ListFacetIndex);
    this.#orders = buildSortOrders(catalog.products);
    this.#text = new TextIndex(catalog.products);
    this.#counter = new ResultCounter(catalog.products.length, this.#facets);
    this.schema = {
      facets: this.#facets.map((facet) => facet.kind === 'range'
        ? { name: facet.definition.name, kind: 'range' as const }
        : { name: facet.definition.name, kind: 'list' as const, values: new Set(facet.valueIndex.keys()) }),
      orderbyOptions: config.orderby_options,
      defaultOrderby: config.default_orderby,
    };
    const values = this.#facets.reduce((total, facet) => total + (facet.kind === 'list' ? facet.values.length : 0), 0);
    this.stats = { indexed: catalog.products.length, facets: this.#facets.length, values, took_ms: Math.round(performance.now() - started) };
  }

  /**
   * Answers a filter state: AND across facets, OR within a facet (AND when its logic says so), counts disjunctive.
   *
   * @example engine.query(parseFilterState(ctx.query, engine.schema), { baseCategory: 'shoes' })
   */
  query(requested: FilterState, options: FacetQueryOptions = {}): FacetQueryResult {
    const state = parseFilterState(toQueryRecord(requested, this.schema), this.schema);
    const size = this.#products.length;
    const textMatch = state.q ? this.#text.match(state.q) : null;
    const universe = this.#universe(options.baseCategory, textMatch?.matches ?? null);
    const selections = this.#facets.map((facet) => this.#selectionOf(facet, state));
    const full = universe ? universe.slice() : fullBitset(size);
    for (const selection of selections) if (selection) intersectInto(full, selection);
    const found = countBits(full);

    const perPage = Math.max(1, Math.floor(options.perPage ?? this.config.per_page));
    const pages = Math.max(1, Math.ceil(found / perPage));
    const applied = clampPage(state, pages);
    const scopeKey = textMatch ? null : options.baseCategory ?? '';
    const facets = this.#counter.count({ universe, scopeKey, selections, full, fullCount: found });
    const ordinals = this.#pageOrdinals(applied, full, found, (applied.page - 1) * perPage, perPage, textMatch?.titleMatches ?? null);
    return {
      found, page: applied.page, pages, perPage, state: applied,
      products: Array.from(ordinals, (ordinal) => this.#products[ordinal]!),
      facets: facets.map((result, index) => ({ ...result, ...this.#describeSelection(this.#facets[index]!, applied) }) as FacetResult),
    };
  }

  /** Products allowed before any facet selection: the widget's category and the text query. Null means all. */
  #universe(baseCategory: string | undefined, textMatches: Bitset | null): Bitset | null {
    if (baseCategory === undefined || baseCategory === '') return textMatches;
    const index = this.#categories.valueIndex.get(baseCategory);
    const scope = index === undefined ? createBitset(this.#products.length) : setToBitset(this.#categories.sets[index]!, this.#products.length);
    return textMatches ? intersectInto(scope, textMatches) : scope;
  }

  #selectionOf(facet: FacetIndex, state: FilterState): Bitset | null {
    const size = this.#products.length;
    if (facet.kind === 'range') {
      const range = state.ranges[facet.definition.name];
      return range ? rangeSelection(facet, range, size) : null;
    }
    const indices = (state.values[facet.definition.name] ?? []).map((value) => facet.valueIndex.get(value)!);
    if (indices.length === 0) return null;
    if (facet.definition.logic === 'and') {
      // Start from the smallest set: intersections only shrink.
      const [first, ...rest] = indices.sort((a, b) => setSize(facet.sets[a]!) - setSize(facet.sets[b]!));
      const bits = setToBitset(facet.sets[first!]!, size);
      for (const index of rest) intersectInto(bits, setToBitset(facet.sets[index]!, size));
      return bits;
    }
    const bits = createBitset(size);
    for (const index of indices) addSetInto(bits, facet.sets[index]!);
    return bits;
  }

  #describeSelection(facet: FacetIndex, state: FilterState): Partial<FacetResult> {
    const name = facet.definition.name;
    return facet.kind === 'range' ? { selected: state.ranges[name] ?? null } : { selected: state.values[name] ?? [] };
  }

  /** The ordinals of one page: walk a precomputed order for big result sets, sort the few results otherwise. */
  #pageOrdinals(state: FilterState, full: Bitset, found: number, skip: number, take: number, titleMatches: Bitset[] | null): Uint32Array {
    if (found === 0 || skip >= found) return new Uint32Array(0);
    const wanted = Math.min(take, found - skip);
    const fallback: StaticOrderby = this.config.default_orderby === 'relevance' ? 'popularity' : this.config.default_orderby;
    const orderby = state.orderby === 'relevance' ? (titleMatches ? null : fallback) : (state.orderby as StaticOrderby);
    const order = this.#orders[orderby ?? 'popularity'];
    const size = this.#products.length;
    // Walking visits about (skip + wanted) * size / found positions; sorting costs about found * log2(found).
    if (orderby && (skip + wanted) * (size / found) < found * Math.log2(found + 1)) {
      const page = new Uint32Array(wanted);
      for (let position = 0, seen = 0, kept = 0; kept < wanted; position++) {
        const ordinal = order.ordinals[position]!;
        if (hasBit(full, ordinal) && seen++ >= skip) page[kept++] = ordinal;
      }
      return page;
    }
    const ordinals = new Uint32Array(found);
    collectOrdinals(full, ordinals);
    // Relevance: more query words found in the title first, then popularity; packed into one sortable number.
    const keys = new Float64Array(found);
    for (let index = 0; index < found; index++) {
      const ordinal = ordinals[index]!;
      let misses = 0;
      if (!orderby) for (const bits of titleMatches!) misses += hasBit(bits, ordinal) ? 0 : 1;
      keys[index] = misses * size + order.rank[ordinal]!;
    }
    keys.sort();
    return Uint32Array.from(keys.subarray(skip, skip + wanted), (key) => order.ordinals[key % size]!);
  }
}

/** Products whose value lies in the range (ends included), found by binary search in the sorted column. */
function rangeSelection(facet: RangeFacetIndex, range: RangeValue, size: number): Bitset {
  const bits = createBitset(size);
  const from = range.min === null ? 0 : lowerBound(facet.sortedValues, range.min);
  const to = range.max === null ? size : lowerBound(facet.sortedValues, range.max, true);
  for (let position = from; position < to; position++) {
    const ordinal = facet.ascending[position]!;
    bits[ordinal >>> 5]! |= 1 << (ordinal & 31);
  }
  return bits;
}

/** First position whose value is >= target (or > target when `after`). */
function lowerBound(sorted: Float64Array, target: number, after = false): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (after ? sorted[middle]! <= target : sorted[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
