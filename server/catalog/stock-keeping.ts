/**
 * How an item's stock is kept, as WooCommerce keeps it: tracked (a quantity counted down by orders, with backorders
 * `no`, `notify` or `yes`) or not tracked (buyable while its status says so). Every reader of stock (the cart, the
 * checkout's stock taking, the stock line shoppers see, wc/v3) asks here, so that the rules are written once.
 */
import type { Backorders, StockKeeping } from '../store/catalog-types.js';

/** A simple product or a variation, as far as its stock goes. */
export interface StockedItem extends StockKeeping {
  in_stock: boolean;
  stock_quantity: number;
}

export type StockStatus = 'instock' | 'outofstock' | 'onbackorder';

export const BACKORDERS: readonly Backorders[] = ['no', 'notify', 'yes'];

/** Whether the item's quantity is counted (items stored before tracking could be turned off always were). */
export function managesStock(item: StockKeeping): boolean {
  return item.manage_stock !== false;
}

export function backordersOf(item: StockKeeping): Backorders {
  return item.backorders ?? 'no';
}

/**
 * WooCommerce's `stock_status`: a tracked item is out of stock at a quantity of 0 or less unless it takes backorders,
 * and on backorder then; an item that is not tracked is what its owner set.
 */
export function stockStatus(item: StockedItem): StockStatus {
  if (!item.in_stock) return 'outofstock';
  const backorders = backordersOf(item);
  if (!managesStock(item)) return backorders === 'no' ? 'instock' : 'onbackorder';
  if (item.stock_quantity > 0) return 'instock';
  return backorders === 'no' ? 'outofstock' : 'onbackorder';
}

/** WooCommerce's `backordered`: the item is being sold beyond its stock now. */
export function isBackordered(item: StockedItem): boolean {
  return stockStatus(item) === 'onbackorder';
}

/**
 * How many units can be sold now, at most `cap`: a tracked item without backorders its quantity, any other buyable
 * item as many as asked.
 */
export function sellableUnits(item: StockedItem, cap: number): number {
  if (stockStatus(item) === 'outofstock') return 0;
  if (managesStock(item) && backordersOf(item) === 'no') return Math.max(0, Math.min(item.stock_quantity, cap));
  return cap;
}

/**
 * Takes `units` from a tracked item in place (negative units give them back); an item that is not tracked is left as
 * it is. Without backorders the quantity stops at 0; with them it goes below, counting the units owed.
 */
export function moveStock(item: StockedItem, units: number): void {
  if (!managesStock(item)) return;
  const backorders = backordersOf(item);
  const left = item.stock_quantity - units;
  item.stock_quantity = backorders === 'no' ? Math.max(0, left) : left;
  item.in_stock = item.stock_quantity > 0 || backorders !== 'no';
}
