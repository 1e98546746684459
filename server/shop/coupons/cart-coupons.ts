/**
 * The coupons a shopper asked for, applied to their cart: each code looked up and checked in the order given
 * (coupon-rules.ts), the ones that apply turned into the discount the totals function takes (order-totals.ts), and,
 * for placing the order, the use the store counts with it (the limits checked again on the coupons' freshest state).
 */
import { formatMoney } from '../../catalog/price-format.js';
import { isOnSale } from '../../catalog/model.js';
import { productDisplay } from '../../catalog/product-display.js';
import { ConflictError } from '../../errors/domain-errors.js';
import { messageRef, type MessageRef } from '../../i18n/message-ref.js';
import { inEnglish } from '../../i18n/translator.js';
import type { Coupon, CouponUse } from '../../store/coupons-store.js';
import type { Store } from '../../store/store.js';
import { minorUnits } from '../../tax/order-taxes.js';
import type { PricedCart } from '../cart/cart-lines.js';
import type { AppliedCoupons } from '../checkout/order-totals.js';
import { cartDiscount, type DiscountableLine } from './coupon-discount.js';
import { couponRefusal, couponUser, usageRefusal, type CouponBuyer } from './coupon-rules.js';

/** Codes a cart may carry at once: more is a typo or a probe, not a shopper. */
export const MAX_COUPONS = 5;

/** A coupon refused when the order was placed (used up meanwhile, changed or deleted): nothing was ordered. */
export class CouponRefusedError extends ConflictError {
  constructor(said: MessageRef) {
    super(inEnglish(said), { said });
  }
}

export interface CartCoupons {
  /** The coupons that apply, in the order given. */
  coupons: Coupon[];
  /** The codes that do not, each with the reason. */
  refused: { code: string; said: MessageRef }[];
  discount: AppliedCoupons;
}

/** The cart's lines as the discount sees them. */
export function discountableLines(cart: PricedCart, now: number): DiscountableLine[] {
  return cart.lines.map((line) => ({
    amount: minorUnits(line.lineTotal),
    quantity: line.quantity,
    product_id: line.item.product.id,
    ...(line.item.variation ? { variation_id: line.item.variation.id } : {}),
    category_ids: line.item.product.category_ids,
    on_sale: isOnSale(line.item.variation ?? line.item.product, now),
  }));
}

export const NO_COUPONS: AppliedCoupons = { coupons: [], lines: [], free_shipping: false };

/** Looks up and checks `codes` against the cart, as of `now` (milliseconds). */
export async function cartCoupons(
  store: Store,
  codes: readonly string[],
  cart: PricedCart,
  buyer: CouponBuyer,
  now: number,
): Promise<CartCoupons> {
  const lines = discountableLines(cart, now);
  const shopMoney = productDisplay(store);
  const money = (grosz: number) => formatMoney(grosz / 100, shopMoney);
  const coupons: Coupon[] = [];
  const refused: CartCoupons['refused'] = [];
  for (const code of codes.slice(0, MAX_COUPONS)) {
    const coupon = await store.coupons.findByCode(code);
    const said = coupon
      ? couponRefusal(coupon, coupons, lines, buyer, now, money)
      : messageRef('coupon.notFound', { code: code.trim() });
    if (said) refused.push({ code, said });
    else coupons.push(coupon!);
  }
  const discount = cartDiscount(lines, coupons);
  return {
    coupons,
    refused,
    discount: {
      coupons: coupons.map((coupon, index) => ({
        coupon_id: coupon.id,
        code: coupon.code,
        discount: discount.coupons[index]!,
      })),
      lines: discount.lines,
      free_shipping: coupons.some((coupon) => coupon.free_shipping),
    },
  };
}

/**
 * The use of `coupons` the store counts with the order: each must still be as it was read (not deleted nor edited
 * since, so the discount charged is the one shown) and have uses left for the buyer.
 * @throws CouponRefusedError from the store's operation otherwise, and nothing is stored
 */
export function couponUse(coupons: readonly Coupon[], buyer: CouponBuyer): CouponUse {
  return {
    codes: coupons.map((coupon) => coupon.code),
    usedBy: couponUser(buyer),
    check: (fresh) => {
      fresh.forEach((current, index) => {
        const read = coupons[index]!;
        if (!current || current.date_modified !== read.date_modified) {
          throw new CouponRefusedError(messageRef('coupon.changed', { code: read.code }));
        }
        const said = usageRefusal(current, buyer);
        if (said) throw new CouponRefusedError(said);
      });
    },
  };
}
