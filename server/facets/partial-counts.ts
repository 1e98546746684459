/**
 * Counts of the products that have only some rows in a mask ("partial", see product-view.ts): each counts once
 * under every value that one of those rows has. They are the one case counted row by row, and their rows sit at
 * random places in large columns, so the work per product is kept to the cache lines it must read:
 * - the product's first row is found in the word of its last row (the bits below it that are not its run), and
 *   its rows in the mask are that word's bits, without a look-up per row;
 * - facets with at most 32 values take each row's values as bits of one word and OR them, all such facets in one
 *   pass over the product; others stamp each value with the product's visit number.
 * @internal
 */
import type { Bitset } from './bitset.js';
import type { ListFacetIndex } from './facet-index.js';
import type { ProductMasks } from './product-view.js';

/** Facets with at most this many values take the union as the bits of one 32-bit word. */
const BITS_PER_UNION = 32;

/** Where products' rows are: rows of several-row products, their last rows, and each row's product's first row. */
export interface ProductRows {
  shared: Bitset;
  ends: Bitset;
  firstRowOf: Uint32Array;
}

export class PartialCounter {
  /** Per facet (by identity of its combination items, which change whenever combinations do), each combination as value bits. */
  readonly #comboBits = new WeakMap<Uint32Array, Int32Array>();
  /** Per facet with more values, per value, the visit in which it was last counted. */
  readonly #stamps = new WeakMap<ListFacetIndex, Float64Array>();
  #visit = 0;

  /**
   * Adds to `counts[i]` (the counts of `facets[i]`) one per value that a row in `mask` of each partial product of
   * `products` has.
   */
  add(facets: readonly ListFacetIndex[], counts: readonly Uint32Array[], mask: Bitset, products: ProductMasks, rows: ProductRows): void {
    if (products.partial.wordCount === 0) return;
    const small = facets.flatMap((facet, position) => (facet.values.length <= BITS_PER_UNION ? [position] : []));
    const large = facets.flatMap((facet, position) => (facet.values.length > BITS_PER_UNION ? [position] : []));
    const combos = small.map((position) => facets[position]!.combos);
    const bits = small.map((position) => this.#bitsOf(facets[position]!));
    const tallies = small.map((position) => counts[position]!);
    const { bits: partial, words: partialWords, wordCount: partialWordCount } = products.partial;
    const { shared, ends, firstRowOf } = rows;
    for (let position = 0; position < partialWordCount; position++) {
      const word = partialWords[position]!;
      const run = shared[word]! & ~ends[word]!;
      const inMask = mask[word]!;
      let lasts = partial[word]!;
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
          const rowsInMask = inMask & ~(before | (-1 << offset << 1) | ((1 << (31 - Math.clz32(before))) - 1));
          for (let facet = 0; facet < combos.length; facet++) {
            const facetCombos = combos[facet]!;
            const facetBits = bits[facet]!;
            let union = 0;
            for (let rest = rowsInMask; rest !== 0; rest &= rest - 1) union |= facetBits[facetCombos[(word << 5) + 31 - Math.clz32(rest & -rest)]!]!;
            const tally = tallies[facet]!;
            for (; union !== 0; union &= union - 1) tally[31 - Math.clz32(union & -union)]!++;
          }
        }
        const first = before !== 0 ? (word << 5) + 32 - Math.clz32(before) : firstRowOf[last]!;
        for (let position = 0; position < large.length; position++) this.#addByStamps(facets[large[position]!]!, counts[large[position]!]!, mask, first, last);
      }
    }
  }

  /** The facets with value bits, over one product's rows first..last. */
  #addRows(combos: Uint32Array[], bits: Int32Array[], tallies: Uint32Array[], mask: Bitset, first: number, last: number): void {
    for (let facet = 0; facet < combos.length; facet++) {
      let union = 0;
      for (let row = first; row <= last; row++) if ((mask[row >>> 5]! & (1 << (row & 31))) !== 0) union |= bits[facet]![combos[facet]![row]!]!;
      const tally = tallies[facet]!;
      for (; union !== 0; union &= union - 1) tally[31 - Math.clz32(union & -union)]!++;
    }
  }

  /** One product's rows first..last: one per value that a row in `mask` has. */
  #addByStamps(facet: ListFacetIndex, counts: Uint32Array, mask: Bitset, first: number, last: number): void {
    let stamps = this.#stamps.get(facet);
    if (!stamps || stamps.length < facet.values.length) this.#stamps.set(facet, (stamps = new Float64Array(facet.values.length)));
    const { combos, comboOffsets, comboItems } = facet;
    const visit = ++this.#visit;
    for (let row = first; row <= last; row++) {
      if ((mask[row >>> 5]! & (1 << (row & 31))) === 0) continue;
      for (let item = comboOffsets[combos[row]!]!, end = comboOffsets[combos[row]! + 1]!; item < end; item++) {
        const value = comboItems[item]!;
        if (stamps[value] !== visit) stamps[value] = visit, counts[value]!++;
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
