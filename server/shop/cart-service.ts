/**
 * The visitor's cart: found by the cart cookie, changed in one store operation, checked against the stock in the
 * catalog, and handed to the user when they sign in. Knows nothing of HTTP beyond the token it is given.
 */
import { productById } from '../catalog/catalog-lookup.js';
import type { Store } from '../store/store.js';
import { addLine, mergeLines, priceCart, setLine, StockError, type PricedCart } from './cart-lines.js';

export { StockError };

export class CartInputError extends Error {}

export async function readCart(store: Store, tokenHash: string | null): Promise<PricedCart> {
  const cart = tokenHash ? await store.carts.find(tokenHash) : null;
  return priceCart(cart?.lines ?? [], (id) => productById(store.catalog.data.products, id));
}

function productOrThrow(store: Store, productId: number) {
  const product = Number.isSafeInteger(productId) ? productById(store.catalog.data.products, productId) : undefined;
  if (!product) throw new CartInputError('This product is no longer in the shop.');
  return product;
}

function wholeQuantity(raw: unknown, allowZero: boolean): number {
  const quantity = Number(raw);
  if (!Number.isInteger(quantity) || quantity < (allowZero ? 0 : 1) || quantity > 999) throw new CartInputError('Enter a whole number of items.');
  return quantity;
}

/** @throws CartInputError for an unknown product or a bad quantity, StockError when not enough is in stock */
export async function addToCart(store: Store, tokenHash: string, productId: number, rawQuantity: unknown = 1): Promise<PricedCart> {
  const product = productOrThrow(store, productId);
  const quantity = wholeQuantity(rawQuantity, false);
  await store.carts.update(tokenHash, (lines) => addLine(lines, product, quantity));
  return readCart(store, tokenHash);
}

/** Sets the quantity of every product named in `quantities` (0 removes it). @throws as {@link addToCart} */
export async function changeCart(store: Store, tokenHash: string, quantities: ReadonlyMap<number, unknown>): Promise<PricedCart> {
  const wanted = [...quantities].map(([productId, raw]) => ({ product: productById(store.catalog.data.products, productId), quantity: wholeQuantity(raw, true), productId }));
  await store.carts.update(tokenHash, (lines) => {
    let next = lines;
    for (const { product, quantity, productId } of wanted) {
      next = product ? setLine(next, product, quantity) : next.filter((line) => line.product_id !== productId);
    }
    return next;
  });
  return readCart(store, tokenHash);
}

/** On sign-in: the visitor's cart becomes the user's, with what they left in a cart on another device added. */
export async function claimCart(store: Store, tokenHash: string, userId: number): Promise<void> {
  await store.carts.claim(tokenHash, userId, mergeLines);
}

/** Empties the cart (after an order). */
export async function emptyCart(store: Store, tokenHash: string): Promise<void> {
  await store.carts.update(tokenHash, () => []);
}

/** The cart part of signing in: the visitor's cart (if they have one) becomes the user's. */
export function claimCartOnSignIn(store: Store, tokenHash: string | null, userId: number): Promise<void> {
  return tokenHash ? claimCart(store, tokenHash, userId) : Promise.resolve();
}
