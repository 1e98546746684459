/**
 * Brings the precomputed sort orders up to date with changed rows. A row whose key changed moves from its place to
 * its new one, shifting only the rows in between (and their ranks); an unused row leaves every order; a new row is
 * inserted where a build would put it. Orders compare (key, product id, row), as a build's stable sort does.
 * Keys are taken when a row is indexed: a sale that starts later moves a product only at the next rebuild, as before.
 * @internal
 */
import type { StaticOrderby, SortOrder } from './sort-orders.js';
import type { RowChange } from './row-placement.js';

type Orders = Record<StaticOrderby, SortOrder>;

/** Makes room for rows up to `words` * 32 in every order. */
export function widenSortOrders(orders: Orders, words: number): void {
  const rows = words * 32;
  const first = Object.values(orders)[0]!;
  if (first.rank.length >= rows) return;
  const ids = widen(first.ids, rows);
  for (const order of Object.values(orders)) {
    order.rank = widen(order.rank, rows);
    order.keys = widen(order.keys, rows);
    order.ids = ids;
  }
}

export function updateSortOrders(orders: Orders, changes: readonly RowChange[]): void {
  for (const order of Object.values(orders)) {
    for (const { row, before, after, ownerAfter } of changes) {
      if (!after) {
        if (before) removeRow(order, row);
        continue;
      }
      const key = order.keyOf(ownerAfter!);
      if (before && Object.is(key, order.keys[row]) && order.ids[row] === ownerAfter!.id) continue;
      order.keys[row] = key;
      order.ids[row] = ownerAfter!.id;
      if (before) moveRow(order, row);
      else insertRow(order, row);
    }
  }
}

/** Whether row `a` sorts before row `b`: by key (NaN last), then id, then row. */
function before(order: SortOrder, a: number, b: number): boolean {
  const keyA = order.keys[a]!;
  const keyB = order.keys[b]!;
  if (keyA !== keyB) return Number.isNaN(keyB) || keyA < keyB;
  if (order.ids[a] !== order.ids[b]) return order.ids[a]! < order.ids[b]!;
  return a < b;
}

/**
 * Where `row` goes: the first position whose row sorts after it, counted as if the position `skip` (the row's
 * own old place, or -1) were not there.
 */
function insertionPoint(order: SortOrder, row: number, skip = -1): number {
  let low = 0;
  let high = order.ordinals.length - (skip >= 0 ? 1 : 0);
  while (low < high) {
    const middle = (low + high) >>> 1;
    const other = order.ordinals[skip >= 0 && middle >= skip ? middle + 1 : middle]!;
    if (before(order, other, row)) low = middle + 1;
    else high = middle;
  }
  return low;
}

function moveRow(order: SortOrder, row: number): void {
  const from = order.rank[row]!;
  const to = insertionPoint(order, row, from);
  const { ordinals, rank } = order;
  if (to > from) ordinals.copyWithin(from, from + 1, to + 1);
  else if (to < from) ordinals.copyWithin(to + 1, to, from);
  ordinals[to] = row;
  for (let position = Math.min(from, to); position <= Math.max(from, to); position++)
    rank[ordinals[position]!] = position;
}

function removeRow(order: SortOrder, row: number): void {
  const from = order.rank[row]!;
  const size = order.ordinals.length;
  order.ordinals.copyWithin(from, from + 1);
  order.ordinals = order.ordinals.subarray(0, size - 1);
  for (let position = from; position < size - 1; position++) order.rank[order.ordinals[position]!] = position;
}

function insertRow(order: SortOrder, row: number): void {
  const to = insertionPoint(order, row);
  const size = order.ordinals.length;
  const capacity = order.ordinals.buffer.byteLength / 4;
  let ordinals: Uint32Array;
  if (order.ordinals.byteOffset === 0 && capacity > size) {
    ordinals = new Uint32Array(order.ordinals.buffer, 0, size + 1);
  } else {
    ordinals = new Uint32Array(size + 1 + Math.max(64, size >>> 4)).subarray(0, size + 1);
    ordinals.set(order.ordinals);
  }
  ordinals.copyWithin(to + 1, to, size);
  ordinals[to] = row;
  order.ordinals = ordinals;
  for (let position = to; position <= size; position++) order.rank[ordinals[position]!] = position;
}

function widen<T extends Uint32Array | Float64Array>(array: T, length: number): T {
  if (array.length >= length) return array;
  const wider = new (array.constructor as new (length: number) => T)(length);
  wider.set(array);
  return wider;
}
