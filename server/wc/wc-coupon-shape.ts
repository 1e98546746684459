/** A stored coupon in `wc/v3`'s shape: amounts as decimal strings, dates in the shop's time and in GMT. */
import { ADVERTISED_META_KEY, type WcCoupon } from '../../client/api/wc-coupons.js';
import type { Coupon } from '../store/coupons-store.js';
import { toLocalDateTime } from '../store/local-time.js';

/** Hundredths as WooCommerce's two-decimal string: 1050 is `10.50`. */
export const hundredths = (amount: number): string => (amount / 100).toFixed(2);

const gmt = (iso: string) => iso.slice(0, 19);

export function wcCoupon(coupon: Coupon, timeZone: string): WcCoupon {
  const local = (iso: string) => toLocalDateTime(iso, timeZone);
  return {
    id: coupon.id,
    code: coupon.code,
    amount: hundredths(coupon.amount),
    status: 'publish',
    date_created: local(coupon.date_created),
    date_created_gmt: gmt(coupon.date_created),
    date_modified: local(coupon.date_modified),
    date_modified_gmt: gmt(coupon.date_modified),
    discount_type: coupon.discount_type,
    description: coupon.description,
    date_expires: coupon.date_expires ? local(coupon.date_expires) : null,
    date_expires_gmt: coupon.date_expires ? gmt(coupon.date_expires) : null,
    usage_count: coupon.usage_count,
    individual_use: coupon.individual_use,
    product_ids: coupon.product_ids,
    excluded_product_ids: coupon.excluded_product_ids,
    usage_limit: coupon.usage_limit,
    usage_limit_per_user: coupon.usage_limit_per_user,
    limit_usage_to_x_items: null,
    free_shipping: coupon.free_shipping,
    product_categories: coupon.product_categories,
    excluded_product_categories: coupon.excluded_product_categories,
    exclude_sale_items: coupon.exclude_sale_items,
    minimum_amount: hundredths(coupon.minimum_amount),
    maximum_amount: hundredths(coupon.maximum_amount),
    email_restrictions: coupon.email_restrictions,
    used_by: coupon.used_by,
    meta_data: [{ id: 1, key: ADVERTISED_META_KEY, value: coupon.advertised ? 'yes' : 'no' }],
  };
}
