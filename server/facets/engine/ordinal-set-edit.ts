/**
 * Changing sets of row ordinals in place, for incremental indexing (see engine.ts's applyEdit): one ordinal in or out
 * of an {@link OrdinalSet}, and bitsets widened when rows are appended past their capacity.
 * @internal
 */
import { createBitset, type Bitset, type OrdinalSet } from './bitset.js';
import { lowerBound } from './sorted-search.js';

/** A copy of `bits` with room for `words` words; the new words are empty. */
export function widenBitset(bits: Bitset, words: number): Bitset {
  if (bits.length >= words) return bits;
  const wider = new Uint32Array(words);
  wider.set(bits);
  return wider;
}

/** The set widened to `words` words (lists need no widening). */
export function widenSet(set: OrdinalSet, words: number): OrdinalSet {
  return set.kind === 'bits' ? { kind: 'bits', bits: widenBitset(set.bits, words), size: set.size } : set;
}

/**
 * The set with `ordinal` added; it may be a new object (a list is copied). A list that outgrows one member per 32
 * ordinals becomes a bitset of `words` words, as a fresh build would store it.
 */
export function addOrdinal(set: OrdinalSet, ordinal: number, words: number): OrdinalSet {
  if (set.kind === 'bits') {
    const mask = 1 << (ordinal & 31);
    if ((set.bits[ordinal >>> 5]! & mask) === 0) (set.bits[ordinal >>> 5]! |= mask), set.size++;
    return set;
  }
  const list = set.ordinals;
  const at = lowerBound(list, ordinal);
  if (list[at] === ordinal) return set;
  if (list.length + 1 > words) {
    const bits = createBitset(words * 32);
    for (const member of list) bits[member >>> 5]! |= 1 << (member & 31);
    bits[ordinal >>> 5]! |= 1 << (ordinal & 31);
    return { kind: 'bits', bits, size: list.length + 1 };
  }
  const longer = new Uint32Array(list.length + 1);
  longer.set(list.subarray(0, at));
  longer[at] = ordinal;
  longer.set(list.subarray(at), at + 1);
  return { kind: 'list', ordinals: longer };
}

/** The set with `ordinal` removed; it may be a new object. Bitsets stay bitsets: the form never changes a result. */
export function removeOrdinal(set: OrdinalSet, ordinal: number): OrdinalSet {
  if (set.kind === 'bits') {
    const mask = 1 << (ordinal & 31);
    if ((set.bits[ordinal >>> 5]! & mask) !== 0) (set.bits[ordinal >>> 5]! &= ~mask), set.size--;
    return set;
  }
  const list = set.ordinals;
  const at = lowerBound(list, ordinal);
  if (list[at] !== ordinal) return set;
  const shorter = new Uint32Array(list.length - 1);
  shorter.set(list.subarray(0, at));
  shorter.set(list.subarray(at + 1), at);
  return { kind: 'list', ordinals: shorter };
}

/** An empty set, as a fresh build stores a value without members. */
export function emptySet(): OrdinalSet {
  return { kind: 'list', ordinals: new Uint32Array(0) };
}
