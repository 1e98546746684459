/**
 * Counting one list facet over one set of counted rows (see result-counter.ts), the cheaper of two ways:
 * - per value, popcount(value AND set): cost fixed by the facet's dense values, best for few values (rating, stock);
 * - per member of the set, one tally per value combination read from a column, then spread to the values: cost
 *   proportional to the set. A word whose rows all share one combination is added whole.
 * Both read only the set's non-zero words, listed once for all the facets counted over it.
 * @internal
 */
import { countSetInWords, popcount32, type ListedBits } from './bitset.js';
import type { ValueCombinations } from './facet-index.js';

/**
 * Measured costs (ns per unit at 1M products; only their ratios matter), to choose per facet between popcounts and
 * tallies.
 */
const COST = { popcountWord: 2.7, listMember: 2.3, tallyMember: 5.5, tallyWord: 1 };

/** What choosing between the two ways needs to know of a facet, measured once. */
export interface CountingCosts {
  /** Values stored as bitsets: each costs a popcount per non-zero word. */
  bitsValues: number;
  /** Members of values stored as lists: each costs a lookup. */
  listMembers: number;
  /** Share of words with mixed combinations: only their members are tallied one by one. */
  mixedShare: number;
}

export function measureCosts(source: ValueCombinations): CountingCosts {
  let bitsValues = 0;
  let listMembers = 0;
  for (const set of source.sets) {
    if (set.kind === 'bits') bitsValues++;
    else listMembers += set.ordinals.length;
  }
  const { wordCombos } = source;
  const mixed = wordCombos.reduce((total, combo) => total + (combo < 0 ? 1 : 0), 0);
  return { bitsValues, listMembers, mixedShare: wordCombos.length === 0 ? 1 : mixed / wordCombos.length };
}

/**
 * Adds `sign` times the count of each value over `set` to `counts`.
 * @param tallies scratch, one slot per combination of `source`
 */
export function countValues(
  source: ValueCombinations,
  costs: CountingCosts,
  set: ListedBits,
  counts: Uint32Array,
  sign: 1 | -1,
  tallies: Uint32Array,
): void {
  if (set.members === 0) return;
  const popcounts = costs.bitsValues * set.wordCount * COST.popcountWord + costs.listMembers * COST.listMember;
  const tallying = set.wordCount * COST.tallyWord + set.members * costs.mixedShare * COST.tallyMember;
  if (popcounts < tallying) {
    source.sets.forEach(
      (values, value) => (counts[value]! += sign * countSetInWords(values, set.bits, set.words, set.wordCount)),
    );
    return;
  }
  tallies.fill(0);
  tallyCombos(source, set, tallies);
  spreadCombos(source, tallies, counts, sign);
}

function tallyCombos(source: ValueCombinations, set: ListedBits, tallies: Uint32Array): void {
  const { combos, wordCombos } = source;
  const { bits, words, wordCount } = set;
  for (let position = 0; position < wordCount; position++) {
    const index = words[position]!;
    let word = bits[index]!;
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

/** Adds `sign` times each combination's tally to the counts of the values in that combination. */
function spreadCombos(source: ValueCombinations, tallies: Uint32Array, counts: Uint32Array, sign: 1 | -1): void {
  const { comboOffsets, comboItems } = source;
  for (let combo = 0; combo < tallies.length; combo++) {
    const amount = sign * tallies[combo]!;
    if (amount === 0) continue;
    for (let position = comboOffsets[combo]!, end = comboOffsets[combo + 1]!; position < end; position++)
      counts[comboItems[position]!]! += amount;
  }
}
