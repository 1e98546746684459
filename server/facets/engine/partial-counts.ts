/**
 * Counts of the products that have only some rows in a mask ("partial", see product-view.ts): each counts once
 * under every value that one of those rows has. They are the one case counted row by row, and their rows sit at
 * random places in large columns, so the work per product is kept to the cache lines it must read:
 * - the product's first row is found in the word of its last row (the bits below it that are not its run), and
 *   its rows in the mask are that word's bits, without a look-up per row;
 * - facets with at most 32 values take each row's values as bits of one word and OR them, all such facets in one
 *   pass over the product, and tally each product's union whole (see UnionTally); others stamp each value with the
 *   product's visit number.
 * @internal
 */
import type { Bitset, ListedBits } from './bitset.js';
import type { ListFacetIndex } from './facet-index.js';

/** Facets with at most this many values take the union as the bits of one 32-bit word. */
const BITS_PER_UNION = 32;

/** Where products' rows are: rows of several-row products, their last rows, and each row's product's first row. */
export interface ProductRows {
  shared: Bitset;
  ends: Bitset;
  firstRowOf: Uint32Array;
}

export class PartialCounter {
  /**
   * Per facet (by identity of its combination items, which change whenever combinations do), each combination as value
   * bits.
   */
  readonly #comboBits = new WeakMap<Uint32Array, Int32Array>();
  /** Per facet with more values, per value, the visit in which it was last counted. */
  readonly #stamps = new WeakMap<ListFacetIndex, Float64Array>();
  #visit = 0;
  readonly #unions = new UnionTallies();

  /**
   * Adds to `counts[i]` (the counts of `facets[i]`) one per value that a row in `mask` of each product in `partial`
   * (their last rows: products with some rows in the mask, see product-view.ts) has.
   */
  add(
    facets: readonly ListFacetIndex[],
    counts: readonly Uint32Array[],
    mask: Bitset,
    partial: ListedBits,
    rows: ProductRows,
  ): void {
    if (partial.wordCount === 0) return;
    const small = facets.flatMap((facet, position) => (facet.values.length <= BITS_PER_UNION ? [position] : []));
    const large = facets.flatMap((facet, position) => (facet.values.length > BITS_PER_UNION ? [position] : []));
    const combos = small.map((position) => facets[position]!.combos);
    const bits = small.map((position) => this.#bitsOf(facets[position]!));
    const tallies = small.map(() => this.#unions.take());
    const { words: partialWords, wordCount: partialWordCount } = partial;
    const { shared, ends, firstRowOf } = rows;
    for (let position = 0; position < partialWordCount; position++) {
      const word = partialWords[position]!;
      const run = shared[word]! & ~ends[word]!;
      const inMask = mask[word]!;
      let lasts = partial.bits[word]!;
      while (lasts !== 0) {
        const offset = 31 - Math.clz32(lasts & -lasts);
        lasts &= lasts - 1;
        const last = (word << 5) + offset;
        // Below the last row, the bits that are not run bits: the highest one ends the product before this one.
        const before = ~run & ((1 << offset) - 1);
        if (before === 0) {
          // The product may begin in an earlier word: its rows are walked one by one.
          this.#addRows(combos, bits, tallies, mask, firstRowOf[last]!, last);
        } else {
          // Its rows in the mask: this word's bits from just above `before` up to the last row.
          const rowsInMask = inMask & ~(before | ((-1 << offset) << 1) | ((1 << (31 - Math.clz32(before))) - 1));
          for (let facet = 0; facet < combos.length; facet++) {
            const facetCombos = combos[facet]!;
            const facetBits = bits[facet]!;
            let union = 0;
            for (let rest = rowsInMask; rest !== 0; rest &= rest - 1)
              union |= facetBits[facetCombos[(word << 5) + 31 - Math.clz32(rest & -rest)]!]!;
            tallies[facet]!.add(union);
          }
        }
        const first = before !== 0 ? (word << 5) + 32 - Math.clz32(before) : firstRowOf[last]!;
        for (let position = 0; position < large.length; position++)
          this.#addByStamps(facets[large[position]!]!, counts[large[position]!]!, mask, first, last);
      }
    }
    small.forEach((position, facet) => tallies[facet]!.spreadInto(counts[position]!));
    this.#unions.releaseAll();
  }

  /** The facets with value bits, over one product's rows first..last. */
  #addRows(
    combos: Uint32Array[],
    bits: Int32Array[],
    tallies: UnionTally[],
    mask: Bitset,
    first: number,
    last: number,
  ): void {
    for (let facet = 0; facet < combos.length; facet++) {
      let union = 0;
      for (let row = first; row <= last; row++)
        if ((mask[row >>> 5]! & (1 << (row & 31))) !== 0) union |= bits[facet]![combos[facet]![row]!]!;
      tallies[facet]!.add(union);
    }
  }

  /** One product's rows first..last: one per value that a row in `mask` has. */
  #addByStamps(facet: ListFacetIndex, counts: Uint32Array, mask: Bitset, first: number, last: number): void {
    let stamps = this.#stamps.get(facet);
    if (!stamps || stamps.length < facet.values.length)
      this.#stamps.set(facet, (stamps = new Float64Array(facet.values.length)));
    const { combos, comboOffsets, comboItems } = facet;
    const visit = ++this.#visit;
    for (let row = first; row <= last; row++) {
      if ((mask[row >>> 5]! & (1 << (row & 31))) === 0) continue;
      for (let item = comboOffsets[combos[row]!]!, end = comboOffsets[combos[row]! + 1]!; item < end; item++) {
        const value = comboItems[item]!;
        if (stamps[value] !== visit) (stamps[value] = visit), counts[value]!++;
      }
    }
  }

  #bitsOf(facet: ListFacetIndex): Int32Array {
    let bits = this.#comboBits.get(facet.comboItems);
    if (!bits) {
      const { comboOffsets, comboItems } = facet;
      bits = new Int32Array(comboOffsets.length - 1);
      for (let combo = 0; combo < bits.length; combo++) {
        for (let at = comboOffsets[combo]!; at < comboOffsets[combo + 1]!; at++) bits[combo]! |= 1 << comboItems[at]!;
      }
      this.#comboBits.set(facet.comboItems, bits);
    }
    return bits;
  }
}

/**
 * How many products had each union of value bits, in two tables of 16-bit halves: one increment per product and
 * half, where adding one per bit of the union takes a loop whose length the processor cannot predict. The values are
 * counted from the tables at the end, over the halves that occurred (few: products have few values each).
 */
class UnionTally {
  readonly #low = new Uint32Array(1 << 16);
  readonly #high = new Uint32Array(1 << 16);
  readonly #seenLow = new Uint32Array(1 << 16);
  readonly #seenHigh = new Uint32Array(1 << 16);
  #lowCount = 0;
  #highCount = 0;

  add(union: number): void {
    const low = union & 0xffff;
    const high = union >>> 16;
    if (this.#low[low]!++ === 0) this.#seenLow[this.#lowCount++] = low;
    if (this.#high[high]!++ === 0) this.#seenHigh[this.#highCount++] = high;
  }

  /** Adds each value's products to `counts`, and empties the tally. */
  spreadInto(counts: Uint32Array): void {
    for (let position = 0; position < this.#lowCount; position++) {
      const half = this.#seenLow[position]!;
      const products = this.#low[half]!;
      this.#low[half] = 0;
      for (let bits = half; bits !== 0; bits &= bits - 1) counts[31 - Math.clz32(bits & -bits)]! += products;
    }
    for (let position = 0; position < this.#highCount; position++) {
      const half = this.#seenHigh[position]!;
      const products = this.#high[half]!;
      this.#high[half] = 0;
      for (let bits = half; bits !== 0; bits &= bits - 1) counts[16 + 31 - Math.clz32(bits & -bits)]! += products;
    }
    this.#lowCount = this.#highCount = 0;
  }
}

/** Union tallies for the facets of one call, reused from call to call. */
class UnionTallies {
  readonly #free: UnionTally[] = [];
  readonly #taken: UnionTally[] = [];

  take(): UnionTally {
    const tally = this.#free.pop() ?? new UnionTally();
    this.#taken.push(tally);
    return tally;
  }

  releaseAll(): void {
    while (this.#taken.length > 0) this.#free.push(this.#taken.pop()!);
  }
}
