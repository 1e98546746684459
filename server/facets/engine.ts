/**
 * The facet engine: an in-memory index of the catalog for one facet configuration, answering filter states with
 * the result count, one page of products in the chosen order, and disjunctive counts for every facet value.
 * Pure TypeScript, no Koa: routes, fragments, the CLI and the benchmark call it alike.
 */
import { type CatalogData, type Product } from '../catalog/model.js';
import { clampPage, parseFilterState, toQueryRecord, type FilterState, type QuerySchema, type RangeValue } from '../../client/facet-filter/query-state.js';
import { addSetInto, BitsetPool, copyInto, countBits, fullBitset, intersectInto, setSize, type Bitset, type OrdinalSet } from './bitset.js';
import type { FacetConfig, FacetDefinition } from './config.js';
import { buildFacetIndex, type FacetIndex, type FacetValueInfo, type ListFacetIndex } from './facet-index.js';
import { pageOrdinals } from './page-selection.js';
import { rangeSelection } from './range-index.js';
import { ResultCounter } from './result-counter.js';
import { clusterProducts } from './product-clustering.js';
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

/** Where a step-by-step build is: `done` of `total` steps, the last one named. */
export interface BuildProgress {
  done: number;
  total: number;
  step: string;
}

/** What a build computes before the engine is made of it. */
interface EngineParts {
  config: FacetConfig;
  products: readonly Product[];
  facets: FacetIndex[];
  categories: ListFacetIndex;
  orders: Record<StaticOrderby, SortOrder>;
  text: TextIndex;
}

/** What a finished index reports (the result of a reindex job). */
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
  readonly #pool: BitsetPool;
  readonly #all: Bitset;
  /** What relevance sorts by without a text query. */
  readonly #relevanceFallback: StaticOrderby;

  /**
   * Indexes a catalog for a configuration that {@link validateFacetConfig} accepted.
   *
   * @example const engine = FacetEngine.build(catalog, defaultFacetConfig()); console.log(engine.stats.took_ms);
   */
  static build(catalog: CatalogData, config: FacetConfig): FacetEngine {
    const steps = FacetEngine.buildSteps(catalog, config);
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
    }
  }

  /**
   * The same build, one step at a time (the products, each facet, the sort orders, the text index), so that a
   * caller can report progress and let other work run between steps: a reindex job of a large catalog.
   * Yields after each step; returns the engine.
   */
  static *buildSteps(source: CatalogData, config: FacetConfig): Generator<BuildProgress, FacetEngine, void> {
    const started = performance.now();
    const total = config.facets.length + 3;
    let done = 0;
    const catalog: CatalogData = { ...source, products: clusterProducts(source.products) };
    yield { done: ++done, total, step: 'products' };
    const sources = new Map(availableSources(catalog).map((spec) => [spec.source, spec]));
    const facets: FacetIndex[] = [];
    for (const definition of config.facets) {
      const spec = sources.get(definition.source);
      if (!spec) throw new Error(`Facet "${definition.name}" uses source ${definition.source}, which this catalog does not offer.`);
      facets.push(buildFacetIndex(definition, spec, catalog));
      yield { done: ++done, total, step: `facet ${definition.name}` };
    }
    // The widget's base category needs the category sets even when no facet shows categories.
    const categoryFacet = facets.find((facet): facet is ListFacetIndex => facet.kind === 'list' && facet.definition.source === 'taxonomy:category');
    const categories = categoryFacet ?? (buildFacetIndex({ ...config.facets[0]!, name: 'category', type: 'hierarchy', source: 'taxonomy:category' }, sources.get('taxonomy:category')!, catalog) as ListFacetIndex);
    const orders = buildSortOrders(catalog.products);
    yield { done: ++done, total, step: 'sort orders' };
    const text = new TextIndex(catalog.products);
    yield { done: ++done, total, step: 'text' };
    return new FacetEngine({ config, products: catalog.products, facets, categories, orders, text }, started);
  }

  private constructor(parts: EngineParts, started: number) {
    const { config, products, facets } = parts;
    this.config = config;
    this.#products = products;
    this.#facets = facets;
    this.#categories = parts.categories;
    this.#orders = parts.orders;
    this.#text = parts.text;
    this.#counter = new ResultCounter(products.length, facets);
    this.#pool = new BitsetPool(products.length);
    this.#all = fullBitset(products.length);
    this.#relevanceFallback = config.default_orderby === 'relevance' ? 'popularity' : config.default_orderby;
    this.schema = {
      facets: facets.map((facet) => facet.kind === 'range'
        ? { name: facet.definition.name, kind: 'range' as const }
        : { name: facet.definition.name, kind: 'list' as const, values: new Set(facet.valueIndex.keys()) }),
      orderbyOptions: config.orderby_options,
      defaultOrderby: config.default_orderby,
    };
    const values = facets.reduce((total, facet) => total + (facet.kind === 'list' ? facet.values.length : 0), 0);
    this.stats = { indexed: products.length, facets: facets.length, values, took_ms: Math.round(performance.now() - started) };
  }

  /**
   * Answers a filter state: AND across facets, OR within a facet (AND when its logic says so), counts disjunctive.
   *
   * @example engine.query(parseFilterState(ctx.query, engine.schema), { baseCategory: 'shoes' })
   */
  query(requested: FilterState, options: FacetQueryOptions = {}): FacetQueryResult {
    const state = parseFilterState(toQueryRecord(requested, this.schema), this.schema);
    const pool = this.#pool;
    pool.releaseAll();
    const textMatch = state.q ? this.#text.match(state.q, pool) : null;
    const universe = this.#universe(options.baseCategory, textMatch?.matches ?? null);
    const selections = this.#facets.map((facet) => this.#selectionOf(facet, state));
    const full = copyInto(pool.take(), universe ?? this.#all);
    for (const selection of selections) if (selection) intersectInto(full, selection);
    const found = countBits(full);

    const perPage = Math.max(1, Math.floor(options.perPage ?? this.config.per_page));
    const pages = Math.max(1, Math.ceil(found / perPage));
    const applied = clampPage(state, pages);
    const scopeKey = textMatch ? null : options.baseCategory ?? '';
    const facets = this.#counter.count({ universe, scopeKey, selections, full, fullCount: found, pool });
    const relevance = applied.orderby === 'relevance' && textMatch !== null;
    const ordinals = pageOrdinals({
      full, found, skip: (applied.page - 1) * perPage, take: perPage,
      // Relevance ranks by title matches, then popularity; without a text query it falls back to a static order.
      order: this.#orders[relevance ? 'popularity' : applied.orderby === 'relevance' ? this.#relevanceFallback : (applied.orderby as StaticOrderby)],
      titleMatches: relevance ? textMatch.titleMatches : null,
    });
    return {
      found, page: applied.page, pages, perPage, state: applied,
      products: Array.from(ordinals, (ordinal) => this.#products[ordinal]!),
      facets: facets.map((result, index) => ({ ...result, ...this.#describeSelection(this.#facets[index]!, applied) }) as FacetResult),
    };
  }

  /**
   * Products allowed before any facet selection: the widget's category and the text query. Null means all.
   * The result may be an index set itself: read it, never write it.
   */
  #universe(baseCategory: string | undefined, textMatches: Bitset | null): Bitset | null {
    if (baseCategory === undefined || baseCategory === '') return textMatches;
    const index = this.#categories.valueIndex.get(baseCategory);
    const scope = index === undefined ? this.#pool.takeZeroed() : this.#valueBits(this.#categories.sets[index]!);
    return textMatches ? intersectInto(copyInto(this.#pool.take(), scope), textMatches) : scope;
  }

  /** A value's products as a bitset: its own when it is stored as one (read only), else a scratch copy. */
  #valueBits(set: OrdinalSet): Bitset {
    return set.kind === 'bits' ? set.bits : addSetInto(this.#pool.takeZeroed(), set);
  }

  /** The products a facet's selection allows, null without one. May be an index set: read it, never write it. */
  #selectionOf(facet: FacetIndex, state: FilterState): Bitset | null {
    if (facet.kind === 'range') {
      const range = state.ranges[facet.definition.name];
      return range ? rangeSelection(facet, range, this.#pool) : null;
    }
    const sets = (state.values[facet.definition.name] ?? []).map((value) => facet.sets[facet.valueIndex.get(value)!]!);
    if (sets.length <= 1) return sets.length === 0 ? null : this.#valueBits(sets[0]!);
    if (facet.definition.logic === 'and') {
      // Start from the smallest set: intersections only shrink.
      const [first, ...rest] = sets.sort((a, b) => setSize(a) - setSize(b));
      const bits = addSetInto(this.#pool.takeZeroed(), first!);
      for (const set of rest) intersectInto(bits, this.#valueBits(set));
      return bits;
    }
    const bits = this.#pool.takeZeroed();
    for (const set of sets) addSetInto(bits, set);
    return bits;
  }

  #describeSelection(facet: FacetIndex, state: FilterState): Partial<FacetResult> {
    const name = facet.definition.name;
    return facet.kind === 'range' ? { selected: state.ranges[name] ?? null } : { selected: state.values[name] ?? [] };
  }
}
