/**
 * Brings a list facet's index up to date with changed rows, leaving it as a fresh build of the same rows would
 * answer: each row leaves the sets of the values it lost and joins those it gained, gets its value combination
 * (interned, new ones appended), and the words it sits in are re-checked for a uniform combination.
 * A term facet's values follow its terms: a new term adds a value, a term no row has any more drops one, and the
 * values are renumbered in their display order (see termValues) before the rows move.
 * @internal
 */
import type { Product } from '../../catalog/model.js';
import type { OrdinalSet } from './bitset.js';
import {
  sortSmall,
  termValues,
  uniformCombo,
  type FacetValueInfo,
  type ListFacetIndex,
  type ValueCombinations,
} from './facet-index.js';
import { addOrdinal, emptySet, removeOrdinal, widenSet } from './ordinal-set-edit.js';
import type { RowChange } from './row-placement.js';

/** Per index, its combinations by their value list: built on the first update, kept in step after. */
const comboLookups = new WeakMap<ValueCombinations, Map<string, number>>();

/** Makes room for rows up to `words` * 32 in every row-indexed array and bitset of the facet. */
export function widenListFacet(index: ValueCombinations, words: number): void {
  if (index.combos.length < words * 32) {
    const combos = new Uint32Array(words * 32);
    combos.set(index.combos);
    index.combos = combos;
  }
  if (index.wordCombos.length < words) {
    const wordCombos = new Int32Array(words); // combination 0, "no value", for the empty new rows
    wordCombos.set(index.wordCombos);
    index.wordCombos = wordCombos;
  }
  index.sets = index.sets.map((set) => widenSet(set, words));
}

/**
 * Applies row changes to a list facet.
 * @param words the bitsets' length in words, for sets that turn from lists into bitsets
 */
export function updateListFacet(index: ListFacetIndex, changes: readonly RowChange[], words: number): void {
  if (index.terms) followTerms(index, index.terms, changes);
  const rows = new RowValueWriter(index, words);
  const after: number[] = [];
  for (const { row, after: view } of changes) {
    after.length = 0;
    if (view) index.valuesOfRow(view, after);
    rows.set(row, after);
  }
  rows.finish();
}

/**
 * Gives rows of a value-combination index new value lists, keeping its sets, interned combinations and uniform
 * words as a build would leave them. The facet indexes and the counter's product views (product-view.ts) share it.
 */
export class RowValueWriter {
  readonly #index: ValueCombinations;
  readonly #lookup: Map<string, number>;
  readonly #words: number;
  readonly #before: number[] = [];
  readonly #touchedWords = new Set<number>();

  /** @param words the bitsets' length in words, for sets that turn from lists into bitsets */
  constructor(index: ValueCombinations, words: number) {
    this.#index = index;
    this.#lookup = comboLookupOf(index);
    this.#words = words;
  }

  /** Gives `row` the sorted, distinct value list `after`. */
  set(row: number, after: readonly number[]): void {
    const index = this.#index;
    const before = this.#before;
    readCombo(index, index.combos[row]!, before);
    if (sameValues(before, after)) return;
    for (const value of before) if (!after.includes(value)) index.sets[value] = removeOrdinal(index.sets[value]!, row);
    for (const value of after)
      if (!before.includes(value)) index.sets[value] = addOrdinal(index.sets[value]!, row, this.#words);
    index.combos[row] = internCombo(index, this.#lookup, after);
    this.#touchedWords.add(row >>> 5);
  }

  /** Re-judges the uniform words: only a row whose combination changed can change its word's. */
  finish(): void {
    // Every slot of a word, used or not, is judged.
    for (const word of this.#touchedWords) this.#index.wordCombos[word] = uniformCombo(this.#index.combos, word);
    this.#touchedWords.clear();
  }
}

/**
 * Counts the changed rows' term names out and in; renumbers the values when that changes which exist or their labels.
 */
function followTerms(
  index: ListFacetIndex,
  terms: NonNullable<ListFacetIndex['terms']>,
  changes: readonly RowChange[],
): void {
  // Only a name that appears or vanishes can change the values or their labels: then they are worked out again.
  let namesChanged = false;
  const add = (view: Product | null, delta: 1 | -1) => {
    if (!view) return;
    for (const name of new Set(terms.namesOf(view))) {
      const rows = (terms.rowsByName.get(name) ?? 0) + delta;
      if (rows === 0 || rows === delta) namesChanged = true;
      if (rows === 0) terms.rowsByName.delete(name);
      else terms.rowsByName.set(name, rows);
    }
  };
  for (const change of changes) add(change.before, -1), add(change.after, 1);
  if (!namesChanged) return;
  const values = termValues(terms.rowsByName);
  const unchanged =
    values.length === index.values.length &&
    values.every(
      (info, position) => info.value === index.values[position]!.value && info.label === index.values[position]!.label,
    );
  if (!unchanged) renumberValues(index, values);
}

/** Replaces the values by `values`, carrying each kept value's set and rewriting the combinations in new numbers. */
function renumberValues(index: ListFacetIndex, values: FacetValueInfo[]): void {
  const newIndex = new Map(values.map((info, position) => [info.value, position]));
  const renumber = Int32Array.from(index.values, (info) => newIndex.get(info.value) ?? -1);
  const sets: OrdinalSet[] = values.map(() => emptySet());
  index.values.forEach((_, old) => renumber[old]! >= 0 && (sets[renumber[old]!] = index.sets[old]!));
  const combos = index.comboOffsets.length - 1;
  const offsets = new Uint32Array(combos + 1);
  const items: number[] = [];
  const list: number[] = [];
  for (let combo = 0; combo < combos; combo++) {
    list.length = 0;
    for (let at = index.comboOffsets[combo]!; at < index.comboOffsets[combo + 1]!; at++) {
      const value = renumber[index.comboItems[at]!]!;
      // A dropped value is in no row that stays: only rows about to change still name it.
      if (value >= 0) list.push(value);
    }
    sortSmall(list);
    items.push(...list);
    offsets[combo + 1] = items.length;
  }
  index.values = values;
  index.valueIndex = newIndex;
  index.sets = sets;
  index.comboOffsets = offsets;
  index.comboItems = Uint32Array.from(items);
  comboLookups.delete(index);
}

function comboLookupOf(index: ValueCombinations): Map<string, number> {
  let lookup = comboLookups.get(index);
  if (!lookup) {
    lookup = new Map();
    const list: number[] = [];
    for (let combo = index.comboOffsets.length - 2; combo >= 0; combo--) {
      readCombo(index, combo, list);
      lookup.set(list.join(','), combo); // walking down leaves the lowest of equal combinations, as a build finds first
    }
    comboLookups.set(index, lookup);
  }
  return lookup;
}

function readCombo(index: ValueCombinations, combo: number, out: number[]): void {
  out.length = 0;
  for (let at = index.comboOffsets[combo]!; at < index.comboOffsets[combo + 1]!; at++) out.push(index.comboItems[at]!);
}

/** The combination of a sorted value list, appended when new. */
function internCombo(index: ValueCombinations, lookup: Map<string, number>, values: readonly number[]): number {
  if (values.length === 0) return 0;
  const key = values.join(',');
  const known = lookup.get(key);
  if (known !== undefined) return known;
  const combo = index.comboOffsets.length - 1;
  const offsets = new Uint32Array(combo + 2);
  offsets.set(index.comboOffsets);
  offsets[combo + 1] = offsets[combo]! + values.length;
  const items = new Uint32Array(offsets[combo + 1]!);
  items.set(index.comboItems);
  items.set(values, offsets[combo]!);
  index.comboOffsets = offsets;
  index.comboItems = items;
  lookup.set(key, combo);
  return combo;
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, position) => value === b[position]);
}
