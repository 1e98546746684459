/**
 * The visitor's cart: found by the cart cookie, changed in one store operation, checked against the stock in the
 * catalog, and handed to the user when they sign in. Knows nothing of HTTP beyond the token it is given.
 */
import type { Context } from 'koa';
import type { Store } from '../../store/store.js';
import { cartTokenHash } from './cart-token.js';
import { addLine, mergeLines, priceCart, setLine, type PricedCart } from './cart-lines.js';
import { attributeLabels, purchasableById, type Purchasable } from '../../catalog/purchasable.js';
import { lineItemId } from '../line-item.js';
import { OutOfStockError } from '../stock.js';
import { capProblem, type UnitCaps } from './guest-caps.js';
import type { CartLine } from '../../store/schema.js';
import { messageRef, type MessageRef } from '../../i18n/message-ref.js';
import { inEnglish } from '../../i18n/translator.js';

/** A cart change refused for what the shopper asked; `said` is the reason in their words. */
export class CartInputError extends Error {
  constructor(readonly said: MessageRef) {
    super(inEnglish(said));
  }
}

/** The item with this id (a simple product or a variation) in the catalog as it is now. */
export function findItem(store: Store, itemId: number): Purchasable | undefined {
  const { products, attributes } = store.catalog.data;
  return purchasableById(products, itemId, attributeLabels(attributes));
}

export async function readCart(store: Store, tokenHash: string | null): Promise<PricedCart> {
  const cart = tokenHash ? await store.carts.find(tokenHash) : null;
  return priceCart(cart?.lines ?? [], (id) => findItem(store, id));
}

/** How many items the visitor's cart holds (the header's count). */
export async function cartItemCount(store: Store, ctx: Context): Promise<number> {
  return (await readCart(store, cartTokenHash(ctx))).count;
}

/**
 * What an add-to-cart form names: a simple product, or a variable product and the variation chosen.
 * @throws CartInputError when the product is gone, or a variable product comes without a valid choice
 */
export function itemToAdd(store: Store, productId: number, variationId?: number): Purchasable {
  if (variationId !== undefined) {
    const item = findItem(store, variationId);
    if (!item?.variation || item.product.id !== productId) throw new CartInputError(messageRef('cart.optionGone'));
    return item;
  }
  const item = findItem(store, productId);
  if (item) return item;
  if (store.catalog.data.products.some((product) => product.id === productId && product.type === 'variable')) {
    throw new CartInputError(messageRef('cart.chooseOption'));
  }
  throw new CartInputError(messageRef('cart.productGone'));
}

/**
 * A quantity as the shopper wrote it: decimal digits only (or a whole JSON number). Number() alone would read `0x10` as
 * 16, `1e1` as 10 and an empty field as 0, which removes the line: what is stored must be what was typed.
 */
function wholeQuantity(raw: unknown, allowZero: boolean): number {
  const quantity =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(quantity) || quantity < (allowZero ? 0 : 1) || quantity > 999)
    throw new CartInputError(messageRef('cart.wholeQuantity'));
  return quantity;
}

/** The cart's lines over a guest's caps, if they are: as {@link capProblem} says. */
function overCaps(store: Store, lines: readonly CartLine[], caps: UnitCaps | null) {
  return capProblem(
    lines.map((line) => ({
      itemId: lineItemId(line),
      quantity: line.quantity,
      title: findItem(store, lineItemId(line))?.title,
    })),
    caps,
  );
}

/**
 * @param caps a guest's caps of units per line and per order (null: a signed-in customer's cart)
 * @throws CartInputError for an unknown item, a bad quantity or more than a guest may order; OutOfStockError when not
 *   enough is in stock
 */
export async function addToCart(
  store: Store,
  tokenHash: string,
  item: Purchasable,
  rawQuantity: unknown = 1,
  caps: UnitCaps | null = null,
): Promise<PricedCart> {
  const quantity = wholeQuantity(rawQuantity, false);
  await store.carts.update(tokenHash, (lines) => {
    const next = addLine(lines, item, quantity);
    const problem = overCaps(store, next, caps);
    if (problem) throw new CartInputError(problem.said);
    return next;
  });
  return readCart(store, tokenHash);
}

/** A refused change of one line of the cart, naming that line, so that the cart form can point at its field. */
export class CartLineError extends Error {
  constructor(
    readonly itemId: number,
    readonly refusal: CartInputError | OutOfStockError,
  ) {
    super(refusal.message);
  }

  /** The reason in the shopper's words. */
  get said(): MessageRef {
    return this.refusal.said!;
  }
}

/** `step` for the line of `itemId`: a refusal of it is told as that line's. */
function forLine<T>(itemId: number, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof CartInputError || error instanceof OutOfStockError) throw new CartLineError(itemId, error);
    throw error;
  }
}

/**
 * Sets the quantity of every item named in `quantities` (0 removes it), all or nothing.
 * @throws CartLineError naming the first line refused (a bad quantity, more than is in stock); nothing is stored then
 */
export async function changeCart(
  store: Store,
  tokenHash: string,
  quantities: ReadonlyMap<number, unknown>,
  caps: UnitCaps | null = null,
): Promise<PricedCart> {
  const wanted = [...quantities].map(([itemId, raw]) => ({
    item: findItem(store, itemId),
    quantity: forLine(itemId, () => wholeQuantity(raw, true)),
    itemId,
  }));
  await store.carts.update(tokenHash, (lines) => {
    let next = lines;
    for (const { item, quantity, itemId } of wanted) {
      next = item
        ? forLine(itemId, () => setLine(next, item, quantity))
        : next.filter((line) => lineItemId(line) !== itemId);
    }
    const problem = overCaps(store, next, caps);
    if (problem) throw new CartLineError(problem.itemId ?? wanted[0]!.itemId, new CartInputError(problem.said));
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
