/**
 * Brings a range facet's index up to date with changed rows: a row whose value changed leaves its place in the
 * sorted order and is inserted at its new one, and each prefix bitset whose boundary the move crosses trades one
 * row for its neighbour, so that a change costs one shift of the sorted arrays and a few bits per prefix instead of
 * a sort. Unused rows leave the sorted order, so that `ascending.length` stays the number of rows in use.
 * Among rows of equal value the order is free: selections and bounds only read values.
 * @internal
 */
import type { RangeFacetIndex } from './range-index.js';
import type { RowChange } from './row-placement.js';
import { widenBitset } from './ordinal-set-edit.js';
import { lowerBound } from './sorted-search.js';

/** Makes room for rows up to `words` * 32 in the column and the prefixes. */
export function widenRangeFacet(facet: RangeFacetIndex, words: number): void {
  if (facet.column.length < words * 32) {
    const column = new Float64Array(words * 32);
    column.set(facet.column);
    facet.column = column;
  }
  facet.prefixes = facet.prefixes.map((prefix) => widenBitset(prefix, words));
}

export function updateRangeFacet(facet: RangeFacetIndex, changes: readonly RowChange[]): void {
  for (const { row, before, after } of changes) {
    const value = after ? facet.numberOf(after) : NaN;
    if (before && after && Object.is(value, facet.column[row])) continue;
    if (before) removeAt(facet, positionOf(facet, row));
    if (after) insertAt(facet, row, value);
    facet.column[row] = value;
  }
}

/** Where `row` sits in the sorted order. */
function positionOf(facet: RangeFacetIndex, row: number): number {
  const value = facet.column[row]!;
  const { ascending, sortedValues } = facet;
  // NaN sorts last and matches no comparison: look for it from the end.
  if (Number.isNaN(value)) return ascending.lastIndexOf(row);
  for (let position = lowerBound(sortedValues, value); position < ascending.length; position++)
    if (ascending[position] === row) return position;
  throw new Error(`Row ${row} is missing from the sorted order of facet "${facet.definition.name}".`);
}

function removeAt(facet: RangeFacetIndex, position: number): void {
  const { ascending, sortedValues, prefixes, step } = facet;
  const size = ascending.length;
  const row = ascending[position]!;
  // Every prefix past the position loses the row and gains the row that slides down into its last place.
  for (let prefix = Math.floor(position / step) + 1; prefix < prefixes.length; prefix++) {
    const bits = prefixes[prefix]!;
    bits[row >>> 5]! &= ~(1 << (row & 31));
    const boundary = prefix * step;
    if (boundary < size) bits[ascending[boundary]! >>> 5]! |= 1 << (ascending[boundary]! & 31);
  }
  ascending.copyWithin(position, position + 1);
  sortedValues.copyWithin(position, position + 1);
  facet.ascending = ascending.subarray(0, size - 1);
  facet.sortedValues = sortedValues.subarray(0, size - 1);
}

function insertAt(facet: RangeFacetIndex, row: number, value: number): void {
  const size = facet.ascending.length;
  const position = Number.isNaN(value)
    ? size
    : lowerBound(facet.sortedValues.subarray(0, firstNaN(facet.sortedValues)), value, true);
  const ascending = withRoom(facet.ascending);
  const sortedValues = withRoom(facet.sortedValues);
  // The last prefix must cover every row: add one when the order outgrows them.
  if (Math.ceil((size + 1) / facet.step) > facet.prefixes.length - 1)
    facet.prefixes.push(facet.prefixes.at(-1)!.slice());
  for (let prefix = Math.floor(position / facet.step) + 1; prefix < facet.prefixes.length; prefix++) {
    const bits = facet.prefixes[prefix]!;
    bits[row >>> 5]! |= 1 << (row & 31);
    // The row that sat last inside this prefix slides out past its boundary.
    const boundary = prefix * facet.step;
    if (boundary <= size) bits[ascending[boundary - 1]! >>> 5]! &= ~(1 << (ascending[boundary - 1]! & 31));
  }
  ascending.copyWithin(position + 1, position, size);
  sortedValues.copyWithin(position + 1, position, size);
  ascending[position] = row;
  sortedValues[position] = value;
  facet.ascending = ascending;
  facet.sortedValues = sortedValues;
}

/** The first NaN of sorted values (they sit at the end), or the length. */
function firstNaN(sorted: Float64Array): number {
  let end = sorted.length;
  while (end > 0 && Number.isNaN(sorted[end - 1]!)) end--;
  return end;
}

/** A view one longer over the same memory when it has room, else over a larger copy (with slack for more inserts). */
function withRoom<T extends Uint32Array | Float64Array>(view: T): T {
  const Type = view.constructor as new (buffer: ArrayBufferLike, offset: number, length: number) => T;
  const capacity = view.buffer.byteLength / view.BYTES_PER_ELEMENT;
  if (view.byteOffset === 0 && capacity > view.length) return new Type(view.buffer, 0, view.length + 1);
  const larger = new (view.constructor as new (length: number) => T)(view.length + 1 + Math.max(64, view.length >>> 4));
  larger.set(view);
  return larger.subarray(0, view.length + 1) as T;
}
