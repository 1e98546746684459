/**
 * Per-facet index structures, built once from the catalog and the configuration:
 * - list facets (terms, categories, rating thresholds, booleans): the products of each value as an {@link OrdinalSet}
 *   (to apply selections) and, per product, its value combination: products share few distinct combinations (a
 *   category and its ancestors, a run of sizes), so counting can add one per product per combination, then spread;
 * - range facets: see range-index.ts.
 * @internal
 */
import { slugify, type CatalogData, type Product } from '../../catalog/model.js';
import { toOrdinalSet, type OrdinalSet } from './bitset.js';
import { grow } from './growable.js';
import type { FacetDefinition } from '../config.js';
import { buildRangeFacet, type RangeFacetIndex } from './range-index.js';
import type { SourceSpec } from '../sources.js';

export interface FacetValueInfo {
  /** The slug that appears in URLs. */
  value: string;
  label: string;
  /** Nesting depth in a category tree, 0 elsewhere. */
  depth: number;
  /** Index of the parent value in a category tree, -1 elsewhere. */
  parent: number;
}

export interface ListFacetIndex {
  kind: 'list';
  definition: FacetDefinition;
  /** Category tree order for hierarchies, alphabetical for terms, highest threshold first for ratings. */
  values: FacetValueInfo[];
  valueIndex: Map<string, number>;
  sets: OrdinalSet[];
  /** combos[p] is the value combination of product p; combination 0 is "no value". */
  combos: Uint32Array;
  /** Values of combination c are `comboItems[comboOffsets[c]] .. comboItems[comboOffsets[c+1]-1]`. */
  comboOffsets: Uint32Array;
  /**
   * Per 32-product word of a bitset, the one combination all its products have, or -1 when they differ: counting
   * adds a whole word at once where products are clustered (see product-clustering.ts).
   */
  wordCombos: Int32Array;
  comboItems: Uint32Array;
  /** A row's values, sorted and distinct, for incremental updates (see list-facet-update.ts). */
  valuesOfRow: (row: Product, out: number[]) => void;
  /**
   * Term facets only: how many rows have each term name, and a row's names. Which values exist and their labels
   * follow from these alone, so an update can keep them exactly as a fresh build would make them.
   */
  terms?: { rowsByName: Map<string, number>; namesOf: (row: Product) => readonly string[] };
}

/**
 * What counting reads of a list facet: its value sets and value combinations (also a product view's, see
 * product-view.ts).
 */
export type ValueCombinations = Pick<ListFacetIndex, 'sets' | 'combos' | 'comboOffsets' | 'comboItems' | 'wordCombos'>;

export type { RangeFacetIndex };
export type FacetIndex = ListFacetIndex | RangeFacetIndex;

export const RATING_THRESHOLDS = [4, 3, 2, 1];

/** Builds one facet's index. `spec` must be the source named by the definition. */
export function buildFacetIndex(definition: FacetDefinition, spec: SourceSpec, catalog: CatalogData): FacetIndex {
  const products = catalog.products;
  if (spec.kind === 'number' && definition.type !== 'rating') {
    return buildRangeFacet(
      definition,
      Float64Array.from(products, (product) => spec.number(product)),
      spec.number,
    );
  }
  if (spec.kind === 'term' && !spec.hierarchical) return buildTermFacet(definition, spec, catalog);
  const values =
    spec.kind === 'number'
      ? RATING_VALUES
      : spec.kind === 'boolean'
        ? booleanValues(definition.label)
        : categoryTree(catalog.categories).values;
  const valuesOfRow = rowReaderOf(spec, catalog, null);
  return buildListFacet(
    definition,
    values,
    products.length,
    (ordinal, out) => valuesOfRow(products[ordinal]!, out),
    valuesOfRow,
  );
}

const RATING_VALUES: FacetValueInfo[] = RATING_THRESHOLDS.map((threshold) => ({
  value: String(threshold),
  label: `${threshold} ${threshold === 1 ? 'star' : 'stars'} & up`,
  depth: 0,
  parent: -1,
}));

/** A toggle's choice reads as its facet's legend ("In stock", "Dostępne"), in the words the shop gave it. */
function booleanValues(label: string): FacetValueInfo[] {
  return [
    { value: '1', label, depth: 0, parent: -1 },
    { value: '0', label: `Not ${label.toLowerCase()}`, depth: 0, parent: -1 },
  ];
}

/**
 * How a row's values (indices, unsorted) are read for a source: what a build indexes, and what an incremental edit
 * reads of a changed row. A term facet's reader needs its index (it reads the value numbers at call time, as an edit
 * may renumber them); the others do not.
 */
export function rowReaderOf(
  spec: SourceSpec,
  catalog: Pick<CatalogData, 'categories' | 'attributes'>,
  index: Pick<ListFacetIndex, 'valueIndex'> | null,
): (row: Product, out: number[]) => void {
  if (spec.kind === 'number') {
    // A product rated 4.3 is in "4 & up", "3 & up", ...: nested sets, so OR of thresholds is the lowest one.
    return (row, out) => {
      const rating = spec.number(row);
      for (let position = 0; position < RATING_THRESHOLDS.length; position++)
        if (rating >= RATING_THRESHOLDS[position]!) out.push(position);
    };
  }
  if (spec.kind === 'boolean') return (row, out) => void out.push(spec.flag(row) ? 0 : 1);
  if (spec.hierarchical) {
    const { values, indexById } = categoryTree(catalog.categories);
    // Each category's chain of itself and its ancestors, walked once per category rather than once per product.
    const chains = new Map(
      [...indexById].map(([id, start]) => {
        const chain: number[] = [];
        for (let position = start; position >= 0; position = values[position]!.parent) chain.push(position);
        return [id, chain];
      }),
    );
    return (row, out) => {
      for (const id of row.category_ids) {
        for (const position of chains.get(id) ?? []) if (!out.includes(position)) out.push(position);
      }
    };
  }
  const catalogOfTerms = { ...catalog, products: [] };
  return (row, out) => {
    for (const name of spec.terms(row, catalogOfTerms)) {
      const value = index!.valueIndex.get(slugify(name));
      if (value !== undefined && !out.includes(value)) out.push(value);
    }
  };
}

function buildTermFacet(
  definition: FacetDefinition,
  spec: Extract<SourceSpec, { kind: 'term' }>,
  catalog: CatalogData,
): ListFacetIndex {
  // One pass over the products interns term names and records each product's names by number: values must be
  // sorted alphabetically before they get their indices, and a second pass over the objects would cost as much again.
  const nameIds = new Map<string, number>();
  const products = catalog.products;
  const starts = new Uint32Array(products.length + 1);
  let names: Uint32Array = new Uint32Array(Math.max(16, products.length * 2));
  let used = 0;
  for (let ordinal = 0; ordinal < products.length; ordinal++) {
    starts[ordinal] = used;
    for (const name of spec.terms(products[ordinal]!, catalog)) {
      if (used === names.length) names = grow(names, used);
      names[used++] = nameIds.get(name) ?? (nameIds.set(name, nameIds.size), nameIds.size - 1);
    }
  }
  starts[products.length] = used;
  // Rows per name: a name twice in one row counts once.
  const rowsByNameId = new Uint32Array(nameIds.size);
  const lastRow = new Int32Array(nameIds.size).fill(-1);
  for (let ordinal = 0; ordinal < products.length; ordinal++) {
    for (let position = starts[ordinal]!; position < starts[ordinal + 1]!; position++) {
      const id = names[position]!;
      if (lastRow[id] !== ordinal) (lastRow[id] = ordinal), rowsByNameId[id]!++;
    }
  }
  const rowsByName = new Map([...nameIds].map(([name, id]) => [name, rowsByNameId[id]!]));
  const values = termValues(rowsByName);
  const indexBySlug = new Map(values.map((info, index) => [info.value, index]));
  const indexByName = Int32Array.from(nameIds.keys(), (name) => indexBySlug.get(slugify(name)) ?? -1);
  const namesOf = (row: Product) => spec.terms(row, catalog);
  const index = buildListFacet(
    definition,
    values,
    products.length,
    (ordinal, out) => {
      for (let position = starts[ordinal]!; position < starts[ordinal + 1]!; position++) {
        const value = indexByName[names[position]!]!;
        if (value >= 0 && !out.includes(value)) out.push(value);
      }
    },
    (row, out) => rowsValues(row, out),
  );
  // Reads the value index at call time: an update may have renumbered the values.
  const rowsValues = rowReaderOf(spec, catalog, index);
  index.terms = { rowsByName, namesOf };
  return index;
}

/**
 * A term facet's values from the rows per name: one per slug that some row has, labelled with the smallest of its
 * names (code-unit order), so that the label depends on the catalog's contents, not on the order of its products.
 */
export function termValues(rowsByName: ReadonlyMap<string, number>): FacetValueInfo[] {
  const labelBySlug = new Map<string, string>();
  for (const [name, rows] of rowsByName) {
    const slug = slugify(name);
    if (rows === 0 || !slug) continue;
    const label = labelBySlug.get(slug);
    if (label === undefined || name < label) labelBySlug.set(slug, name);
  }
  const values = [...labelBySlug].map(([value, label]) => ({ value, label, depth: 0, parent: -1 }));
  return values.sort((a, b) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value));
}

/**
 * The category facet's values in tree order (a product counts in its categories and all their ancestors), and the
 * value of each category id.
 */
function categoryTree(categories: CatalogData['categories']): {
  values: FacetValueInfo[];
  indexById: Map<number, number>;
} {
  const children = new Map<number, CatalogData['categories']>();
  for (const category of categories) {
    const siblings = children.get(category.parent) ?? [];
    siblings.push(category);
    children.set(category.parent, siblings);
  }
  const values: FacetValueInfo[] = [];
  const indexById = new Map<number, number>();
  const visit = (parentId: number, parentIndex: number, depth: number): void => {
    const siblings = (children.get(parentId) ?? []).slice().sort((a, b) => a.name.localeCompare(b.name));
    for (const category of siblings) {
      if (indexById.has(category.id)) continue; // a cycle in bad data must not loop forever
      indexById.set(category.id, values.length);
      values.push({ value: category.slug, label: category.name, depth, parent: parentIndex });
      visit(category.id, values.length - 1, depth + 1);
    }
  };
  visit(0, -1, 0);
  return { values, indexById };
}

/** Interns each product's value combination and fills the per-value sets, from a function listing value indices. */
function buildListFacet(
  definition: FacetDefinition,
  values: FacetValueInfo[],
  size: number,
  valuesOf: (ordinal: number, out: number[]) => void,
  valuesOfRow: (row: Product, out: number[]) => void,
): ListFacetIndex {
  const combos = new Uint32Array(size);
  const comboValues: number[][] = [[]];
  // Sorted value lists are keyed by one number while it stays exact (a few values of a short list), else by text.
  const radix = values.length + 1;
  const exactLength = Math.floor(52 / Math.log2(radix + 1));
  const comboByKey = new Map<number | string, number>();
  const scratch: number[] = [];
  let previous: number[] = [];
  for (let ordinal = 0; ordinal < size; ordinal++) {
    scratch.length = 0;
    valuesOf(ordinal, scratch);
    sortSmall(scratch);
    // Clustered products (see product-clustering.ts) mostly repeat their neighbour's combination: skip the lookup.
    if (ordinal > 0 && sameValues(scratch, previous)) {
      combos[ordinal] = combos[ordinal - 1]!;
      continue;
    }
    let combo = 0;
    if (scratch.length > 0) {
      const key = scratch.length <= exactLength ? packValues(scratch, radix) : scratch.join(',');
      combo = comboByKey.get(key) ?? -1;
      if (combo < 0) comboValues.push([...scratch]), comboByKey.set(key, (combo = comboValues.length - 1));
    }
    combos[ordinal] = combo;
    previous = comboValues[combo]!;
  }
  const comboOffsets = new Uint32Array(comboValues.length + 1);
  comboValues.forEach((list, combo) => (comboOffsets[combo + 1] = comboOffsets[combo]! + list.length));
  const comboItems = Uint32Array.from(comboValues.flat());
  return {
    kind: 'list',
    definition,
    values,
    combos,
    comboOffsets,
    comboItems,
    wordCombos: uniformWords(combos),
    valuesOfRow: (row, out) => (valuesOfRow(row, out), sortSmall(out)),
    valueIndex: new Map(values.map((info, index) => [info.value, index])),
    sets: valueSets({ combos, comboOffsets, comboItems }, values.length, size),
  };
}

/** Each value's ordinals (of the first `size`), from the ordinals' value combinations. */
export function valueSets(
  index: Pick<ListFacetIndex, 'combos' | 'comboOffsets' | 'comboItems'>,
  valueCount: number,
  size: number,
): OrdinalSet[] {
  const { combos, comboOffsets, comboItems } = index;
  const perValue = new Uint32Array(valueCount);
  for (let ordinal = 0; ordinal < size; ordinal++) {
    for (let position = comboOffsets[combos[ordinal]!]!; position < comboOffsets[combos[ordinal]! + 1]!; position++)
      perValue[comboItems[position]!]!++;
  }
  // Counting sort: walking products in order leaves each value's ordinals already sorted.
  const lists = Array.from(perValue, (count) => new Uint32Array(count));
  const filled = new Uint32Array(valueCount);
  for (let ordinal = 0; ordinal < size; ordinal++) {
    const combo = combos[ordinal]!;
    for (let position = comboOffsets[combo]!; position < comboOffsets[combo + 1]!; position++) {
      const index = comboItems[position]!;
      lists[index]![filled[index]!++] = ordinal;
    }
  }
  return lists.map((list) => toOrdinalSet(list, size));
}

/** A sorted list of value indices as one exact number, read in base `radix`. */
function packValues(sorted: readonly number[], radix: number): number {
  let packed = 0;
  for (let index = 0; index < sorted.length; index++) packed = packed * radix + sorted[index]! + 1;
  return packed;
}

/** Insertion sort: lists of a few values sort faster without a comparator call per step. */
export function sortSmall(list: number[]): void {
  for (let index = 1; index < list.length; index++) {
    const value = list[index]!;
    let position = index - 1;
    while (position >= 0 && list[position]! > value) (list[position + 1] = list[position]!), position--;
    list[position + 1] = value;
  }
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

export function uniformWords(combos: Uint32Array): Int32Array {
  const words = new Int32Array((combos.length + 31) >>> 5);
  for (let word = 0; word < words.length; word++) words[word] = uniformCombo(combos, word);
  return words;
}

/**
 * The one combination of all 32 slots of a word, or -1 when they differ. Slots past the rows count as combination 0
 * ("no value"), which they have once the array is widened: an edit may later append a row there without changing
 * its combination (a row with no value of the facet), and the word must already be right for it. Judging only the
 * rows that exist would let a partly filled word stay uniform under a combination the appended row lacks, and count
 * that row under its values.
 */
export function uniformCombo(combos: Uint32Array, word: number): number {
  const start = word << 5;
  const end = Math.min(start + 32, combos.length);
  const combo = combos[start]!;
  for (let row = start + 1; row < end; row++) if (combos[row] !== combo) return -1;
  return end - start === 32 || combo === 0 ? combo : -1;
}
