/**
 * Disjunctive facet counts: the count of a value of facet F is taken over the products that pass every selection
 * except F's own (for an AND facet, its own too), and range bounds likewise.
 * With selections in k facets there are at most k + 1 distinct masks: every facet without its own (OR) selection
 * shares the mask of all results. Each mask is counted once for all the facets that share it, per facet the cheaper
 * of two ways:
 * - per value, popcount(value AND mask): cost fixed by the facet's dense values, best for few values (rating, stock);
 * - per member of the mask, one tally per value combination read from a column: cost proportional to the mask.
 *   When a mask holds most of a cacheable scope, its complement is tallied and subtracted from the scope's counts.
 * @internal
 */
import { copyInto, countBits, countSetIn, fullBitset, hasBit, intersectInto, popcount32, type Bitset, type BitsetPool } from './bitset.js';
import type { CatalogRows } from './catalog-rows.js';
import type { FacetIndex, ListFacetIndex, RangeFacetIndex } from './facet-index.js';

export interface CountInput {
  /** Products in scope (base category, text query); null for all. */
  universe: Bitset | null;
  /** Identifies `universe` for caching its whole-scope counts; null when it cannot be cached (text queries). */
  scopeKey: string | null;
  /** Per facet, the products its selection allows, or null without a selection. */
  selections: readonly (Bitset | null)[];
  /** universe AND every selection. */
  full: Bitset;
  fullCount: number;
  /** Where the per-facet masks are built; the caller releases it after the query. */
  pool: BitsetPool;
}

export type CountedFacet =
  | { kind: 'list'; definition: ListFacetIndex['definition']; values: ListFacetIndex['values']; counts: Uint32Array }
  | { kind: 'range'; definition: RangeFacetIndex['definition']; min: number | null; max: number | null };

interface ScopeCounts {
  size: number;
  counts: (Uint32Array | null)[];
}

/** Whole-scope counts are kept for this many scopes (widgets on different category pages). */
const MAX_CACHED_SCOPES = 64;
/** Measured costs (ns on this machine, 1M products), to choose per facet between popcounts and tallies. */
const COST = { popcountWord: 2.7, listMember: 2.3, tallyMember: 5.5, tallyWord: 1 };

export class ResultCounter {
  readonly #facets: readonly FacetIndex[];
  /** Every row in use: the universe when there is no scope. */
  #all: Bitset;
  readonly #scopes = new Map<string, ScopeCounts>();
  /** Per list facet, scratch tallies per value combination. */
  #comboCounts: (Uint32Array | null)[];
  /** Per list facet, the cost of counting it by popcounts, whatever the mask. */
  readonly #popcountCost: number[];
  /** Per list facet, the share of products in words of mixed combinations: only those are tallied one by one. */
  readonly #mixedShare: number[];

  /** The catalog's rows: counts are of products, and a product with several rows (variations) counts once per value. */
  #rows: CatalogRows | null;
  /** Per list facet, per value, the visit in which it was last counted (see #addSharedCounts). */
  #stamps: (Float64Array | null)[];
  #visit = 0;
  /**
   * Per facet, whether every row of a product has the same values (category, brand, rating): such a facet counts a
   * product from its first row in the mask alone, without visiting the others.
   */
  #perProduct: boolean[];

  constructor(size: number, facets: readonly FacetIndex[], rows: CatalogRows | null = null) {
    this.#facets = facets;
    this.#rows = rows?.hasShared ? rows : null;
    this.#stamps = facets.map((facet) => (facet.kind === 'list' && this.#rows ? new Float64Array(facet.values.length) : null));
    this.#perProduct = facets.map((facet) => facet.kind === 'list' && this.#rows !== null && sameForEveryRow(facet, this.#rows));
    this.#all = rows?.live ?? fullBitset(size);
    this.#comboCounts = facets.map((facet) => (facet.kind === 'list' ? new Uint32Array(facet.comboOffsets.length - 1) : null));
    this.#popcountCost = facets.map((facet) => facet.kind !== 'list' ? 0
      : facet.sets.reduce((cost, set) => cost + (set.kind === 'bits' ? set.bits.length * COST.popcountWord : set.ordinals.length * COST.listMember), 0));
    this.#mixedShare = facets.map((facet) => facet.kind !== 'list' || size === 0 ? 1
      : facet.wordCombos.reduce((mixed, combo) => mixed + (combo < 0 ? 1 : 0), 0) / facet.wordCombos.length);
  }

  /**
   * Catches up with rows changed in place by an incremental update (see index-update.ts): cached scope counts are
   * dropped, scratch tallies grow with the facets' values and combinations, and a facet counted per product stops
   * being so when a changed row differs from its product's first row. The cost estimates stay as built: they only
   * choose between two ways of counting that give the same counts.
   */
  refresh(rows: CatalogRows, changedRows: readonly number[]): void {
    this.#scopes.clear();
    this.#all = rows.live;
    if (!this.#rows && rows.hasShared) {
      this.#rows = rows;
      this.#perProduct = this.#facets.map((facet) => facet.kind === 'list' && sameForEveryRow(facet, rows));
    }
    this.#facets.forEach((facet, index) => {
      if (facet.kind !== 'list') return;
      const combos = facet.comboOffsets.length - 1;
      if (this.#comboCounts[index]!.length < combos) this.#comboCounts[index] = new Uint32Array(combos);
      if (this.#rows && (this.#stamps[index]?.length ?? -1) < facet.values.length) this.#stamps[index] = new Float64Array(facet.values.length);
      if (!this.#perProduct[index]) return;
      for (const row of changedRows) {
        if (hasBit(rows.live, row) && facet.combos[row] !== facet.combos[rows.firstRowOf[row]!]) this.#perProduct[index] = false;
      }
    });
  }

  count(input: CountInput): CountedFacet[] {
    const universe = input.universe ?? this.#all;
    // Rows of products with several rows are counted per product apart; the rest counts as before, one row each.
    const scope = this.#rows ? intersectInto(copyInto(input.pool.take(), universe), this.#rows.sole) : universe;
    const cached = input.scopeKey === null ? null : this.#scopeCounts(input.scopeKey, scope);
    const results: CountedFacet[] = new Array(this.#facets.length);
    const sharingFull: number[] = [];
    this.#facets.forEach((facet, index) => {
      const ownSelectionIgnored = input.selections[index] !== null && !(facet.kind === 'list' && facet.definition.logic === 'and');
      if (!ownSelectionIgnored) return sharingFull.push(index);
      const mask = copyInto(input.pool.take(), universe);
      input.selections.forEach((selection, other) => other !== index && selection && intersectInto(mask, selection));
      this.#countRows([index], mask, null, scope, cached, results, input.pool);
    });
    this.#countRows(sharingFull, input.full, input.fullCount, scope, cached, results, input.pool);
    return results;
  }

  /** Counts over a mask of rows: products with one row by the fast paths, products with several once per value. */
  #countRows(indices: number[], mask: Bitset, members: number | null, scope: Bitset, cached: ScopeCounts | null, results: CountedFacet[], pool: BitsetPool): void {
    const rows = this.#rows;
    if (!rows) return this.#countMask(indices, mask, members ?? countBits(mask), scope, cached, results);
    const sole = intersectInto(copyInto(pool.take(), mask), rows.sole);
    this.#countMask(indices.filter((index) => this.#facets[index]!.kind === 'list'), sole, countBits(sole), scope, cached, results);
    const rowCount = countBits(mask);
    for (const index of indices) {
      const facet = this.#facets[index]!;
      // A price range's bounds are those of the rows (variations) that pass, not of their products.
      if (facet.kind === 'range') results[index] = { kind: 'range', definition: facet.definition, ...rangeBounds(facet, mask, rowCount) };
    }
    this.#addSharedCounts(indices, mask, results);
  }

  /**
   * Adds, for each product with several rows in `mask`, one to each value that any of those rows has. Rows of a
   * product are adjacent, so a value is counted once per product by stamping it with the product's visit number.
   */
  #addSharedCounts(indices: number[], mask: Bitset, results: CountedFacet[]): void {
    const { shared, firstRowOf } = this.#rows!;
    const countsOf = (index: number) => (results[index] as Extract<CountedFacet, { kind: 'list' }>).counts;
    const lists = indices.filter((index) => this.#facets[index]!.kind === 'list');
    const perRow = lists.filter((index) => !this.#perProduct[index]);
    const perProduct = lists.filter((index) => this.#perProduct[index]);
    const facets = perRow.map((index) => this.#facets[index] as ListFacetIndex);
    const counts = perRow.map(countsOf);
    const stamps = perRow.map((index) => this.#stamps[index]!);
    const productFacets = perProduct.map((index) => this.#facets[index] as ListFacetIndex);
    const productCounts = perProduct.map(countsOf);
    let product = -1;
    for (let word = 0; word < mask.length; word++) {
      let bits = mask[word]! & shared[word]!;
      while (bits !== 0) {
        const row = (word << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        if (firstRowOf[row] !== product) {
          product = firstRowOf[row]!;
          this.#visit++;
          for (let position = 0; position < productFacets.length; position++) {
            const { combos, comboOffsets, comboItems } = productFacets[position]!;
            const combo = combos[row]!;
            const tally = productCounts[position]!;
            for (let item = comboOffsets[combo]!, end = comboOffsets[combo + 1]!; item < end; item++) tally[comboItems[item]!]!++;
          }
        }
        const visit = this.#visit;
        for (let position = 0; position < facets.length; position++) {
          const { combos, comboOffsets, comboItems } = facets[position]!;
          const combo = combos[row]!;
          const stamp = stamps[position]!;
          const tally = counts[position]!;
          for (let item = comboOffsets[combo]!, end = comboOffsets[combo + 1]!; item < end; item++) {
            const value = comboItems[item]!;
            if (stamp[value] !== visit) {
              stamp[value] = visit;
              tally[value]!++;
            }
          }
        }
      }
    }
  }

  /** Counts the facets listed in `indices` over `mask` (`members` products, all within `scope`). */
  #countMask(indices: number[], mask: Bitset, members: number, scope: Bitset, cached: ScopeCounts | null, results: CountedFacet[]): void {
    const complemented = cached !== null && members * 2 > cached.size;
    const tallied = complemented ? cached.size - members : members;
    for (const index of indices) {
      const facet = this.#facets[index]!;
      if (facet.kind === 'range') {
        results[index] = { kind: 'range', definition: facet.definition, ...rangeBounds(facet, mask, members) };
        continue;
      }
      let counts: Uint32Array;
      if (members === 0 || this.#popcountCost[index]! < mask.length * COST.tallyWord + tallied * this.#mixedShare[index]! * COST.tallyMember) {
        counts = new Uint32Array(facet.values.length);
        if (members > 0) facet.sets.forEach((set, value) => (counts[value] = countSetIn(set, mask)));
      } else {
        const tallies = this.#comboCounts[index]!.fill(0);
        tallyCombos(complemented ? scope : mask, complemented ? mask : null, facet, tallies);
        counts = complemented ? cached.counts[index]!.slice() : new Uint32Array(facet.values.length);
        spreadCombos(facet, tallies, counts, complemented ? -1 : 1);
      }
      results[index] = { kind: 'list', definition: facet.definition, values: facet.values, counts };
    }
  }

  #scopeCounts(key: string, scope: Bitset): ScopeCounts {
    let entry = this.#scopes.get(key);
    if (!entry) {
      entry = {
        size: countBits(scope),
        counts: this.#facets.map((facet, index) => {
          if (facet.kind !== 'list') return null;
          const tallies = this.#comboCounts[index]!.fill(0);
          tallyCombos(scope, null, facet, tallies);
          const counts = new Uint32Array(facet.values.length);
          spreadCombos(facet, tallies, counts, 1);
          return counts;
        }),
      };
      if (this.#scopes.size >= MAX_CACHED_SCOPES) this.#scopes.clear();
      this.#scopes.set(key, entry);
    }
    return entry;
  }
}

/** Whether every row of each product has its product's first row's values in this facet. */
function sameForEveryRow(facet: ListFacetIndex, rows: CatalogRows): boolean {
  for (let row = 0; row < facet.combos.length; row++) if (facet.combos[row] !== facet.combos[rows.firstRowOf[row]!]) return false;
  return true;
}

/**
 * For every member of `bits` (minus those of `without`), adds one to the tally of its value combination. A word
 * whose products all share one combination is added whole.
 */
function tallyCombos(bits: Bitset, without: Bitset | null, facet: ListFacetIndex, tallies: Uint32Array): void {
  const { combos, wordCombos } = facet;
  for (let index = 0; index < bits.length; index++) {
    let word = without ? bits[index]! & ~without[index]! : bits[index]!;
    if (word === 0) continue;
    const uniform = wordCombos[index]!;
    if (uniform >= 0) {
      tallies[uniform]! += popcount32(word);
      continue;
    }
    const base = index << 5;
    while (word !== 0) {
      tallies[combos[base + 31 - Math.clz32(word & -word)]!]!++;
      word &= word - 1;
    }
  }
}

/** Adds `delta` times each combination's tally to the counts of the values in that combination. */
function spreadCombos(facet: ListFacetIndex, tallies: Uint32Array, counts: Uint32Array, delta: 1 | -1): void {
  const { comboOffsets, comboItems } = facet;
  for (let combo = 0; combo < tallies.length; combo++) {
    const amount = delta * tallies[combo]!;
    if (amount === 0) continue;
    for (let position = comboOffsets[combo]!, end = comboOffsets[combo + 1]!; position < end; position++) counts[comboItems[position]!]! += amount;
  }
}

/**
 * Lowest and highest value among the mask's products. A dense mask is met within a few steps of either end of the
 * sorted column; a sparse one is cheaper to visit member by member.
 */
function rangeBounds(facet: RangeFacetIndex, mask: Bitset, count: number): { min: number | null; max: number | null } {
  if (count === 0) return { min: null, max: null };
  const size = facet.ascending.length;
  if (count * 64 >= size) {
    let low = 0;
    while (!hasBit(mask, facet.ascending[low]!)) low++;
    let high = size - 1;
    while (!hasBit(mask, facet.ascending[high]!)) high--;
    return { min: facet.sortedValues[low]!, max: facet.sortedValues[high]! };
  }
  let min = Infinity;
  let max = -Infinity;
  for (let index = 0; index < mask.length; index++) {
    let word = mask[index]!;
    while (word !== 0) {
      const value = facet.column[(index << 5) + 31 - Math.clz32(word & -word)]!;
      word &= word - 1;
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  return { min, max };
}
