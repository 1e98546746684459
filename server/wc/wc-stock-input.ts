/**
 * A `wc/v3` body's stock fields, read and applied as WooCommerce has them: `manage_stock` (tracked or not),
 * `stock_quantity`, `backorders` (`no`, `notify`, `yes`) and `stock_status`. A tracked item's status follows from its
 * quantity and backorders; an item that is not tracked is what its status says. A tracked item needs a quantity: an
 * empty one is refused rather than stored as 0, which would show an item that cannot be bought.
 */
import type { Backorders } from '../catalog/model.js';
import { BACKORDERS, managesStock, type StockedItem, type StockStatus } from '../catalog/stock-keeping.js';
import type { BodyReader } from './wc-body-reader.js';

const MAX_STOCK = 1e9;

/** The stock fields a body sets; an absent field is left as it is. */
export interface StockInput {
  manage_stock?: boolean;
  /** Null: the body sent an empty quantity (null or ""). */
  stock_quantity?: number | null;
  backorders?: Backorders;
  stock_status?: StockStatus;
}

export const QUANTITY_REQUIRED =
  'stock_quantity must be a whole number when manage_stock is true: enter how many are in stock, or set manage_stock to false to sell without counting.';

export function readStockInput(reader: BodyReader): StockInput {
  const empty =
    reader.has('stock_quantity') && (reader.body.stock_quantity === null || reader.body.stock_quantity === '');
  return {
    manage_stock: reader.scalar<boolean>('manage_stock', { type: 'boolean' }),
    stock_quantity: empty
      ? null
      : reader.scalar<number>('stock_quantity', { type: 'integer', minimum: -MAX_STOCK, maximum: MAX_STOCK }),
    backorders: reader.scalar<Backorders>('backorders', { type: 'string', enum: [...BACKORDERS] }),
    stock_status: reader.scalar<StockStatus>('stock_status', {
      type: 'string',
      enum: ['instock', 'outofstock', 'onbackorder'],
    }),
  };
}

/**
 * Applies the stock fields to `item` in place, or names what is wrong in `problems` (then `item` may be half changed:
 * callers work on a copy and store it only without problems). A quantity sent without `manage_stock` turns tracking
 * on, so that a client that only ever sends quantities keeps counting them.
 */
export function applyStockInput(item: StockedItem, input: StockInput, problems: Record<string, string>): void {
  const tracked = input.manage_stock ?? (typeof input.stock_quantity === 'number' ? true : managesStock(item));
  if (input.backorders !== undefined) item.backorders = input.backorders;
  if (!tracked) {
    item.manage_stock = false;
    if (input.stock_status !== undefined) {
      item.in_stock = input.stock_status !== 'outofstock';
      // An item that is not tracked is on backorder because its owner says so; `notify` lets the shopper know.
      if (input.stock_status === 'onbackorder' && (item.backorders ?? 'no') === 'no') item.backorders = 'notify';
      if (input.stock_status === 'instock' && input.backorders === undefined) item.backorders = 'no';
    }
    return;
  }
  const quantity = input.stock_quantity;
  if (quantity === null || (quantity === undefined && !managesStock(item))) {
    problems.stock_quantity = QUANTITY_REQUIRED;
    return;
  }
  item.manage_stock = true;
  if (quantity !== undefined) item.stock_quantity = quantity;
  const sellsOn = (item.backorders ?? 'no') !== 'no';
  // An explicit `outofstock` stops sales whatever the count; otherwise the count and backorders decide.
  item.in_stock = input.stock_status === 'outofstock' ? false : item.stock_quantity > 0 || sellsOn;
}
