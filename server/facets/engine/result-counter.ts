/**
 * Disjunctive facet counts: the count of a value of facet F is taken over the products that pass every selection
 * except F's own (for an AND facet, its own too), and range bounds likewise.
 * With selections in k facets there are at most k + 1 distinct masks: every facet without its own (OR) selection
 * shares the mask of all results. Each mask is counted once for all the facets that share it (see combo-tally.ts
 * for the two ways of counting a facet). When a mask holds most of a cacheable scope, its complement in the scope
 * is counted and subtracted from the scope's counts, which are kept; a mask that is the whole scope (no other
 * selection) is answered from them alone.
 * Products with several rows (variations) count once per value (see product-view.ts and partial-counts.ts).
 * @internal
 */
import {
  andNotInto,
  copyInto,
  fullBitset,
  hasBit,
  intersectAllInto,
  intersectInto,
  listWords,
  type Bitset,
  type BitsetPool,
  type ListedBits,
} from './bitset.js';
import type { CatalogRows } from './catalog-rows.js';
import { countValues, measureCosts, type CountingCosts } from './combo-tally.js';
import type { FacetIndex, ListFacetIndex, RangeFacetIndex, ValueCombinations } from './facet-index.js';
import { PartialCounter } from './partial-counts.js';
import { ProductViews, type ProductMasks } from './product-view.js';
import { rangeBounds } from './range-index.js';

export interface CountInput {
  /** Products in scope (base category, text query); null for all. */
  universe: Bitset | null;
  /** Identifies `universe` for caching its whole-scope counts; null when it cannot be cached (text queries). */
  scopeKey: string | null;
  /** Per facet, the products its selection allows, or null without a selection. */
  selections: readonly (Bitset | null)[];
  /** universe AND every selection. */
  full: ListedBits;
  /** The products of `full`, from {@link ResultCounter.productsOf}; null when no product has several rows. */
  fullProducts: ProductMasks | null;
  /** Where the per-facet masks are built; the caller releases it after the query. */
  pool: BitsetPool;
}

export type CountedFacet =
  | { kind: 'list'; definition: ListFacetIndex['definition']; values: ListFacetIndex['values']; counts: Uint32Array }
  | { kind: 'range'; definition: RangeFacetIndex['definition']; min: number | null; max: number | null };

/** A scope's counted rows and every list facet's counts over them. */
interface ScopeCounts {
  scope: Bitset;
  size: number;
  counts: (Uint32Array | null)[];
}

/** Whole-scope counts are kept for this many scopes (widgets on different category pages). */
const MAX_CACHED_SCOPES = 64;

export class ResultCounter {
  readonly #facets: readonly FacetIndex[];
  /** Every row in use: the universe when there is no scope. */
  #all: Bitset;
  readonly #scopes = new Map<string, ScopeCounts>();
  /** Per list facet, scratch tallies per value combination. */
  #comboCounts: (Uint32Array | null)[] = [];
  #costs: (CountingCosts | null)[] = [];

  /** The catalog's rows, when some product has several (variations): counts are of products, not rows. */
  #rows: CatalogRows | null;
  /** With #rows: complete and partial products, and the facets that need a view per product (see product-view.ts). */
  #views: ProductViews | null = null;
  readonly #partial = new PartialCounter();
  /**
   * Per facet, whether every row of a product has the same values (category, brand, rating): such a facet counts a
   * product from any one row in the mask, and needs no product view.
   */
  #perProduct: boolean[];

  /** @param views the product views of these facets and rows, built already (see {@link buildSteps}) */
  constructor(size: number, facets: readonly FacetIndex[], rows: CatalogRows | null = null, views?: ProductViews) {
    this.#facets = facets;
    this.#rows = rows?.hasShared ? rows : null;
    this.#perProduct = facets.map(
      (facet) => facet.kind === 'list' && this.#rows !== null && sameForEveryRow(facet, this.#rows),
    );
    if (this.#rows) this.#views = views ?? new ProductViews(this.#rows, this.#viewedFacets());
    this.#all = rows?.live ?? fullBitset(size);
    this.#measure();
  }

  /**
   * The same counter, its product views (most of its making: a tenth of a second for 100,000 variable products)
   * built one facet per step, for a caller that lets requests run between the steps.
   */
  static *buildSteps(
    size: number,
    facets: readonly FacetIndex[],
    rows: CatalogRows | null = null,
  ): Generator<void, ResultCounter, void> {
    if (!rows?.hasShared) return new ResultCounter(size, facets, rows);
    const viewed = facets.map((facet) => (facet.kind === 'list' && !sameForEveryRow(facet, rows) ? facet : null));
    const views = yield* ProductViews.buildSteps(rows, viewed);
    return new ResultCounter(size, facets, rows, views);
  }

  /** The facets counted through a product view: list facets whose rows of one product differ. */
  #viewedFacets(): (ListFacetIndex | null)[] {
    return this.#facets.map((facet, index) => (facet.kind === 'list' && !this.#perProduct[index] ? facet : null));
  }

  /** What each facet is counted from: its product view when it has one, else the facet itself. */
  #source(index: number): ValueCombinations {
    return this.#views?.view(index) ?? (this.#facets[index] as ListFacetIndex);
  }

  /** Scratch space and the cost estimates that choose how to count each facet. */
  #measure(): void {
    this.#comboCounts = this.#facets.map((facet, index) =>
      facet.kind === 'list' ? new Uint32Array(this.#source(index).comboOffsets.length - 1) : null,
    );
    this.#costs = this.#facets.map((facet, index) =>
      facet.kind === 'list' ? measureCosts(this.#source(index)) : null,
    );
  }

  /**
   * Catches up with rows changed in place by an incremental update (see engine.ts's applyEdit): cached scope counts are
   * dropped, scratch space grows with the rows and the facets' combinations, a facet counted per product stops
   * being so when a changed row differs from its product's first row, and the product views follow the rows. The
   * cost estimates stay as built: they only choose between two ways of counting that give the same counts.
   */
  refresh(rows: CatalogRows, changedRows: readonly number[]): void {
    this.#scopes.clear();
    this.#all = rows.live;
    if (!this.#rows && rows.hasShared) {
      this.#rows = rows;
      this.#perProduct = this.#facets.map((facet) => facet.kind === 'list' && sameForEveryRow(facet, rows));
      this.#views = new ProductViews(rows, this.#viewedFacets());
      this.#measure();
    }
    this.#facets.forEach((facet, index) => {
      if (facet.kind !== 'list' || !this.#rows || !this.#perProduct[index]) return;
      for (const row of changedRows) {
        if (hasBit(rows.live, row) && facet.combos[row] !== facet.combos[rows.firstRowOf[row]!])
          this.#perProduct[index] = false;
      }
    });
    this.#views?.refresh(changedRows, this.#viewedFacets(), rows.live.length);
    this.#facets.forEach((facet, index) => {
      const combos = facet.kind === 'list' ? this.#source(index).comboOffsets.length - 1 : 0;
      if (facet.kind === 'list' && this.#comboCounts[index]!.length < combos)
        this.#comboCounts[index] = new Uint32Array(combos);
    });
  }

  /**
   * The products of a mask of rows: the universe and the `selections` but the one at `except`. Null when no product
   * has several rows (rows are then products).
   */
  productsOf(
    rows: ListedBits,
    selections: readonly (Bitset | null)[],
    except: number,
    pool: BitsetPool,
  ): ProductMasks | null {
    if (!this.#views) return null;
    // Selections in facets whose rows of one product agree keep products whole: no product is partial.
    const closed = selections.every(
      (selection, index) => selection === null || index === except || this.#perProduct[index],
    );
    return this.#views.masks(rows, closed, pool);
  }

  count(input: CountInput): CountedFacet[] {
    const universe = input.universe ?? this.#all;
    const cached = input.scopeKey === null ? null : this.#scopeCounts(input.scopeKey, universe);
    // Each product is counted at one row: its only row, or its last (see product-view.ts). Without cached counts
    // no complement is taken, and the scope is not needed.
    const scope = cached?.scope ?? null;
    const results: CountedFacet[] = new Array(this.#facets.length);
    const sharingFull: number[] = [];
    const selected = input.selections.filter((selection) => selection !== null).length;
    this.#facets.forEach((facet, index) => {
      const ownSelectionIgnored =
        input.selections[index] !== null && !(facet.kind === 'list' && facet.definition.logic === 'and');
      if (!ownSelectionIgnored) return sharingFull.push(index);
      // With no other selection the mask is the universe: its counts are the scope's.
      if (selected === 1 && cached && facet.kind === 'list')
        return (results[index] = this.#listResult(index, cached.counts[index]!.slice()));
      const operands = [
        universe,
        ...input.selections.filter((selection, other): selection is Bitset => other !== index && selection !== null),
      ];
      const mask = intersectAllInto(input.pool.take(), operands, input.pool.take());
      // A range facet's bounds are read from rows: its mask's products are not needed.
      const products = facet.kind === 'list' ? this.productsOf(mask, input.selections, index, input.pool) : null;
      this.#countRows([index], mask, products, scope, cached, results, input.pool);
    });
    this.#countRows(sharingFull, input.full, input.fullProducts, scope, cached, results, input.pool);
    return results;
  }

  /**
   * The rows that stand for the universe's products, in a bitset of their own (to be kept; the universe may be a pool
   * bitset).
   */
  #countedScope(universe: Bitset): Bitset {
    if (universe === this.#all) return this.#views?.reps ?? universe;
    const copy = copyInto(new Uint32Array(universe.length), universe);
    return this.#views ? intersectInto(copy, this.#views.reps) : copy;
  }

  /** Counts the facets listed in `indices` over a mask of rows, whose products are `products`. */
  #countRows(
    indices: number[],
    mask: ListedBits,
    products: ProductMasks | null,
    scope: Bitset | null,
    cached: ScopeCounts | null,
    results: CountedFacet[],
    pool: BitsetPool,
  ): void {
    // A price range's bounds are those of the rows (variations) that pass, not of their products.
    for (const index of indices) {
      const facet = this.#facets[index]!;
      if (facet.kind === 'range')
        results[index] = { kind: 'range', definition: facet.definition, ...rangeBounds(facet, mask) };
    }
    const lists = indices.filter((index) => this.#facets[index]!.kind === 'list');
    if (!products) return this.#countMask(lists, mask, scope, cached, results, pool);
    const perRow = lists.filter((index) => !this.#perProduct[index]);
    this.#countMask(
      lists.filter((index) => this.#perProduct[index]),
      products.present,
      scope,
      cached,
      results,
      pool,
    );
    if (perRow.length === 0) return;
    this.#countMask(perRow, products.complete, scope, cached, results, pool);
    const counts = perRow.map((index) => (results[index] as Extract<CountedFacet, { kind: 'list' }>).counts);
    const rows = { shared: this.#rows!.shared, ends: this.#views!.ends, firstRowOf: this.#rows!.firstRowOf };
    this.#partial.add(
      perRow.map((index) => this.#facets[index] as ListFacetIndex),
      counts,
      mask.bits,
      products.partial,
      rows,
    );
  }

  /** Counts the list facets listed in `indices` over `mask` (counted rows, all within `scope`). */
  #countMask(
    indices: number[],
    mask: ListedBits,
    scope: Bitset | null,
    cached: ScopeCounts | null,
    results: CountedFacet[],
    pool: BitsetPool,
  ): void {
    if (indices.length === 0) return;
    const complemented = cached !== null && scope !== null && mask.members * 2 > cached.size;
    let set = mask;
    if (complemented) {
      const bits = pool.take();
      const words = pool.take();
      set = { bits, members: cached.size - mask.members, words, wordCount: andNotInto(bits, scope, mask.bits, words) };
    }
    for (const index of indices) {
      const counts = complemented
        ? cached!.counts[index]!.slice()
        : new Uint32Array((this.#facets[index] as ListFacetIndex).values.length);
      countValues(
        this.#source(index),
        this.#costs[index]!,
        set,
        counts,
        complemented ? -1 : 1,
        this.#comboCounts[index]!,
      );
      results[index] = this.#listResult(index, counts);
    }
  }

  #listResult(index: number, counts: Uint32Array): CountedFacet {
    const facet = this.#facets[index] as ListFacetIndex;
    return { kind: 'list', definition: facet.definition, values: facet.values, counts };
  }

  #scopeCounts(key: string, universe: Bitset): ScopeCounts {
    let entry = this.#scopes.get(key);
    if (!entry) {
      const scope = this.#countedScope(universe);
      const set = listWords(scope, new Uint32Array(scope.length));
      const size = set.members;
      const counts = this.#facets.map((facet, index) => {
        if (facet.kind !== 'list') return null;
        const values = new Uint32Array(facet.values.length);
        countValues(this.#source(index), this.#costs[index]!, set, values, 1, this.#comboCounts[index]!);
        return values;
      });
      if (this.#scopes.size >= MAX_CACHED_SCOPES) this.#scopes.clear();
      this.#scopes.set(key, (entry = { scope, size, counts }));
    }
    return entry;
  }
}

/** Whether every row of each product has its product's first row's values in this facet. */
function sameForEveryRow(facet: ListFacetIndex, rows: CatalogRows): boolean {
  for (let row = 0; row < facet.combos.length; row++)
    if (facet.combos[row] !== facet.combos[rows.firstRowOf[row]!]) return false;
  return true;
}
