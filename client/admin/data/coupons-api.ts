/**
 * `wc/v3/coupons` (server/wc/wc-coupon-routes.ts): the shop's discount coupons. A refused write names each bad field
 * and changes nothing.
 */
import type { WcCoupon } from '../../api/wc-coupons.js';
import { restDelete, restGetPage, restPost, restPut, withQuery } from './rest-client.js';

/** What the Coupons screen sets of a coupon; dates and limits may be null (none). */
export type CouponFields = Partial<
  Omit<
    WcCoupon,
    'id' | 'usage_count' | 'used_by' | 'status' | 'meta_data' | `date_${'created' | 'modified'}${'' | '_gmt'}`
  > & { meta_data: { key: string; value: string }[] }
>;

/** Every coupon, newest first, read page by page. */
export async function listCoupons(): Promise<WcCoupon[]> {
  const all: WcCoupon[] = [];
  for (let page = 1; ; page++) {
    const answer = await restGetPage<WcCoupon>(withQuery('/wc/v3/coupons', { per_page: 100, page }));
    all.push(...answer.items);
    if (page >= answer.totalPages) return all;
  }
}
export const createCoupon = (fields: CouponFields) => restPost<WcCoupon>('/wc/v3/coupons', fields);
export const updateCoupon = (id: number, fields: CouponFields) => restPut<WcCoupon>(`/wc/v3/coupons/${id}`, fields);
export const deleteCoupon = (id: number) => restDelete<WcCoupon>(`/wc/v3/coupons/${id}?force=true`);
