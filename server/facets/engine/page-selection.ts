/**
 * One page of results in sort order. Only `skip + take` products are ever needed, so nothing sorts all results:
 * - walking a precomputed order and testing bits costs about (skip + take) * size / found steps: best for big results;
 * - otherwise each result gets a numeric key and a bounded heap keeps the `skip + take` smallest: one pass over the
 *   results, then a sort of at most `skip + take` keys.
 * @internal
 */
import { hasBit, type Bitset, type ListedBits } from './bitset.js';
import type { SortOrder } from './sort-orders.js';

export interface PageRequest {
  /** The results, one row per product. */
  results: ListedBits;
  skip: number;
  take: number;
  order: SortOrder;
  /**
   * For relevance: per query word, the products whose title has it. Fewer title misses first, then `order`.
   * Null sorts by `order` alone.
   */
  titleMatches: readonly Bitset[] | null;
}

/** Heap selection costs a few times more per result than one walking step; measured, the crossover sits near 4. */
const WALK_STEP_COST = 0.25;

/** The ordinals of one page, in order. */
export function pageOrdinals({ results, skip, take, order, titleMatches }: PageRequest): Uint32Array {
  const { bits: full, members: found, words, wordCount } = results;
  if (found === 0 || skip >= found) return new Uint32Array(0);
  const wanted = Math.min(take, found - skip);
  const size = order.ordinals.length;
  const walkSteps = (skip + wanted) * (size / found);
  if (!titleMatches && walkSteps * WALK_STEP_COST < found + wordCount)
    return walkOrder(full, order.ordinals, skip, wanted);
  // The key packs the title misses above the rank, so one number sorts by both; the ordinal is recovered from the rank.
  const smallest = new KeyHeap(skip + wanted);
  for (let position = 0; position < wordCount; position++) {
    const index = words[position]!;
    let word = full[index]!;
    const base = index << 5;
    while (word !== 0) {
      const ordinal = base + 31 - Math.clz32(word & -word);
      word &= word - 1;
      let misses = 0;
      if (titleMatches) for (const bits of titleMatches) misses += hasBit(bits, ordinal) ? 0 : 1;
      smallest.offer(misses * size + order.rank[ordinal]!);
    }
  }
  const keys = smallest.sorted();
  const page = new Uint32Array(wanted);
  for (let index = 0; index < wanted; index++) page[index] = order.ordinals[keys[skip + index]! % size]!;
  return page;
}

function walkOrder(full: Bitset, ordinals: Uint32Array, skip: number, wanted: number): Uint32Array {
  const page = new Uint32Array(wanted);
  for (let position = 0, seen = 0, kept = 0; kept < wanted; position++) {
    const ordinal = ordinals[position]!;
    if (hasBit(full, ordinal) && seen++ >= skip) page[kept++] = ordinal;
  }
  return page;
}

/** Keeps the `capacity` smallest numbers offered: a max-heap whose root is the largest kept, the one to evict. */
class KeyHeap {
  readonly #keys: Float64Array;
  #length = 0;

  constructor(capacity: number) {
    this.#keys = new Float64Array(capacity);
  }

  offer(key: number): void {
    const keys = this.#keys;
    if (this.#length < keys.length) {
      let child = this.#length++;
      while (child > 0) {
        const parent = (child - 1) >> 1;
        if (keys[parent]! >= key) break;
        keys[child] = keys[parent]!;
        child = parent;
      }
      keys[child] = key;
      return;
    }
    if (key >= keys[0]!) return;
    let parent = 0;
    for (;;) {
      let child = 2 * parent + 1;
      if (child >= this.#length) break;
      if (child + 1 < this.#length && keys[child + 1]! > keys[child]!) child++;
      if (keys[child]! <= key) break;
      keys[parent] = keys[child]!;
      parent = child;
    }
    keys[parent] = key;
  }

  /** The kept keys, ascending. */
  sorted(): Float64Array {
    return this.#keys.subarray(0, this.#length).sort();
  }
}
