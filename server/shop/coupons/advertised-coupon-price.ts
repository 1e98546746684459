/**
 * The price with a coupon the shop advertises to everyone, shown next to a product: such a coupon is a price
 * reduction in the sense of the Omnibus rule, so the line carries the lowest price of the item in the shop's
 * `omnibus_days` before the promotion started (the coupon's creation), read from the same price history as the sale
 * price's line (server/catalog/omnibus.ts). A coupon that only some shoppers can use (e-mail restrictions, a minimum
 * spend above one unit, no uses left) is not advertised to everyone and shows nothing.
 */
import { isOnSale, itemPrice, type Product } from '../../catalog/model.js';
import { DAY_MS, priceSegments, type PriceRecord } from '../../catalog/omnibus.js';
import { priceHistoriesOf } from '../../catalog/price-history-cache.js';
import type { Coupon } from '../../store/coupons-store.js';
import type { Store } from '../../store/store.js';
import { minorUnits } from '../../tax/order-taxes.js';
import { cartDiscount, type DiscountableLine } from './coupon-discount.js';

export interface CouponPriceNote {
  code: string;
  /** The price of one unit with the coupon, in the currency's main unit. */
  price: number;
  /** The lowest price of the item in the `days` before the promotion; null when the history knows none. */
  lowest: number | null;
  days: number;
}

/** Whether everyone may use the coupon on one unit of `line` at `now`. */
function openToEveryone(coupon: Coupon, line: DiscountableLine, now: number): boolean {
  if (!coupon.advertised || coupon.email_restrictions.length > 0) return false;
  if (coupon.date_expires !== null && Date.parse(coupon.date_expires) <= now) return false;
  if (coupon.usage_limit !== null && coupon.usage_count >= coupon.usage_limit) return false;
  if (coupon.minimum_amount > line.amount) return false;
  return !(coupon.maximum_amount > 0 && line.amount > coupon.maximum_amount);
}

/** The lowest price the item had in the `days` before `start` (milliseconds), or null when its history has none. */
export function lowestBefore(history: readonly PriceRecord[], start: number, days: number): number | null {
  const windowStart = start - days * DAY_MS;
  const prices = priceSegments(history, start)
    .filter((segment) => segment.end > windowStart && segment.start < start)
    .map((segment) => segment.price);
  return prices.length ? Math.min(...prices) : null;
}

/**
 * The best advertised coupon's price for a simple product (a variable one lists its variations' prices apart, and
 * shows none), or null when no advertised coupon takes anything off it, or the shop keeps no Omnibus lines.
 */
export async function advertisedCouponPrice(
  store: Store,
  product: Product,
  now = Date.now(),
): Promise<CouponPriceNote | null> {
  const { compliance } = store.site.data.settings;
  if (product.type === 'variable' || !compliance.omnibus_enabled) return null;
  const line: DiscountableLine = {
    amount: minorUnits(itemPrice(product, now)),
    quantity: 1,
    product_id: product.id,
    category_ids: product.category_ids,
    on_sale: isOnSale(product, now),
  };
  let best: { coupon: Coupon; discount: number } | null = null;
  for (const coupon of await store.coupons.list()) {
    if (!openToEveryone(coupon, line, now)) continue;
    const discount = cartDiscount([line], [coupon]).total;
    if (discount > 0 && (!best || discount > best.discount)) best = { coupon, discount };
  }
  if (!best) return null;
  const history = (await priceHistoriesOf(store, [product.id])).get(product.id) ?? [];
  const days = compliance.omnibus_days;
  return {
    code: best.coupon.code,
    price: (line.amount - best.discount) / 100,
    lowest: lowestBefore(history, Math.min(now, Date.parse(best.coupon.date_created)), days),
    days,
  };
}
