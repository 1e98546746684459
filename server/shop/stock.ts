/**
 * The catalog edits that take an order's units and give them back. The orders store applies them in the same
 * operation that stores the order (store.orders.place / change), on the freshest catalog with other catalog changes
 * held off, so that two shoppers ordering the last unit at once cannot both get it, on one instance or several.
 */
import { finishVariableProduct } from '../catalog/csv/variable-product.js';
import type { Product } from '../catalog/model.js';
import { ConflictError } from '../errors/domain-errors.js';
import { messageRef, type MessageRef } from '../i18n/message-ref.js';
import { inEnglish } from '../i18n/translator.js';
import type { CatalogData } from '../store/catalog-types.js';
import type { CatalogEdit } from '../store/store.js';
import { lineItemId } from './line-item.js';
import { available, purchasableById, type Purchasable } from '../catalog/purchasable.js';
import { moveStock } from '../catalog/stock-keeping.js';

/**
 * The shop cannot sell what was asked: fewer units are left than asked for, or the item has left the shop. The message
 * is the shopper's, shown where they asked (the cart, the checkout).
 */
export class OutOfStockError extends ConflictError {
  constructor(said: MessageRef) {
    super(inEnglish(said), { said });
  }
}

/** @throws OutOfStockError when `quantity` units of the item cannot be sold now */
export function assertInStock(item: Purchasable, quantity: number): void {
  const stock = available(item);
  if (stock === 0) throw new OutOfStockError(messageRef('cart.itemOutOfStock', { title: item.title }));
  if (quantity > stock)
    throw new OutOfStockError(messageRef('cart.onlyFewOfItem', { count: stock, title: item.title }));
}

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
      if (check) throw new OutOfStockError(messageRef('cart.itemGone'));
      continue;
    }
    const product = changed.get(item.product.id) ?? {
      ...item.product,
      variations: item.product.variations?.map((variation) => ({ ...variation })),
    };
    changed.set(product.id, product);
    const stocked = item.variation ? product.variations!.find((variation) => variation.id === item.itemId)! : product;
    if (check)
      assertInStock(
        { ...item, product, variation: item.variation ? (stocked as typeof item.variation) : null },
        line.quantity,
      );
    moveStock(stocked, line.quantity);
  }
  for (const product of changed.values()) if (product.type === 'variable') finishVariableProduct(product);
  return [...changed.values()];
}

/**
 * The edit that takes each line's units from `catalog`.
 * @throws OutOfStockError when a line asks for more than is in stock now, or for an item that is gone
 */
export function stockTakingEdit(catalog: CatalogData, lines: readonly StockLine[]): CatalogEdit {
  return { upsert: withStockMoved(catalog.products, lines, true), remove: [] };
}

/** The edit that gives each line's units back (an item removed from the shop since is left out). */
export function stockReturningEdit(catalog: CatalogData, lines: readonly StockLine[]): CatalogEdit {
  const negative = lines.map((line) => ({ ...line, quantity: -line.quantity }));
  return { upsert: withStockMoved(catalog.products, negative, false), remove: [] };
}
