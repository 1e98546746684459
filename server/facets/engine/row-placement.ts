/**
 * Where each product's rows sit, and how a catalog edit moves them, for incremental indexing (see engine.ts's
 * applyEdit). A product replaced by one with as many rows keeps its rows, so that a price or stock change rewrites rows
 * in place; one whose row count changes (variations added or removed), or a removed one, leaves its rows unused, and
 * new rows are appended after the last. Nothing in the engine depends on a product's rows being clustered with
 * similar products: clustering only makes counting faster, and a rebuild restores it.
 * @internal
 */
import type { Product } from '../../catalog/model.js';
import type { CatalogEdit } from '../../store/catalog-types.js';
import type { Bitset } from './bitset.js';
import { rowView, rowViewsOf, type CatalogRows } from './catalog-rows.js';
import { widenBitset } from './ordinal-set-edit.js';

/** One row before and after an edit: a null view is an unused row (appended rows start from null). */
export interface RowChange {
  row: number;
  before: Product | null;
  after: Product | null;
  /** The products the row belongs to (what sorts and text read); null where the view is null. */
  ownerBefore: Product | null;
  ownerAfter: Product | null;
}

export interface RowPlan {
  changes: RowChange[];
  /** Rows in use or unused after the edit: new rows are numbered up to here. */
  rowSpace: number;
}

interface Placement {
  first: number;
  count: number;
}

function setBitTo(bits: Bitset, row: number, on: boolean): void {
  if (on) bits[row >>> 5]! |= 1 << (row & 31);
  else bits[row >>> 5]! &= ~(1 << (row & 31));
}

export class RowPlacement {
  readonly #rows: CatalogRows;
  /** Product id -> its rows. */
  readonly #placement = new Map<number, Placement>();
  #unused = 0;

  /**
   * @param ids the product id of each row (the sort orders'): read instead of the rows' products, so that the rows
   *   of an engine restored from a snapshot can be placed before it holds its products
   */
  constructor(rows: CatalogRows, ids: Float64Array) {
    this.#rows = rows;
    const { firstRowOf } = rows;
    for (let row = 0; row < rows.size; row++) {
      if ((rows.live[row >>> 5]! & (1 << (row & 31))) === 0) {
        this.#unused++;
        continue;
      }
      const first = firstRowOf[row]!;
      const placement = this.#placement.get(ids[row]!);
      if (placement) placement.count++;
      else this.#placement.set(ids[row]!, { first, count: 1 });
    }
  }

  /** How many products the rows hold. */
  get products(): number {
    return this.#placement.size;
  }

  /** The rows of the product with this id: the first and how many; undefined when the rows hold no such product. */
  rowsOf(id: number): Readonly<Placement> | undefined {
    return this.#placement.get(id);
  }

  /** Rows no product uses any more: the waste a rebuild reclaims. */
  get unusedRows(): number {
    return this.#unused;
  }

  /** The row changes an edit makes, without making them (structures widen first when rows are appended). */
  plan(edit: CatalogEdit): RowPlan {
    const rows = this.#rows;
    const owners = rows.owners!;
    const removed = new Set(edit.remove);
    const changes: RowChange[] = [];
    let rowSpace = rows.size;
    const leave = (placement: Placement) => {
      for (let row = placement.first; row < placement.first + placement.count; row++) {
        changes.push({ row, before: rowView(rows, row), after: null, ownerBefore: owners[row]!, ownerAfter: null });
      }
    };
    for (const product of edit.upsert) {
      if (removed.has(product.id)) continue; // the store drops a product both replaced and removed
      const after = rowViewsOf(product);
      const placement = this.#placement.get(product.id);
      if (placement && placement.count === after.length) {
        after.forEach((view, index) => {
          const row = placement.first + index;
          changes.push({
            row,
            before: rowView(rows, row),
            after: view,
            ownerBefore: owners[row]!,
            ownerAfter: product,
          });
        });
        continue;
      }
      if (placement) leave(placement);
      for (const view of after)
        changes.push({ row: rowSpace++, before: null, after: view, ownerBefore: null, ownerAfter: product });
    }
    for (const id of removed) {
      const placement = this.#placement.get(id);
      if (placement) leave(placement);
    }
    return { changes, rowSpace };
  }

  /** Makes the planned changes in the rows table; its bitsets must already hold `plan.rowSpace` rows. */
  commit(plan: RowPlan, words: number): void {
    const rows = this.#rows;
    rows.firstRowOf = widenRows(rows.firstRowOf, words * 32);
    for (const key of ['live', 'shared', 'sole'] as const) rows[key] = widenBitset(rows[key], words);
    for (const change of plan.changes) {
      if (change.after !== null) continue;
      const { row } = change;
      // An unused row keeps its last view (nothing reads it) and counts as its own product's only row.
      if (rows.firstRowOf[row] === row) this.#placement.delete(change.ownerBefore!.id);
      rows.firstRowOf[row] = row;
      for (const bits of [rows.live, rows.shared, rows.sole]) setBitTo(bits, row, false);
      this.#unused++;
    }
    for (let index = 0; index < plan.changes.length; index++) {
      const change = plan.changes[index]!;
      if (change.after === null) continue;
      const { row } = change;
      const owner = change.ownerAfter!;
      if (change.before === null) {
        // Appended rows of one product are consecutive in the plan.
        const first = index > 0 && plan.changes[index - 1]!.ownerAfter === owner ? rows.firstRowOf[row - 1]! : row;
        rows.firstRowOf[row] = first;
        if (first === row) this.#placement.set(owner.id, { first, count: 0 });
        this.#placement.get(owner.id)!.count++;
        rows.size = Math.max(rows.size, row + 1);
      }
      rows.owners![row] = owner;
      setBitTo(rows.live, row, true);
    }
    // Shared or sole depends on the whole product's row count: set it once every row is placed.
    for (const change of plan.changes) {
      if (change.after === null) continue;
      const count = this.#placement.get(change.ownerAfter!.id)!.count;
      setBitTo(rows.shared, change.row, count > 1);
      setBitTo(rows.sole, change.row, count === 1);
      if (count > 1) rows.hasShared = true;
    }
  }
}

function widenRows(array: Uint32Array, length: number): Uint32Array {
  if (array.length >= length) return array;
  const wider = new Uint32Array(length);
  wider.set(array);
  return wider;
}
