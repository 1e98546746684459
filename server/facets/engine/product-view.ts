/**
 * Counting products whose rows differ (variable products, one row per variation) without visiting their rows.
 *
 * A product counts once under each value that one of its rows in the mask has. Visiting every such row per query
 * cost most of a query's time, so each product is judged whole instead, 32 rows at a time:
 * - a product whose rows are all in the mask ("complete") counts under the union of its rows' values: each such
 *   union is precomputed at the product's last row, in a per-facet view that counts like a facet index (combination
 *   tallies, uniform words, popcounts and the cached complement all apply to it unchanged);
 * - a product with only some rows in the mask ("partial") is the one case left to visit row by row;
 * - where every row of a product has the same values (category, brand, rating), any row in the mask stands for it.
 * Which products are complete or partial is found word-wise with one addition per word (see productMasks).
 * @internal
 */
import { popcount32, type Bitset, type BitsetPool, type ListedBits } from './bitset.js';
import type { CatalogRows } from './catalog-rows.js';
import { sortSmall, uniformWords, valueSets, type ListFacetIndex, type ValueCombinations } from './facet-index.js';
import { RowValueWriter, widenListFacet } from './list-facet-update.js';
import { widenBitset } from './ordinal-set-edit.js';

/**
 * The products of a mask of rows, each product as one row: sole rows as themselves, others as their last row. Each
 * set is listed (its members counted, its non-zero words named), so that the counts that follow skip empty words.
 */
export interface ProductMasks {
  /** Products with a row in the mask. */
  present: ListedBits;
  /** Products with every row in the mask (sole rows in it among them). */
  complete: ListedBits;
  /** Last rows of products with some rows in the mask and some not. */
  partial: ListedBits;
}

/** A facet's values per product rather than per row: a last row holds its product's union. */
export type ProductView = ValueCombinations & { values: ListFacetIndex['values'] };

/** Rows of one facet's view built between two pauses of {@link ProductViews.buildSteps}. */
const ROWS_PER_STEP = 32_768;

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

  /**
   * The same views, {@link ROWS_PER_STEP} rows of one facet's per step: a whole facet's pass over the rows of 100,000
   * variable products held the serving thread for about a tenth of a second.
   */
  static *buildSteps(
    rows: CatalogRows,
    facets: readonly (ListFacetIndex | null)[],
    rowsPerStep = ROWS_PER_STEP,
  ): Generator<void, ProductViews, void> {
    const built = new ProductViews(rows, []);
    yield;
    for (const facet of facets) {
      built.#views.push(facet && (yield* built.#buildSteps(facet, rowsPerStep)));
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
   * Only the mask's non-zero words are visited, and the words after one that a present product continues into: an
   * empty word adds nothing to any set, and the carry of missing rows out of it is its own top run bit.
   */
  masks(mask: ListedBits, closed: boolean, pool: BitsetPool): ProductMasks {
    const { sole, shared } = this.#rows;
    const { ends, reps } = this;
    const bits = mask.bits;
    const length = bits.length;
    const skipsWords = mask.wordCount < length;
    const present = pool.take();
    const partial = pool.take();
    // A pool bitset has one slot per word: room for every word index.
    const presentWords = pool.take();
    const partialWords = pool.take();
    if (skipsWords) present.fill(0);
    partial.fill(0);
    const maskWords = mask.words;
    let presentCount = 0;
    let presentWordCount = 0;
    if (closed) {
      for (let position = 0; position < mask.wordCount; position++) {
        const word = maskWords[position]!;
        const having = bits[word]! & reps[word]!;
        present[word] = having;
        if (having !== 0) {
          presentWords[presentWordCount++] = word;
          presentCount += popcount32(having);
        }
      }
      const listed = { bits: present, members: presentCount, words: presentWords, wordCount: presentWordCount };
      return {
        present: listed,
        complete: listed,
        partial: { bits: partial, members: 0, words: partialWords, wordCount: 0 },
      };
    }
    const complete = pool.take();
    const completeWords = pool.take();
    if (skipsWords) complete.fill(0);
    let completeCount = 0;
    let completeWordCount = 0;
    let partialCount = 0;
    let partialWordCount = 0;
    let carryMissing = 0;
    let carryPresent = 0;
    let visited = -1;
    for (let position = 0; position < mask.wordCount; position++) {
      const next = maskWords[position]!;
      if (next > visited + 1) {
        // The words between were empty and no present product ran into them (else they were visited).
        carryPresent = 0;
        carryMissing = next === 0 ? 0 : (shared[next - 1]! & ~ends[next - 1]!) >>> 31;
      }
      // The mask's next word, then the empty words that a present product continues into.
      for (
        let word = next;
        word < length &&
        (word === next || (carryPresent !== 0 && (position + 1 >= mask.wordCount || word < maskWords[position + 1]!)));
        word++
      ) {
        visited = word;
        const inWord = bits[word]!;
        const soleBits = inWord & sole[word]!;
        const several = shared[word]!;
        let having = soleBits;
        let whole = soleBits;
        let partialBits = 0;
        if (several === 0) {
          // No product continues through a word without several-row products, so no carry leaves it.
          carryMissing = carryPresent = 0;
        } else {
          const last = ends[word]!;
          const run = (several & ~last) >>> 0;
          const missing = several & ~inWord;
          const inMask = several & inWord;
          // Most words of a narrow mask have none of these rows, and most of a broad one all: no addition is needed.
          if (inMask === 0 && carryPresent === 0) {
            carryMissing = run >>> 31;
          } else if (missing === 0 && carryMissing === 0) {
            having = whole = soleBits | last;
            carryPresent = run >>> 31;
          } else {
            const missingSum = run + ((missing & run) >>> 0) + carryMissing;
            const presentSum = run + ((inMask & run) >>> 0) + carryPresent;
            carryMissing = missingSum > 0xffffffff ? 1 : 0;
            carryPresent = presentSum > 0xffffffff ? 1 : 0;
            const lacking = (missingSum | missing) & last;
            having = soleBits | ((presentSum | inMask) & last);
            partialBits = having & lacking;
            whole = soleBits | (last & ~lacking);
          }
        }
        present[word] = having;
        complete[word] = whole;
        if (having !== 0) {
          presentWords[presentWordCount++] = word;
          presentCount += popcount32(having);
        }
        if (whole !== 0) {
          completeWords[completeWordCount++] = word;
          completeCount += popcount32(whole);
        }
        if (partialBits !== 0) {
          partial[word] = partialBits;
          partialWords[partialWordCount++] = word;
          partialCount += popcount32(partialBits);
        }
      }
    }
    return {
      present: { bits: present, members: presentCount, words: presentWords, wordCount: presentWordCount },
      complete: { bits: complete, members: completeCount, words: completeWords, wordCount: completeWordCount },
      partial: { bits: partial, members: partialCount, words: partialWords, wordCount: partialWordCount },
    };
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
      this.reps[row >>> 5] =
        end || (rows.sole[row >>> 5]! & bit) !== 0 ? this.reps[row >>> 5]! | bit : this.reps[row >>> 5]! & ~bit;
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
    for (let member = rows.firstRowOf[row]!; member <= row; member++)
      readValues(facet, facet.combos[member]!, out, true);
    sortSmall(out);
    return out;
  }

  #build(facet: ListFacetIndex): ProductView {
    const steps = this.#buildSteps(facet, Number.POSITIVE_INFINITY);
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
    }
  }

  /** {@link #build}, a pause after every `rowsPerStep` rows and before the view's lookups are made. */
  *#buildSteps(facet: ListFacetIndex, rowsPerStep: number): Generator<void, ProductView, void> {
    const rows = this.#rows;
    const size = facet.combos.length;
    // The facet's combinations keep their numbers, so that sole rows copy theirs; unions are appended.
    const lookup = new Map<string, number>();
    const offsets: number[] = Array.from(facet.comboOffsets);
    const items: number[] = Array.from(facet.comboItems);
    const combos = new Uint32Array(size);
    const values: number[] = [];
    for (let row = 0; row < Math.min(size, rows.size); row++) {
      if (row > 0 && row % rowsPerStep === 0) yield;
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
    yield;
    return {
      ...table,
      values: facet.values,
      wordCombos: uniformWords(combos),
      sets: valueSets(table, facet.values.length, size),
    };
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
