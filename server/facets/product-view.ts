/**
 * Counting products whose rows differ (variable products, one row per variation) without visiting their rows.
 *
 * A product counts once under each value that one of its rows in the mask has. Visiting every such row per query
 * cost most of a query's time (issue 22), so each product is judged whole instead, 32 rows at a time:
 * - a product whose rows are all in the mask ("complete") counts under the union of its rows' values: each such
 *   union is precomputed at the product's last row, in a per-facet view that counts like a facet index (combination
 *   tallies, uniform words, popcounts and the cached complement all apply to it unchanged);
 * - a product with only some rows in the mask ("partial") is the one case left to visit row by row;
 * - where every row of a product has the same values (category, brand, rating), any row in the mask stands for it.
 * Which products are complete or partial is found word-wise with one addition per word (see productMasks).
 * @internal
 */
import { popcount32, type Bitset, type BitsetPool } from './bitset.js';
import type { CatalogRows } from './catalog-rows.js';
import { sortSmall, uniformWords, valueSets, type ListFacetIndex, type ValueCombinations } from './facet-index.js';
import { RowValueWriter, widenListFacet } from './list-facet-update.js';
import { widenBitset } from './ordinal-set-edit.js';

/** The products of a mask of rows, each product as one row: sole rows as themselves, others as their last row. */
export interface ProductMasks {
  /** Products with a row in the mask. */
  present: Bitset;
  presentCount: number;
  /** Products with every row in the mask (sole rows in it among them). */
  complete: Bitset;
  /** Last rows of products with some rows in the mask and some not. */
  partial: Bitset;
  /** The indices of the non-zero words of `partial`, in the first `partialWordCount` slots. */
  partialWords: Uint32Array;
  partialWordCount: number;
}

/** A facet's values per product rather than per row: a last row holds its product's union. */
export type ProductView = ValueCombinations & { values: ListFacetIndex['values'] };

export class ProductViews {
  /** The last row of each product with several rows. */
  ends: Bitset;
  /** The rows that stand for products in counts: sole rows and `ends`. */
  reps: Bitset;
  readonly #rows: CatalogRows;
  /** Per facet index of the counter, its product view, or null where rows need none. */
  #views: (ProductView | null)[];

  constructor(rows: CatalogRows, facets: readonly (ListFacetIndex | null)[]) {
    this.#rows = rows;
    this.ends = new Uint32Array(rows.live.length);
    for (let row = 0; row < rows.size; row++) if (isEnd(rows, row)) this.ends[row >>> 5]! |= 1 << (row & 31);
    this.reps = this.ends.map((word, index) => word | rows.sole[index]!);
    this.#views = facets.map((facet) => facet && this.#build(facet));
  }

  /** The same views, one facet's per step (each is a pass over the rows). */
  static *buildSteps(rows: CatalogRows, facets: readonly (ListFacetIndex | null)[]): Generator<void, ProductViews, void> {
    const built = new ProductViews(rows, []);
    yield;
    for (const facet of facets) {
      built.#views.push(facet && built.#build(facet));
      yield;
    }
    return built;
  }

  view(index: number): ProductView | null {
    return this.#views[index] ?? null;
  }

  /**
   * The products of `mask` (a mask of rows) as {@link ProductMasks}, in bitsets taken from `pool`.
   * A mask made of whole products only (`closed`: no selection that tells a product's rows apart) has no partial
   * products, and its present and complete products are its rows that stand for products.
   * Otherwise, per word, with T the rows of several-row products that are not last and E their last rows, an
   * addition T + (X AND T) carries each bit of X up its product's run of T bits into the product's last row, and no
   * further (E and sole rows are 0 in both terms, so a carry stops there): it marks the last row of every product
   * with a row in X. With X the rows missing from the mask, that gives the products not complete; with X the rows
   * in it, those present. The carry out of a word continues a product into the next word.
   */
  masks(mask: Bitset, closed: boolean, pool: BitsetPool): ProductMasks {
    const { sole, shared } = this.#rows;
    const ends = this.ends;
    const present = pool.take();
    const partial = pool.take();
    // A pool bitset has one slot per word: room for every word index.
    const partialWords = pool.take();
    if (closed) {
      let presentCount = 0;
      for (let word = 0; word < mask.length; word++) presentCount += popcount32((present[word] = mask[word]! & this.reps[word]!));
      return { present, presentCount, complete: present, partial: partial.fill(0), partialWords, partialWordCount: 0 };
    }
    const complete = pool.take();
    let carryMissing = 0;
    let carryPresent = 0;
    let presentCount = 0;
    let partialWordCount = 0;
    for (let word = 0; word < mask.length; word++) {
      const bits = mask[word]!;
      const soleBits = bits & sole[word]!;
      const several = shared[word]!;
      if (several === 0) {
        // No product continues through a word without several-row products, so no carry leaves it.
        present[word] = complete[word] = soleBits;
        partial[word] = 0;
        carryMissing = carryPresent = 0;
        presentCount += popcount32(soleBits);
        continue;
      }
      const last = ends[word]!;
      const run = (several & ~last) >>> 0;
      const missing = several & ~bits;
      const inMask = several & bits;
      // Most words of a narrow mask have none of these rows, and most of a broad one all: no addition is needed.
      if (inMask === 0 && carryPresent === 0) {
        present[word] = complete[word] = soleBits;
        partial[word] = 0;
        carryMissing = run >>> 31;
        presentCount += popcount32(soleBits);
        continue;
      }
      if (missing === 0 && carryMissing === 0) {
        present[word] = complete[word] = soleBits | last;
        partial[word] = 0;
        carryPresent = run >>> 31;
        presentCount += popcount32(present[word]!);
        continue;
      }
      const missingSum = run + ((missing & run) >>> 0) + carryMissing;
      const presentSum = run + ((inMask & run) >>> 0) + carryPresent;
      carryMissing = missingSum > 0xffffffff ? 1 : 0;
      carryPresent = presentSum > 0xffffffff ? 1 : 0;
      const lacking = (missingSum | missing) & last;
      const having = (presentSum | inMask) & last;
      const partialBits = having & lacking;
      present[word] = soleBits | having;
      complete[word] = soleBits | (last & ~lacking);
      partial[word] = partialBits;
      if (partialBits !== 0) partialWords[partialWordCount++] = word;
      presentCount += popcount32(present[word]!);
    }
    return { present, presentCount, complete, partial, partialWords, partialWordCount };
  }

  /**
   * Catches up with rows changed by an incremental edit: the product boundaries around them and, in every view,
   * the values of the rows that stand for their products. `facets` as given to the constructor, after the edit
   * (a facet may now need a view, or one whose values were renumbered a new one).
   */
  refresh(changedRows: readonly number[], facets: readonly (ListFacetIndex | null)[], words: number): void {
    const rows = this.#rows;
    this.ends = widenBitset(this.ends, words);
    this.reps = widenBitset(this.reps, words);
    const touched = new Set<number>();
    for (const changed of changedRows) {
      if (changed > 0) touched.add(changed - 1);
      const first = rows.firstRowOf[changed]!;
      for (let row = first; row < rows.size && rows.firstRowOf[row] === first; row++) touched.add(row);
      touched.add(changed);
    }
    for (const row of touched) {
      const bit = 1 << (row & 31);
      const end = isEnd(rows, row);
      this.ends[row >>> 5] = end ? this.ends[row >>> 5]! | bit : this.ends[row >>> 5]! & ~bit;
      this.reps[row >>> 5] = end || (rows.sole[row >>> 5]! & bit) !== 0 ? this.reps[row >>> 5]! | bit : this.reps[row >>> 5]! & ~bit;
    }
    this.#views = facets.map((facet, index) => {
      const view = this.#views[index] ?? null;
      if (!facet) return null;
      // A term facet renumbers its values when terms come or go: the view's value lists would be stale.
      if (!view || view.values !== facet.values) return this.#build(facet);
      widenListFacet(view, words);
      const writer = new RowValueWriter(view, words);
      const values: number[] = [];
      for (const row of touched) writer.set(row, this.#repValues(facet, row, values));
      writer.finish();
      return view;
    });
  }

  /** A row's values in the view: a sole row's own, a last row's product's union, none for the other rows. */
  #repValues(facet: ListFacetIndex, row: number, out: number[]): number[] {
    out.length = 0;
    const rows = this.#rows;
    const bit = 1 << (row & 31);
    if ((rows.sole[row >>> 5]! & bit) !== 0) return readValues(facet, facet.combos[row]!, out, false);
    if ((this.ends[row >>> 5]! & bit) === 0) return out;
    for (let member = rows.firstRowOf[row]!; member <= row; member++) readValues(facet, facet.combos[member]!, out, true);
    sortSmall(out);
    return out;
  }

  #build(facet: ListFacetIndex): ProductView {
    const rows = this.#rows;
    const size = facet.combos.length;
    // The facet's combinations keep their numbers, so that sole rows copy theirs; unions are appended.
    const lookup = new Map<string, number>();
    const offsets: number[] = Array.from(facet.comboOffsets);
    const items: number[] = Array.from(facet.comboItems);
    const combos = new Uint32Array(size);
    const values: number[] = [];
    for (let row = 0; row < Math.min(size, rows.size); row++) {
      const bit = 1 << (row & 31);
      if ((rows.sole[row >>> 5]! & bit) !== 0) combos[row] = facet.combos[row]!;
      else if ((this.ends[row >>> 5]! & bit) !== 0) {
        this.#repValues(facet, row, values);
        const key = values.join(',');
        let combo = lookup.get(key);
        if (combo === undefined) {
          combo = offsets.length - 1;
          lookup.set(key, combo);
          items.push(...values);
          offsets.push(items.length);
        }
        combos[row] = combo;
      }
    }
    const table = { combos, comboOffsets: Uint32Array.from(offsets), comboItems: Uint32Array.from(items) };
    return { ...table, values: facet.values, wordCombos: uniformWords(combos), sets: valueSets(table, facet.values.length, size) };
  }
}

/** Whether `row` is the last row of a product with several rows. */
function isEnd(rows: CatalogRows, row: number): boolean {
  if ((rows.shared[row >>> 5]! & (1 << (row & 31))) === 0) return false;
  return row + 1 >= rows.size || rows.firstRowOf[row + 1] !== rows.firstRowOf[row];
}

/** Appends a combination's values to `out` (only those not in it yet, when `distinct`). */
function readValues(facet: ListFacetIndex, combo: number, out: number[], distinct: boolean): number[] {
  for (let at = facet.comboOffsets[combo]!; at < facet.comboOffsets[combo + 1]!; at++) {
    const value = facet.comboItems[at]!;
    if (!distinct || !out.includes(value)) out.push(value);
  }
  return out;
}
