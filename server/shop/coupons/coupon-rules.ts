/**
 * Whether a coupon may be used on a cart by a customer now, as WooCommerce decides it: it exists, has not expired,
 * the eligible goods lie within its minimum and maximum spend, it discounts at least one of the goods, the buyer's
 * e-mail is allowed, it has uses left (in total and for this customer), and individual use is respected. Pure: the
 * answer is a message for the shopper, or null.
 */
import { messageRef, type MessageRef } from '../../i18n/message-ref.js';
import { couponUserOf, type Coupon } from '../../store/coupons-store.js';
import { isEligible, type DiscountableLine } from './coupon-discount.js';

/** Who is buying: the customer's identities a use is recorded under (coupons-store.ts `used_by`). */
export interface CouponBuyer {
  userId: number | null;
  /** The billing e-mail, when the form gave one yet (the cart page knows none for a guest). */
  email: string | null;
}

/** What a use is recorded under: the user's id, or a guest's e-mail in lower case. */
export const couponUser = (buyer: CouponBuyer): string =>
  couponUserOf({ user_id: buyer.userId, email: buyer.email ?? '' });

/** How many times `buyer` used `coupon`, under their user id or their e-mail. */
function usesBy(coupon: Coupon, buyer: CouponBuyer): number {
  const names = new Set([couponUser(buyer), (buyer.email ?? '').trim().toLowerCase()].filter((name) => name !== ''));
  return coupon.used_by.filter((user) => names.has(user)).length;
}

/** An e-mail restriction with `*` as a wildcard, as WooCommerce allows it. */
function allowedEmail(pattern: string, email: string): boolean {
  const escaped = pattern
    .toLowerCase()
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*');
  return new RegExp(`^${escaped}$`).test(email.toLowerCase());
}

/** The refusal of the usage limits alone: what the store checks again when it counts the use. */
export function usageRefusal(coupon: Coupon, buyer: CouponBuyer): MessageRef | null {
  if (coupon.usage_limit !== null && coupon.usage_count >= coupon.usage_limit) {
    return messageRef('coupon.usageLimitReached', { code: coupon.code });
  }
  if (coupon.usage_limit_per_user !== null && usesBy(coupon, buyer) >= coupon.usage_limit_per_user) {
    return messageRef('coupon.usageLimitReached', { code: coupon.code });
  }
  return null;
}

/**
 * Why `coupon` cannot be used with `others` (the coupons applied before it) on `lines`, or null. An e-mail restriction
 * is checked once the buyer's e-mail is known (at checkout).
 * @param now milliseconds since the epoch
 * @param money writes an amount in grosz as the shop shows money
 */
export function couponRefusal(
  coupon: Coupon,
  others: readonly Coupon[],
  lines: readonly DiscountableLine[],
  buyer: CouponBuyer,
  now: number,
  money: (grosz: number) => string,
): MessageRef | null {
  const code = coupon.code;
  if (coupon.date_expires !== null && Date.parse(coupon.date_expires) <= now)
    return messageRef('coupon.expired', { code });
  const eligible = lines.filter((line) => isEligible(coupon, line));
  if (eligible.length === 0) return messageRef('coupon.notForTheseProducts', { code });
  const spend = eligible.reduce((sum, line) => sum + line.amount, 0);
  if (coupon.minimum_amount > 0 && spend < coupon.minimum_amount) {
    return messageRef('coupon.minimumSpend', { code, amount: money(coupon.minimum_amount) });
  }
  if (coupon.maximum_amount > 0 && spend > coupon.maximum_amount) {
    return messageRef('coupon.maximumSpend', { code, amount: money(coupon.maximum_amount) });
  }
  if (coupon.email_restrictions.length > 0 && buyer.email !== null) {
    const email = buyer.email;
    if (!coupon.email_restrictions.some((pattern) => allowedEmail(pattern, email))) {
      return messageRef('coupon.notForYou', { code });
    }
  }
  if (others.some((other) => other.code === code)) return messageRef('coupon.alreadyApplied', { code });
  if (coupon.individual_use && others.length > 0) return messageRef('coupon.individualUse', { code });
  const alone = others.find((other) => other.individual_use);
  if (alone) return messageRef('coupon.individualUse', { code: alone.code });
  return usageRefusal(coupon, buyer);
}
