/**
 * Sets of product ordinals (0..size-1) as plain `Uint32Array` bitsets, plus sorted posting lists for sparse sets.
 * Plain typed arrays keep the engine free of native addons; measured within 2x of CRoaring on this project's machines.
 * @internal
 */

export type Bitset = Uint32Array;

/** A sorted list of ordinals (small sets) or a bitset (large sets), whichever is smaller. */
export type OrdinalSet = { kind: 'list'; ordinals: Uint32Array } | { kind: 'bits'; bits: Bitset; size: number };

export function createBitset(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

/** A bitset with the ordinals 0..size-1 set. */
export function fullBitset(size: number): Bitset {
  const bits = createBitset(size).fill(0xffffffff);
  if (size & 31) bits[bits.length - 1] = (1 << (size & 31)) - 1;
  return bits;
}

export function hasBit(bits: Bitset, ordinal: number): boolean {
  return (bits[ordinal >>> 5]! & (1 << (ordinal & 31))) !== 0;
}

export function setBit(bits: Bitset, ordinal: number): void {
  bits[ordinal >>> 5]! |= 1 << (ordinal & 31);
}

export function popcount32(word: number): number {
  word -= (word >>> 1) & 0x55555555;
  word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
  return Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function countBits(bits: Bitset): number {
  let total = 0;
  for (let index = 0; index < bits.length; index++) if (bits[index] !== 0) total += popcount32(bits[index]!);
  return total;
}

/** `target &= other`, in place. */
export function intersectInto(target: Bitset, other: Bitset): Bitset {
  for (let index = 0; index < target.length; index++) target[index]! &= other[index]!;
  return target;
}

/** `target = source`, in place. */
export function copyInto(target: Bitset, source: Bitset): Bitset {
  target.set(source);
  return target;
}

/** Members of `a AND b`, without building the intersection. */
export function countAnd(a: Bitset, b: Bitset): number {
  let total = 0;
  // Branch-free: on dense sets a test for zero words mispredicts and costs twice the popcount it saves.
  for (let index = 0; index < a.length; index++) total += popcount32(a[index]! & b[index]!);
  return total;
}

/** Members of a sorted ordinal list that are also in `bits`. */
export function countListIn(ordinals: Uint32Array, bits: Bitset): number {
  let total = 0;
  for (let index = 0; index < ordinals.length; index++) {
    const ordinal = ordinals[index]!;
    total += (bits[ordinal >>> 5]! >>> (ordinal & 31)) & 1;
  }
  return total;
}

/** Members of `set` that are also in `bits`, whichever form the set takes. */
export function countSetIn(set: OrdinalSet, bits: Bitset): number {
  return set.kind === 'bits' ? countAnd(set.bits, bits) : countListIn(set.ordinals, bits);
}

/**
 * Scratch bitsets of one size, reused from query to query: a query takes what it needs and {@link releaseAll}
 * gives them back, so that a query over a million products does not allocate (and the GC not reclaim) megabytes.
 */
export class BitsetPool {
  readonly #size: number;
  readonly #free: Bitset[] = [];
  readonly #taken: Bitset[] = [];

  constructor(size: number) {
    this.#size = size;
  }

  /** A bitset with undefined contents: the caller overwrites every word. */
  take(): Bitset {
    const bits = this.#free.pop() ?? createBitset(this.#size);
    this.#taken.push(bits);
    return bits;
  }

  takeZeroed(): Bitset {
    return this.take().fill(0);
  }

  releaseAll(): void {
    while (this.#taken.length > 0) this.#free.push(this.#taken.pop()!);
  }
}

/** `target |= set`, in place. */
export function addSetInto(target: Bitset, set: OrdinalSet): Bitset {
  if (set.kind === 'bits') {
    for (let index = 0; index < target.length; index++) target[index]! |= set.bits[index]!;
  } else {
    const ordinals = set.ordinals;
    for (let index = 0; index < ordinals.length; index++)
      target[ordinals[index]! >>> 5]! |= 1 << (ordinals[index]! & 31);
  }
  return target;
}

/** Number of members of an {@link OrdinalSet}. */
export function setSize(set: OrdinalSet): number {
  return set.kind === 'bits' ? set.size : set.ordinals.length;
}

/**
 * Stores a sorted ordinal list as a bitset when that takes less memory (more than one member per 32 ordinals),
 * so that large values are combined word by word and small ones touch only their members.
 */
export function toOrdinalSet(sortedOrdinals: Uint32Array, size: number): OrdinalSet {
  if (sortedOrdinals.length * 32 <= size) return { kind: 'list', ordinals: sortedOrdinals };
  const bits = createBitset(size);
  for (let index = 0; index < sortedOrdinals.length; index++) setBit(bits, sortedOrdinals[index]!);
  return { kind: 'bits', bits, size: sortedOrdinals.length };
}

/** `target = a AND NOT b`, in place; writes the indices of its non-zero words into `words` and returns how many. */
export function andNotInto(target: Bitset, a: Bitset, b: Bitset, words: Uint32Array): number {
  let count = 0;
  for (let index = 0; index < target.length; index++)
    if ((target[index] = a[index]! & ~b[index]!) !== 0) words[count++] = index;
  return count;
}

/**
 * A bitset with its member count and the indices of its non-zero words, ascending, in `words[0 .. wordCount - 1]`:
 * the passes that follow (product masks, one count per facet, bounds, the page) skip its empty words unread.
 */
export interface ListedBits {
  bits: Bitset;
  members: number;
  words: Uint32Array;
  wordCount: number;
}

/** `bits` with its members counted and its non-zero words listed in `words` (one slot per word of `bits`). */
export function listWords(bits: Bitset, words: Uint32Array): ListedBits {
  let members = 0;
  let wordCount = 0;
  for (let index = 0; index < bits.length; index++) {
    const word = bits[index]!;
    if (word !== 0) {
      words[wordCount++] = index;
      members += popcount32(word);
    }
  }
  return { bits, members, words, wordCount };
}

/**
 * `target` = the intersection of `operands` (one or more bitsets of its length), listed: one pass over the words
 * for up to three operands, where copying, intersecting, counting and listing took one pass each.
 */
export function intersectAllInto(target: Bitset, operands: readonly Bitset[], words: Uint32Array): ListedBits {
  const [first, second = first, third = second] = operands as [Bitset, Bitset?, Bitset?];
  const length = target.length;
  let members = 0;
  let wordCount = 0;
  if (operands.length > 3) {
    copyInto(target, first);
    for (let operand = 1; operand < operands.length - 1; operand++) intersectInto(target, operands[operand]!);
    return intersectAllInto(target, [target, operands.at(-1)!], words);
  }
  for (let index = 0; index < length; index++) {
    const word = first[index]! & second[index]! & third[index]!;
    target[index] = word;
    if (word !== 0) {
      words[wordCount++] = index;
      members += popcount32(word);
    }
  }
  return { bits: target, members, words, wordCount };
}

/** Members of `set AND bits`, reading only the words of `bits` listed in `words` (the non-zero ones). */
export function countSetInWords(set: OrdinalSet, bits: Bitset, words: Uint32Array, wordCount: number): number {
  return set.kind === 'list' ? countListIn(set.ordinals, bits) : countAndInWords(set.bits, bits, words, wordCount);
}

/**
 * Members of `a AND b` in the words listed in `words`. Eight words at a time go through a carry-save adder
 * (Harley and Seal): their bits are summed column-wise into ones, twos and fours words, and only the eights that
 * carry out are popcounted, one popcount per eight words instead of one per word (about twice as fast here).
 */
export function countAndInWords(a: Bitset, b: Bitset, words: Uint32Array, wordCount: number): number {
  let eights = 0;
  let fours = 0;
  let twos = 0;
  let ones = 0;
  let position = 0;
  for (; position + 8 <= wordCount; position += 8) {
    // Each step adds two words (x, y) to `ones`: the carries (twosA/twosB) go up a column, and so on.
    let index = words[position]!;
    let x = a[index]! & b[index]!;
    index = words[position + 1]!;
    let y = a[index]! & b[index]!;
    let sum = ones ^ x;
    const twosA = (ones & x) | (sum & y);
    ones = sum ^ y;
    index = words[position + 2]!;
    x = a[index]! & b[index]!;
    index = words[position + 3]!;
    y = a[index]! & b[index]!;
    sum = ones ^ x;
    const twosB = (ones & x) | (sum & y);
    ones = sum ^ y;
    sum = twos ^ twosA;
    const foursA = (twos & twosA) | (sum & twosB);
    twos = sum ^ twosB;
    index = words[position + 4]!;
    x = a[index]! & b[index]!;
    index = words[position + 5]!;
    y = a[index]! & b[index]!;
    sum = ones ^ x;
    const twosC = (ones & x) | (sum & y);
    ones = sum ^ y;
    index = words[position + 6]!;
    x = a[index]! & b[index]!;
    index = words[position + 7]!;
    y = a[index]! & b[index]!;
    sum = ones ^ x;
    const twosD = (ones & x) | (sum & y);
    ones = sum ^ y;
    sum = twos ^ twosC;
    const foursB = (twos & twosC) | (sum & twosD);
    twos = sum ^ twosD;
    sum = fours ^ foursA;
    eights += popcount32((fours & foursA) | (sum & foursB));
    fours = sum ^ foursB;
  }
  let total = 8 * eights + 4 * popcount32(fours) + 2 * popcount32(twos) + popcount32(ones);
  for (; position < wordCount; position++) {
    const index = words[position]!;
    total += popcount32(a[index]! & b[index]!);
  }
  return total;
}
