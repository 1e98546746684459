/**
 * Discount coupons as WooCommerce keeps them. A coupon's uses are counted by the operation that places the order using
 * it (`OrderRepository.place` with a {@link CouponUse}), so that the check of its usage limits and the count are one
 * step, as for stock: of many shoppers racing for the last use, exactly one gets it.
 */

export const COUPON_DISCOUNT_TYPES = ['percent', 'fixed_cart', 'fixed_product'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

export interface Coupon {
  id: number;
  /** Stored in lower case, as WooCommerce does: codes are matched case-insensitively and are unique that way. */
  code: string;
  discount_type: CouponDiscountType;
  /** In hundredths: grosz for a fixed discount, hundredths of a percent for `percent` (1000 is 10%). */
  amount: number;
  description: string;
  /** The end of its validity (ISO 8601 in UTC), or null: it never expires. */
  date_expires: string | null;
  /** The least and the most the eligible goods may cost for it to apply, in grosz; 0: no bound. */
  minimum_amount: number;
  maximum_amount: number;
  /** null: unlimited. */
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  usage_count: number;
  /** One entry per use: the customer's user id (as a string) or, for a guest, the billing e-mail in lower case. */
  used_by: string[];
  product_ids: number[];
  excluded_product_ids: number[];
  product_categories: number[];
  excluded_product_categories: number[];
  exclude_sale_items: boolean;
  free_shipping: boolean;
  /** Cannot be combined with another coupon. */
  individual_use: boolean;
  /** Only these buyers' e-mails may use it (lower case; `*` matches any run of characters); empty: anyone. */
  email_restrictions: string[];
  /**
   * The shop advertises it to everyone: it is a price reduction in the sense of the Omnibus rule, and where the
   * storefront shows the price with it, the lowest price of the previous 30 days is shown too.
   */
  advertised: boolean;
  date_created: string;
  date_modified: string;
}

/** A coupon as it is created: the store gives its id and starts its count. */
export type NewCoupon = Omit<Coupon, 'id' | 'usage_count' | 'used_by'>;

/** WooCommerce's form of a code: trimmed and in lower case. */
export const couponCode = (code: string): string => code.trim().toLowerCase();

/**
 * The coupons an order uses, counted when it is placed. `check` sees each code's coupon as it is at that moment (null:
 * there is none) and throws to refuse: nothing is stored then. Otherwise each coupon's `usage_count` goes up by one
 * and `usedBy` is added to its `used_by`.
 */
export interface CouponUse {
  codes: readonly string[];
  usedBy: string;
  check: (coupons: readonly (Coupon | null)[]) => void;
}

/** Counts the uses of `use` on coupons the store holds (both adapters apply it to their freshest copies). */
export function countCouponUse(coupons: readonly (Coupon | null)[], use: CouponUse): Coupon[] {
  use.check(coupons);
  return coupons.map((coupon) => ({
    ...coupon!,
    usage_count: coupon!.usage_count + 1,
    used_by: [...coupon!.used_by, use.usedBy],
  }));
}

/** What a use is recorded under for an order: its customer's user id, or a guest's e-mail in lower case. */
export const couponUserOf = (order: { user_id: number | null; email: string }): string =>
  order.user_id !== null ? String(order.user_id) : order.email.trim().toLowerCase();

/**
 * The coupon with one use of `usedBy` given back, as a cancelled order gives it back (WooCommerce does so on
 * cancelling): the count goes down by one, and one entry of `usedBy` leaves `used_by`.
 */
export function releaseCouponUse(coupon: Coupon, usedBy: string): Coupon {
  const at = coupon.used_by.lastIndexOf(usedBy);
  return {
    ...coupon,
    usage_count: Math.max(0, coupon.usage_count - 1),
    used_by: at < 0 ? coupon.used_by : [...coupon.used_by.slice(0, at), ...coupon.used_by.slice(at + 1)],
  };
}

/** Whether a change of an order cancels it: its coupons' uses are then given back, in the same operation. */
export const cancels = (before: { status: string }, after: { status: string }): boolean =>
  before.status !== 'cancelled' && after.status === 'cancelled';

export interface CouponRepository {
  /** Every coupon, oldest first. */
  list(): Promise<Coupon[]>;
  find(id: number): Promise<Coupon | null>;
  /** The coupon of this code, in any case. */
  findByCode(code: string): Promise<Coupon | null>;
  /** @throws StoreConflictError (field `code`) when a coupon has the code already */
  create(coupon: NewCoupon): Promise<Coupon>;
  /**
   * Changes one coupon on its freshest state; throwing stores nothing. Its id, usage count and users are kept.
   * @throws StoreNotFoundError for no such coupon; StoreConflictError (field `code`) for another coupon's code
   */
  update(id: number, change: (coupon: Coupon) => Coupon): Promise<Coupon>;
  /** @returns the coupon removed, or null when there was none */
  remove(id: number): Promise<Coupon | null>;
}
