/**
 * The catalog edits that take an order's units and give them back. The orders store applies them in the same
 * operation that stores the order (store.orders.place / change), on the freshest catalog with other catalog changes
 * held off, so that two shoppers ordering the last unit at once cannot both get it, on one instance or several.
 */
import { finishVariableProduct } from '../catalog/csv/variable-product.js';
import type { Product } from '../catalog/model.js';
import type { CatalogData } from '../store/catalog-types.js';
import type { CatalogEdit } from '../store/store.js';
import { assertInStock, lineItemId } from './cart/cart-lines.js';
import { purchasableById } from '../catalog/purchasable.js';

export interface StockLine {
  product_id: number;
  variation_id?: number;
  quantity: number;
}

/** The products with each line's units taken (negative quantities give them back); variable ones re-summarised. */
function withStockMoved(products: readonly Product[], lines: readonly StockLine[], check: boolean): Product[] {
  const changed = new Map<number, Product>();
  for (const line of lines) {
    const item = purchasableById(products, lineItemId(line));
    if (!item) {
      if (check) throw new StockLineGoneError(line);
      continue;
    }
    const product = changed.get(item.product.id) ?? { ...item.product, variations: item.product.variations?.map((variation) => ({ ...variation })) };
    changed.set(product.id, product);
    const stocked = item.variation ? product.variations!.find((variation) => variation.id === item.itemId)! : product;
    if (check) assertInStock({ ...item, product, variation: item.variation ? stocked as typeof item.variation : null }, line.quantity);
    stocked.stock_quantity = Math.max(0, stocked.stock_quantity - line.quantity);
    stocked.in_stock = stocked.stock_quantity > 0;
  }
  for (const product of changed.values()) if (product.type === 'variable') finishVariableProduct(product);
  return [...changed.values()];
}

export class StockLineGoneError extends Error {
  constructor(readonly line: StockLine) {
    super('An item in your cart is no longer in the shop: please review your cart.');
  }
}

/**
 * The edit that takes each line's units from `catalog`.
 * @throws StockError when a line asks for more than is in stock now; StockLineGoneError for an item that is gone
 */
export function stockTakingEdit(catalog: CatalogData, lines: readonly StockLine[]): CatalogEdit {
  return { upsert: withStockMoved(catalog.products, lines, true), remove: [] };
}

/** The edit that gives each line's units back (an item removed from the shop since is left out). */
export function stockReturningEdit(catalog: CatalogData, lines: readonly StockLine[]): CatalogEdit {
  const negative = lines.map((line) => ({ ...line, quantity: -line.quantity }));
  return { upsert: withStockMoved(catalog.products, negative, false), remove: [] };
}
