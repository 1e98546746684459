import type { Cart, CartLine } from './schema.js';

export interface CartRepository {
  /** The cart behind a cart cookie (by the token's hash), or null. */
  find(tokenHash: string): Promise<Cart | null>;
  /**
   * Replaces the lines of the cart behind `tokenHash` with what `change` makes of its freshest lines (an empty list
   * for a new cart), in one operation. An empty result deletes the cart.
   */
  update(tokenHash: string, change: (lines: CartLine[]) => CartLine[]): Promise<Cart | null>;
  /**
   * Gives the cart behind `tokenHash` to a user who has just signed in, adding to it the lines of the user's other
   * carts (which are removed), so that what they chose on another device is not lost.
   */
  claim(
    tokenHash: string,
    userId: number,
    merge: (into: CartLine[], from: CartLine[]) => CartLine[],
  ): Promise<Cart | null>;
}
