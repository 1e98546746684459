/**
 * The coupons of this visitor's cart as the pages show them: the codes of their cookie checked against the cart now,
 * for the signed-in customer if there is one. A code that stopped applying (expired, used up, the cart changed) is
 * dropped from the cookie and its reason shown once.
 */
import type { Context } from 'koa';
import type { Store } from '../../store/store.js';
import type { PricedCart } from '../cart/cart-lines.js';
import { cartCoupons, type CartCoupons } from './cart-coupons.js';
import { readCouponCodes, writeCouponCodes } from './coupon-cookie.js';

export async function appliedCoupons(
  ctx: Context,
  store: Store,
  cart: PricedCart,
  email: string | null = null,
): Promise<CartCoupons> {
  const codes = readCouponCodes(ctx);
  if (codes.length === 0)
    return { coupons: [], refused: [], discount: { coupons: [], lines: [], free_shipping: false } };
  const user = ctx.state.session?.user ?? null;
  const applied = await cartCoupons(
    store,
    codes,
    cart,
    { userId: user?.id ?? null, email: email ?? user?.email ?? null },
    Date.now(),
  );
  if (applied.refused.length > 0)
    writeCouponCodes(
      ctx,
      applied.coupons.map((coupon) => coupon.code),
    );
  return applied;
}
