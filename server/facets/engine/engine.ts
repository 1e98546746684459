/**
 * The facet engine: an in-memory index of the catalog for one facet configuration, answering filter states with
 * the result count, one page of products in the chosen order, and disjunctive counts for every facet value.
 * Pure TypeScript, no Koa: routes, fragments, the CLI and the benchmark call it alike.
 */
import type { IndexStats } from '../../../client/api/facets.js';
import type { CatalogData, Product } from '../../catalog/model.js';
import {
  clampPage,
  parseFilterState,
  toQueryRecord,
  type FilterState,
  type QuerySchema,
  type RangeValue,
} from '../../../client/facet-filter/query-state.js';
import type { CatalogEdit } from '../../store/catalog-types.js';
import {
  addSetInto,
  BitsetPool,
  copyInto,
  intersectAllInto,
  intersectInto,
  setSize,
  type Bitset,
  type OrdinalSet,
} from './bitset.js';
import { updateListFacet, widenListFacet } from './list-facet-update.js';
import { updateRangeFacet, widenRangeFacet } from './range-index-update.js';
import { RowPlacement } from './row-placement.js';
import { updateSortOrders, widenSortOrders } from './sort-order-update.js';
import type { FacetConfig, FacetDefinition } from '../config.js';
import { buildFacetIndex, type FacetIndex, type FacetValueInfo, type ListFacetIndex } from './facet-index.js';
import { pageOrdinals } from './page-selection.js';
import { FilteredStates, type FilteredState } from './filtered-states.js';
import { rangeSelection } from './range-index.js';
import { ResultCounter } from './result-counter.js';
import { attachedOwners, catalogRows, rowCountOf, type CatalogRows } from './catalog-rows.js';
import { clusterProducts } from './product-clustering.js';
import {
  buildSortOrders,
  sortKeyReaders,
  STATIC_ORDERBYS,
  type SortOrder,
  type SortScale,
  type StaticOrderby,
} from './sort-orders.js';
import { availableSources, sourceForFacet } from '../sources.js';
import { TextIndex, type WordForms } from './text-index.js';
import { newFacetDays, nextChangeOfCatalog, nextChangeOfProduct, NEVER } from './time-horizon.js';

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
  /** The page's products; empty on a detached engine (see {@link FacetEngine.attached}): read them by `productIds`. */
  products: Product[];
  /** The page's product ids, in order. */
  productIds: number[];
  facets: FacetResult[];
  /** The canonical state actually applied: unknown values dropped, page clamped. */
  state: FilterState;
}

/** How a build indexes text. */
export interface FacetBuildOptions {
  /** The shop language's word forms for `sf_q` (text-index.ts); without them, folded tokens only. */
  wordForms?: WordForms | null;
}

/** Where a step-by-step build is: `done` of `total` steps, the last one named. */
export interface BuildProgress {
  done: number;
  total: number;
  step: string;
}

/** What an engine is made of: what a build computes, and what a snapshot holds (see engine-snapshot.ts). */
export interface EngineParts {
  config: FacetConfig;
  /** The categories and attributes indexed. */
  source: Pick<CatalogData, 'categories' | 'attributes'>;
  rows: CatalogRows;
  facets: FacetIndex[];
  /** The base category's index: one of `facets`, or one of its own when no facet shows categories. */
  categories: ListFacetIndex;
  orders: Record<StaticOrderby, SortOrder>;
  scale: SortScale;
  text: TextIndex;
  stats: IndexStats;
  /**
   * The first instant (ms since the epoch) at which the clock alone makes the index untrue (a scheduled sale
   * starting or ending, a product no longer new: time-horizon.ts); null when none is coming.
   */
  changesAt: number | null;
}

/** What an index holds and how long building it took: the REST answer's shape (client/api/facets.ts). */
export type { IndexStats } from '../../../client/api/facets.js';

/** Below this many unused rows, a rebuild is never worth it (see applyEdit). */
const MIN_UNUSED_TO_COMPACT = 1024;

function taxonomyOf(catalog: Pick<CatalogData, 'categories' | 'attributes'>): string {
  return JSON.stringify([catalog.categories, catalog.attributes]);
}

export class FacetEngine {
  readonly config: FacetConfig;
  #schema: QuerySchema;
  #stats: IndexStats;
  readonly #rows: CatalogRows;
  readonly #scale: SortScale;
  readonly #facets: FacetIndex[];
  readonly #categories: ListFacetIndex;
  readonly #orders: Record<StaticOrderby, SortOrder>;
  readonly #text: TextIndex;
  readonly #counter: ResultCounter;
  #pool: BitsetPool;
  /** Recent states' filtering and counts, for their other pages and orders (filtered-states.ts). */
  readonly #filtered = new FilteredStates<FacetResult[]>();
  /** Created on the first incremental edit: where each product's rows are. */
  #placement: RowPlacement | null = null;
  /** Length of every row bitset, in 32-row words: appended rows may need more (see #widen). */
  #words: number;
  /** Rows that every row-indexed array has room for: a build makes them exactly as long as the catalog's rows. */
  #rowCapacity: number;
  /** The categories and attributes indexed, with their JSON: an edit that gives the same ones changes none of them. */
  readonly #source: Pick<CatalogData, 'categories' | 'attributes'>;
  readonly #taxonomy: string;
  /** What relevance sorts by without a text query. */
  readonly #relevanceFallback: StaticOrderby;
  /** See EngineParts.changesAt; NEVER when none is coming. */
  #changesAt: number;
  /** The `new_days` of the configuration's new-products facets: what makes a product's age matter. */
  readonly #newDays: number[];

  /**
   * Indexes a catalog for a configuration that {@link validateFacetConfig} accepted.
   *
   * @example const engine = FacetEngine.build(catalog, defaultFacetConfig()); console.log(engine.stats.took_ms);
   */
  static build(catalog: CatalogData, config: FacetConfig, options: FacetBuildOptions = {}): FacetEngine {
    const steps = FacetEngine.buildSteps(catalog, config, options);
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
  static *buildSteps(
    source: CatalogData,
    config: FacetConfig,
    options: FacetBuildOptions = {},
  ): Generator<BuildProgress, FacetEngine, void> {
    const started = performance.now();
    // Read before any fact is: a sale starting while the build runs is then caught by the next rebuild.
    const builtAt = Date.now();
    const total = config.facets.length + 3;
    let done = 0;
    const { rows, views } = catalogRows(clusterProducts(source.products));
    // Facets read rows (a variation's terms, price and stock); results, sorts and text read the rows' products.
    const catalog: CatalogData = { ...source, products: views };
    yield { done: ++done, total, step: 'products' };
    const sources = new Map(availableSources(catalog).map((spec) => [spec.source, spec]));
    const facets: FacetIndex[] = [];
    for (const definition of config.facets) {
      const spec = sourceForFacet(definition, sources);
      if (!spec)
        throw new Error(
          `Facet "${definition.name}" uses source ${definition.source}, which this catalog does not offer.`,
        );
      facets.push(buildFacetIndex(definition, spec, catalog));
      yield { done: ++done, total, step: `facet ${definition.name}` };
    }
    // The widget's base category needs the category sets even when no facet shows categories.
    const categoryFacet = facets.find(
      (facet): facet is ListFacetIndex => facet.kind === 'list' && facet.definition.source === 'taxonomy:category',
    );
    const categories =
      categoryFacet ??
      (buildFacetIndex(
        { ...config.facets[0]!, name: 'category', type: 'hierarchy', source: 'taxonomy:category' },
        sources.get('taxonomy:category')!,
        catalog,
      ) as ListFacetIndex);
    const { orders, scale } = buildSortOrders(rows.owners!);
    yield { done: ++done, total, step: 'sort orders' };
    const text = new TextIndex(rows.owners!, options.wordForms ?? null);
    yield { done: ++done, total, step: 'text' };
    const values = facets.reduce((count, facet) => count + (facet.kind === 'list' ? facet.values.length : 0), 0);
    const stats = {
      indexed: source.products.length,
      facets: facets.length,
      values,
      took_ms: Math.round(performance.now() - started),
    };
    const changesAt = nextChangeOfCatalog(source.products, newFacetDays(config), builtAt);
    return new FacetEngine({
      config,
      source: { categories: source.categories, attributes: source.attributes },
      rows,
      facets,
      categories,
      orders,
      scale,
      text,
      stats,
      changesAt: changesAt === NEVER ? null : changesAt,
    });
  }

  /**
   * An engine of parts read back from a snapshot: detached (it knows products by id only) until {@link attach}.
   * @internal
   */
  static fromParts(parts: EngineParts, counter?: ResultCounter): FacetEngine {
    return new FacetEngine(parts, counter);
  }

  /** @param counter the result counter of these parts' rows and facets, made already (ResultCounter.buildSteps) */
  private constructor(parts: EngineParts, counter?: ResultCounter) {
    const { config, source, rows } = parts;
    this.config = config;
    this.#rows = rows;
    this.#scale = parts.scale;
    this.#facets = parts.facets;
    this.#categories = parts.categories;
    this.#orders = parts.orders;
    this.#text = parts.text;
    this.#counter = counter ?? new ResultCounter(rows.size, this.#facets, rows);
    this.#pool = new BitsetPool(rows.live.length * 32);
    this.#words = rows.live.length;
    this.#rowCapacity = rows.size;
    this.#source = { categories: source.categories, attributes: source.attributes };
    this.#taxonomy = taxonomyOf(source);
    this.#relevanceFallback = config.default_orderby === 'relevance' ? 'popularity' : config.default_orderby;
    this.#schema = this.#describeSchema();
    this.#stats = parts.stats;
    this.#changesAt = parts.changesAt ?? NEVER;
    this.#newDays = newFacetDays(config);
  }

  /** What the engine is made of, for a snapshot. @internal */
  parts(): EngineParts {
    return {
      config: this.config,
      source: this.#source,
      rows: this.#rows,
      facets: this.#facets,
      categories: this.#categories,
      orders: this.#orders,
      scale: this.#scale,
      text: this.#text,
      stats: this.#stats,
      changesAt: this.#changesAt === NEVER ? null : this.#changesAt,
    };
  }

  /**
   * Whether the engine holds the catalog's products: one built from a catalog does; one restored from a snapshot
   * knows them by id until attached. A detached engine answers queries (with product ids only) but cannot apply
   * edits.
   */
  get attached(): boolean {
    return this.#rows.owners !== null;
  }

  /**
   * Gives a detached engine the products of the catalog it was built from (the same revision), so that it can
   * apply edits. Returns false, changing nothing, when the catalog does not hold the products the rows name.
   */
  attach(catalog: CatalogData): boolean {
    if (this.attached) return true;
    const owners = attachedOwners(this.#rows, this.#orders.popularity.ids, catalog);
    if (!owners) return false;
    this.#rows.owners = owners;
    const readers = sortKeyReaders(this.#scale);
    for (const orderby of STATIC_ORDERBYS) {
      const order = this.#orders[orderby];
      order.keyOf = readers[orderby];
      order.keys = new Float64Array(order.ids.length);
      for (let row = 0; row < this.#rows.size; row++) if (owners[row]) order.keys[row] = readers[orderby](owners[row]!);
    }
    return true;
  }

  /** The codec schema of the configuration: its facets with their values, its sort options. */
  get schema(): QuerySchema {
    return this.#schema;
  }

  get stats(): IndexStats {
    return this.#stats;
  }

  /** The id of the word forms `sf_q` matches by (text-index.ts), null for folded tokens only. */
  get wordFormsId(): string | null {
    return this.#text.wordFormsId;
  }

  /**
   * The first instant (ms since the epoch) at which the clock alone makes this index untrue, Infinity when none is
   * coming: past it, the index must be rebuilt to answer as a fresh build would.
   */
  get changesAt(): number {
    return this.#changesAt;
  }

  /**
   * Applies a catalog edit in place, so that the engine answers every query as a fresh build of the edited catalog
   * would, at a cost that follows the edit rather than the catalog (see row-placement.ts and the *-update.ts files).
   * Returns false, changing nothing, when a rebuild is the better way: the edit replaces the categories or the
   * attributes (every facet's values and sources may change), or unused rows left by earlier edits have grown to a
   * quarter of all rows (a rebuild reclaims them and restores the clustering that speeds up counting).
   *
   * @example if (!engine.applyEdit(edit)) engine = FacetEngine.build(store.catalog.data, config);
   */
  applyEdit(edit: CatalogEdit): boolean {
    if (!this.attached) return false;
    if ((edit.categories || edit.attributes) && this.#taxonomy !== taxonomyOf({ ...this.#source, ...edit }))
      return false;
    const placement = this.#rowPlacement();
    if (placement.unusedRows > MIN_UNUSED_TO_COMPACT && placement.unusedRows * 4 > this.#rows.size) return false;
    const plan = placement.plan(edit);
    if (plan.rowSpace > this.#rowCapacity) this.#widen(plan.rowSpace);
    // The rows kept states name are about to change.
    this.#filtered.clear();
    placement.commit(plan, this.#words);
    // The base-category index is one of the facets, or a facet of its own when none shows categories.
    for (const facet of new Set([...this.#facets, this.#categories])) {
      if (facet.kind === 'list') updateListFacet(facet, plan.changes, this.#words);
      else updateRangeFacet(facet, plan.changes);
    }
    updateSortOrders(this.#orders, plan.changes);
    this.#text.update(plan.changes, this.#words);
    this.#counter.refresh(
      this.#rows,
      plan.changes.map((change) => change.row),
    );
    this.#schema = this.#describeSchema();
    this.#stats = { ...this.#stats, indexed: placement.products, values: this.#countValues() };
    const now = Date.now();
    for (const product of edit.upsert)
      this.#changesAt = Math.min(this.#changesAt, nextChangeOfProduct(product, this.#newDays, now));
    return true;
  }

  #rowPlacement(): RowPlacement {
    return (this.#placement ??= new RowPlacement(this.#rows, this.#orders.popularity.ids));
  }

  /**
   * Applies catalog edits to a detached engine (one read back from a snapshot older than the catalog), so that it
   * answers as a fresh build of the edited catalog would, without the whole catalog: an edit only needs the products
   * it replaces or removes as the engine indexed them, and the sort keys of the others, which the snapshot holds.
   * `indexed` gives, by id, every product the edits touch as it was when the engine was built (one it did not hold
   * may be absent or present: a draft then). The engine stays detached. Returns false when an edit needs a rebuild
   * or `indexed` does not fit the rows; the engine is then half-edited and must be dropped.
   */
  catchUpDetached(edits: readonly CatalogEdit[], indexed: ReadonlyMap<number, Product>): boolean {
    if (this.attached) return false;
    if (this.#orders.popularity.keys.length < this.#rows.size) return false; // a snapshot without sort keys
    const placement = this.#rowPlacement();
    const owners: Product[] = [];
    for (const edit of edits) {
      for (const id of [...edit.upsert.map((product) => product.id), ...edit.remove]) {
        const rows = placement.rowsOf(id);
        if (!rows || owners[rows.first]) continue;
        const product = indexed.get(id);
        if (!product || product.id !== id || rowCountOf(product) !== rows.count) return false;
        for (let row = rows.first; row < rows.first + rows.count; row++) owners[row] = product;
      }
    }
    // Only the rows the edits touch have their products, for the length of the edits: applyEdit reads no other.
    this.#rows.owners = owners;
    try {
      // Hundreds of edits of a day's orders as one: each index, the counter and the schema are then updated once.
      const taxonomy = edits.some((edit) => edit.categories || edit.attributes);
      for (const edit of taxonomy ? edits : [netEdit(edits)]) if (!this.applyEdit(edit)) return false;
    } finally {
      this.#rows.owners = null;
    }
    return true;
  }

  /** Gives every row bitset and row-indexed array room for `rows` rows, with slack so that appends rarely widen. */
  #widen(rows: number): void {
    const needed = Math.ceil(rows / 32);
    this.#words = needed + Math.max(4, needed >>> 4);
    this.#rowCapacity = this.#words * 32;
    for (const facet of new Set([...this.#facets, this.#categories])) {
      if (facet.kind === 'list') widenListFacet(facet, this.#words);
      else widenRangeFacet(facet, this.#words);
    }
    widenSortOrders(this.#orders, this.#words);
    this.#text.widen(this.#words);
    this.#pool = new BitsetPool(this.#words * 32);
  }

  #describeSchema(): QuerySchema {
    return {
      facets: this.#facets.map((facet) =>
        facet.kind === 'range'
          ? { name: facet.definition.name, kind: 'range' as const }
          : { name: facet.definition.name, kind: 'list' as const, values: new Set(facet.valueIndex.keys()) },
      ),
      orderbyOptions: this.config.orderby_options,
      defaultOrderby: this.config.default_orderby,
    };
  }

  #countValues(): number {
    return this.#facets.reduce((total, facet) => total + (facet.kind === 'list' ? facet.values.length : 0), 0);
  }

  /**
   * Answers a filter state: AND across facets, OR within a facet (AND when its logic says so), counts disjunctive.
   *
   * @example engine.query(parseFilterState(ctx.query, engine.schema), { baseCategory: 'shoes' })
   */
  query(requested: FilterState, options: FacetQueryOptions = {}): FacetQueryResult {
    const state = parseFilterState(toQueryRecord(requested, this.schema), this.schema);
    const key = FilteredStates.keyOf(state, this.schema, options.baseCategory);
    const { found, facets, titleMatches } =
      this.#filtered.get(key) ?? this.#filtered.keep(key, this.#filter(state, options));
    const perPage = Math.max(1, Math.floor(options.perPage ?? this.config.per_page));
    const pages = Math.max(1, Math.ceil(found.members / perPage));
    const applied = clampPage(state, pages);
    const relevance = applied.orderby === 'relevance' && titleMatches !== null;
    const ordinals = pageOrdinals({
      results: found,
      skip: (applied.page - 1) * perPage,
      take: perPage,
      // Relevance ranks by title matches, then popularity; without a text query it falls back to a static order.
      order:
        this.#orders[
          relevance
            ? 'popularity'
            : applied.orderby === 'relevance'
              ? this.#relevanceFallback
              : (applied.orderby as StaticOrderby)
        ],
      titleMatches: relevance ? titleMatches : null,
    });
    const owners = this.#rows.owners;
    return {
      found: found.members,
      page: applied.page,
      pages,
      perPage,
      state: applied,
      products: owners ? Array.from(ordinals, (ordinal) => owners[ordinal]!) : [],
      productIds: Array.from(ordinals, (ordinal) => this.#orders.popularity.ids[ordinal]!),
      facets,
    };
  }

  /** What a state's selections and text give, whatever its order and page: its products found and every count. */
  #filter(state: FilterState, options: FacetQueryOptions): FilteredState<FacetResult[]> {
    const pool = this.#pool;
    pool.releaseAll();
    const textMatch = state.q ? this.#text.match(state.q, pool) : null;
    const universe = this.#universe(options.baseCategory, textMatch?.matches ?? null);
    const selections = this.#facets.map((facet) => this.#selectionOf(facet, state));
    const full = intersectAllInto(
      pool.take(),
      [universe ?? this.#rows.live, ...selections.filter((selection) => selection !== null)],
      pool.take(),
    );
    // `full` holds the rows that pass every selection; a product is found when one of its rows is (variations),
    // and stands for itself in results by one of its rows.
    const fullProducts = this.#counter.productsOf(full, selections, -1, pool);
    const scopeKey = textMatch ? null : (options.baseCategory ?? '');
    const counts = this.#counter.count({ universe, scopeKey, selections, full, fullProducts, pool });
    return {
      found: fullProducts?.present ?? full,
      facets: counts.map(
        (result, index) => ({ ...result, ...this.#describeSelection(this.#facets[index]!, state) }) as FacetResult,
      ),
      titleMatches: textMatch?.titleMatches ?? null,
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

/**
 * What a sequence of edits leaves, as one edit: each product they touch as the last of them left it (upserted, or
 * removed). Within one edit, a product both upserted and removed is removed, as the store does.
 */
function netEdit(edits: readonly CatalogEdit[]): CatalogEdit {
  const last = new Map<number, Product | null>();
  for (const edit of edits) {
    for (const product of edit.upsert) last.set(product.id, product);
    for (const id of edit.remove) last.set(id, null);
  }
  const upsert: Product[] = [];
  const remove: number[] = [];
  for (const [id, product] of last) {
    if (product) upsert.push(product);
    else remove.push(id);
  }
  return { upsert, remove };
}
