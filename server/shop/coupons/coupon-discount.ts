/**
 * What coupons take off a cart's goods, in grosz: pure arithmetic over the lines, shared by the cart page, the
 * checkout and the order they place (through order-totals.ts).
 *
 * The coupons apply one after another, each on what the ones before it left of every line, so that no line is ever
 * discounted below zero. A percent or fixed-cart discount is one amount for the eligible lines together (a percent
 * rounded once, half up), spread over them in proportion to what is left of each by largest remainder, so the lines
 * add up to it exactly; a fixed-product discount is the amount per unit, at most what is left of the line.
 */
import type { Coupon } from '../../store/coupons-store.js';
import { splitByLargestRemainder } from '../../tax/vat.js';

/** A cart line as a discount sees it. */
export interface DiscountableLine {
  /** What the line costs before discounts, in grosz. */
  amount: number;
  quantity: number;
  product_id: number;
  variation_id?: number;
  category_ids: readonly number[];
  /** Whether its price is a sale price now. */
  on_sale: boolean;
}

export type DiscountingCoupon = Pick<
  Coupon,
  | 'id'
  | 'code'
  | 'discount_type'
  | 'amount'
  | 'product_ids'
  | 'excluded_product_ids'
  | 'product_categories'
  | 'excluded_product_categories'
  | 'exclude_sale_items'
>;

export interface CartDiscount {
  /** What each coupon took off, in the order given. */
  coupons: number[];
  /** What the coupons took off each line together. */
  lines: number[];
  total: number;
}

const PERCENT_SCALE = 10_000n;

/** Whether the coupon's product and category rules let it discount the line. */
export function isEligible(coupon: DiscountingCoupon, line: DiscountableLine): boolean {
  const ids = [line.product_id, ...(line.variation_id === undefined ? [] : [line.variation_id])];
  const named = (list: readonly number[]) => ids.some((id) => list.includes(id));
  const filed = (list: readonly number[]) => line.category_ids.some((id) => list.includes(id));
  if (coupon.product_ids.length > 0 && !named(coupon.product_ids)) return false;
  if (coupon.product_categories.length > 0 && !filed(coupon.product_categories)) return false;
  if (named(coupon.excluded_product_ids) || filed(coupon.excluded_product_categories)) return false;
  return !(coupon.exclude_sale_items && line.on_sale);
}

/** What one coupon takes off each line, given what is left of each. */
function oneCoupon(coupon: DiscountingCoupon, lines: readonly DiscountableLine[], left: readonly number[]): number[] {
  const eligible = lines.map((line) => isEligible(coupon, line));
  const weights = left.map((amount, index) => (eligible[index] ? BigInt(amount) : 0n));
  const base = weights.reduce((a, b) => a + b, 0n);
  switch (coupon.discount_type) {
    case 'fixed_product':
      return lines.map((line, index) => (eligible[index] ? Math.min(left[index]!, coupon.amount * line.quantity) : 0));
    case 'fixed_cart':
      return splitByLargestRemainder(Math.min(coupon.amount, Number(base)), weights);
    case 'percent': {
      const percent = BigInt(Math.min(coupon.amount, Number(PERCENT_SCALE)));
      const total = Number((2n * base * percent + PERCENT_SCALE) / (2n * PERCENT_SCALE));
      return splitByLargestRemainder(total, weights);
    }
  }
}

/**
 * @example cartDiscount([{ amount: 12300, quantity: 1, product_id: 1, category_ids: [], on_sale: false }],
 *   [{ ...coupon, discount_type: 'percent', amount: 1000 }]).total // 1230
 */
export function cartDiscount(lines: readonly DiscountableLine[], coupons: readonly DiscountingCoupon[]): CartDiscount {
  const left = lines.map((line) => line.amount);
  const perCoupon = coupons.map((coupon) => {
    const parts = oneCoupon(coupon, lines, left);
    parts.forEach((part, index) => {
      left[index]! -= part;
    });
    return parts.reduce((a, b) => a + b, 0);
  });
  const perLine = lines.map((line, index) => line.amount - left[index]!);
  return { coupons: perCoupon, lines: perLine, total: perLine.reduce((a, b) => a + b, 0) };
}
