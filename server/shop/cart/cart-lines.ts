/**
 * The arithmetic of a cart, without the store: adding, changing and merging lines within what is in stock, and
 * pricing them against the catalog. Prices are always read from the catalog at the moment, never kept in the cart.
 * A line is one purchasable item (purchasable.ts): a simple product or one variation.
 */
import type { CartLine } from '../../store/schema.js';
import { available, MAX_LINE_QUANTITY, unitPrice, type Purchasable } from '../../catalog/purchasable.js';
import { lineItemId } from '../line-item.js';
import { assertInStock } from '../stock.js';
import { messageRef, type MessageRef } from '../../i18n/message-ref.js';

function lineFor(item: Purchasable, quantity: number): CartLine {
  return item.variation
    ? { product_id: item.product.id, variation_id: item.variation.id, quantity }
    : { product_id: item.product.id, quantity };
}

/** @throws OutOfStockError when the item is out of stock or the cart would hold more than is available */
export function addLine(lines: CartLine[], item: Purchasable, quantity: number): CartLine[] {
  const current = lines.find((line) => lineItemId(line) === item.itemId)?.quantity ?? 0;
  return setLine(lines, item, current + quantity);
}

/** Sets a line's quantity; 0 removes it. @throws OutOfStockError as {@link addLine} */
export function setLine(lines: CartLine[], item: Purchasable, quantity: number): CartLine[] {
  if (quantity > 0) assertInStock(item, quantity);
  const others = lines.filter((line) => lineItemId(line) !== item.itemId);
  if (quantity <= 0) return others;
  const index = lines.findIndex((line) => lineItemId(line) === item.itemId);
  const updated = lineFor(item, quantity);
  return index < 0 ? [...lines, updated] : lines.map((line, at) => (at === index ? updated : line));
}

/** The lines of `from` added to `into` (signing in on a second device); each line stays within MAX_LINE_QUANTITY. */
export function mergeLines(into: CartLine[], from: CartLine[]): CartLine[] {
  const merged = into.map((line) => ({ ...line }));
  for (const line of from) {
    const same = merged.find((candidate) => lineItemId(candidate) === lineItemId(line));
    if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity);
    else merged.push({ ...line });
  }
  return merged;
}

export interface PricedLine {
  item: Purchasable;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** A problem to fix before ordering, e.g. fewer in stock than in the cart. */
  problem: MessageRef | null;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotal: number;
  /** Units in the cart, for the header's cart link. */
  count: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The cart against the catalog as it is now; an item that left the catalog is left out. */
export function priceCart(lines: readonly CartLine[], itemById: (id: number) => Purchasable | undefined): PricedCart {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const item = itemById(lineItemId(line));
    if (!item) continue;
    const stock = available(item);
    const price = unitPrice(item);
    priced.push({
      item,
      quantity: line.quantity,
      unitPrice: price,
      lineTotal: cents(price * line.quantity),
      problem:
        stock === 0
          ? messageRef('cart.lineOutOfStock')
          : line.quantity > stock
            ? messageRef('cart.lineOverStock', { count: stock })
            : null,
    });
  }
  return {
    lines: priced,
    subtotal: cents(priced.reduce((sum, line) => sum + line.lineTotal, 0)),
    count: priced.reduce((sum, line) => sum + line.quantity, 0),
  };
}
