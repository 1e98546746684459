/**
 * Range facets (price, rating as a range): the numeric column, the ordinals sorted by it, and prefix bitsets of that
 * sorted order, so that a range selection is one word-wise difference of two prefixes plus a short fix-up at each
 * end, instead of setting a bit for every product in the range (half a million random writes at 1M products).
 * @internal
 */
import type { Product } from '../../catalog/model.js';
import { copyInto, createBitset, hasBit, setBit, type Bitset, type BitsetPool, type ListedBits } from './bitset.js';
import type { FacetDefinition } from '../config.js';
import type { RangeValue } from '../../../client/facet-filter/query-state.js';
import { orderByKeys } from './sort-orders.js';
import { lowerBound } from './sorted-search.js';

/**
 * Prefix bitsets per range facet: memory is PREFIXES * size / 8 bytes (8 MB at 1M), fix-ups at most 2 * size /
 * PREFIXES.
 */
const PREFIXES = 64;

export interface RangeFacetIndex {
  kind: 'range';
  definition: FacetDefinition;
  column: Float64Array;
  /** Ordinals by ascending value, and the values in that order. */
  ascending: Uint32Array;
  sortedValues: Float64Array;
  /** prefixes[j] holds the ordinals at sorted positions below min(j * step, size). */
  prefixes: Bitset[];
  step: number;
  /** A row's value, for incremental updates (see range-index-update.ts). */
  numberOf: (row: Product) => number;
}

export function buildRangeFacet(
  definition: FacetDefinition,
  column: Float64Array,
  numberOf: (row: Product) => number,
): RangeFacetIndex {
  const size = column.length;
  const ascending = orderByKeys(column, null);
  const step = Math.max(1, Math.ceil(size / PREFIXES));
  const prefixes: Bitset[] = [];
  const running = createBitset(size);
  for (let position = 0; position <= size; position++) {
    if (position % step === 0 || position === size) prefixes.push(running.slice());
    if (position < size) setBit(running, ascending[position]!);
  }
  return {
    kind: 'range',
    definition,
    column,
    ascending,
    sortedValues: Float64Array.from(ascending, (ordinal) => column[ordinal]!),
    prefixes,
    step,
    numberOf,
  };
}

/** Products whose value lies in the range (ends included), in a bitset taken from `pool`. */
export function rangeSelection(facet: RangeFacetIndex, range: RangeValue, pool: BitsetPool): Bitset {
  const size = facet.ascending.length;
  const from = range.min === null ? 0 : lowerBound(facet.sortedValues, range.min);
  const to = range.max === null ? size : lowerBound(facet.sortedValues, range.max, true);
  const bits = pool.take();
  const low = Math.floor(from / facet.step);
  const high = Math.min(Math.ceil(to / facet.step), facet.prefixes.length - 1);
  const [lowStart, highEnd] = [low * facet.step, Math.min(size, high * facet.step)];
  // A narrow range is cheaper to set bit by bit than to combine two prefixes word by word.
  if (to - from <= bits.length + (from - lowStart) + (highEnd - to)) {
    bits.fill(0);
    togglePositions(facet.ascending, from, to, bits);
    return bits;
  }
  copyInto(bits, facet.prefixes[high]!);
  const below = facet.prefixes[low]!;
  for (let index = 0; index < bits.length; index++) bits[index]! &= ~below[index]!;
  // Now bits holds positions lowStart..highEnd-1, a superset of from..to-1: clear the two overhangs.
  togglePositions(facet.ascending, lowStart, from, bits);
  togglePositions(facet.ascending, to, highEnd, bits);
  return bits;
}

/** Flips the bits of the ordinals at sorted positions from..to-1 (sets them when clear, clears them when set). */
function togglePositions(ascending: Uint32Array, from: number, to: number, bits: Bitset): void {
  for (let position = from; position < to; position++) {
    const ordinal = ascending[position]!;
    bits[ordinal >>> 5]! ^= 1 << (ordinal & 31);
  }
}

/**
 * Lowest and highest value among the mask's products. A dense mask is met within a few steps of either end of the
 * sorted column; a sparse one is cheaper to visit member by member.
 */
export function rangeBounds(
  facet: RangeFacetIndex,
  { bits: mask, members: count, words, wordCount }: ListedBits,
): { min: number | null; max: number | null } {
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
  for (let position = 0; position < wordCount; position++) {
    const index = words[position]!;
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
