/**
 * The arithmetic of a cart, without the store: adding, changing and merging lines within what is in stock, and
 * pricing them against the catalog. Prices are always read from the catalog at the moment, never kept in the cart.
 */
import { activePrice, type Product } from '../catalog/model.js';
import type { CartLine } from '../store/schema.js';

/** Most units of one product in one cart: a typo of 1000 should not become an order. */
export const MAX_LINE_QUANTITY = 99;

/** How many units of `product` can be sold now. */
export function available(product: Product): number {
  return product.in_stock ? Math.max(0, Math.min(product.stock_quantity, MAX_LINE_QUANTITY)) : 0;
}

export class StockError extends Error {}

/** @throws StockError when the product is out of stock or the cart would hold more than is available */
export function addLine(lines: CartLine[], product: Product, quantity: number): CartLine[] {
  const current = lines.find((line) => line.product_id === product.id)?.quantity ?? 0;
  return setLine(lines, product, current + quantity);
}

/** Sets a line's quantity; 0 removes it. @throws StockError as {@link addLine} */
export function setLine(lines: CartLine[], product: Product, quantity: number): CartLine[] {
  if (quantity > 0) {
    const stock = available(product);
    if (stock === 0) throw new StockError(`“${product.title}” is out of stock.`);
    if (quantity > stock) throw new StockError(`Only ${stock} of “${product.title}” ${stock === 1 ? 'is' : 'are'} available.`);
  }
  const others = lines.filter((line) => line.product_id !== product.id);
  if (quantity <= 0) return others;
  const index = lines.findIndex((line) => line.product_id === product.id);
  const updated = { product_id: product.id, quantity };
  return index < 0 ? [...lines, updated] : lines.map((line, at) => (at === index ? updated : line));
}

/** The lines of `from` added to `into` (signing in on a second device); each line stays within MAX_LINE_QUANTITY. */
export function mergeLines(into: CartLine[], from: CartLine[]): CartLine[] {
  const merged = into.map((line) => ({ ...line }));
  for (const line of from) {
    const same = merged.find((candidate) => candidate.product_id === line.product_id);
    if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity);
    else merged.push({ ...line });
  }
  return merged;
}

export interface PricedLine {
  product: Product;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** A problem to fix before ordering, e.g. fewer in stock than in the cart. */
  problem: string | null;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotal: number;
  /** Units in the cart, for the header's cart link. */
  count: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The cart against the catalog as it is now; a product that left the catalog is left out. */
export function priceCart(lines: readonly CartLine[], productById: (id: number) => Product | undefined): PricedCart {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const product = productById(line.product_id);
    if (!product) continue;
    const stock = available(product);
    const unitPrice = activePrice(product);
    priced.push({
      product,
      quantity: line.quantity,
      unitPrice,
      lineTotal: cents(unitPrice * line.quantity),
      problem: stock === 0 ? 'Out of stock: please remove it.' : line.quantity > stock ? `Only ${stock} available: please lower the quantity.` : null,
    });
  }
  return {
    lines: priced,
    subtotal: cents(priced.reduce((sum, line) => sum + line.lineTotal, 0)),
    count: priced.reduce((sum, line) => sum + line.quantity, 0),
  };
}
