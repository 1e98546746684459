/**
 * `Store.coupons` on the data folder. Coupons live in `orders.json` beside the orders, because placing an order counts
 * its coupons' uses: the order and the counts are then one write of one file (and one journal record, lowdb-orders.ts).
 */
import {
  countCouponUse,
  couponCode,
  couponUserOf,
  releaseCouponUse,
  type Coupon,
  type CouponRepository,
  type CouponUse,
} from '../coupons-store.js';
import type { Order } from '../schema.js';
import { StoreConflictError, StoreNotFoundError } from '../store-error.js';
import type { JsonDocument } from './json-document.js';
import type { OrdersFile } from './lowdb-files.js';

const codeTaken = (code: string) => new StoreConflictError('code', `The coupon code ${code} is already in use.`);

/** Checks and counts `use` on the file's draft; throwing (the check's refusal) changes nothing. */
export function useCoupons(draft: OrdersFile, use: CouponUse): void {
  const stored = use.codes.map((code) => draft.coupons.find((coupon) => coupon.code === couponCode(code)) ?? null);
  for (const counted of countCouponUse(stored, use)) {
    draft.coupons[draft.coupons.findIndex((coupon) => coupon.id === counted.id)] = counted;
  }
}

/** Counts a use again when an order journal record is settled (the order was not in the file yet). */
export function recountCouponUse(draft: OrdersFile, couponIds: readonly number[], usedBy: string): void {
  for (const id of couponIds) {
    const coupon = draft.coupons.find((candidate) => candidate.id === id);
    if (!coupon) continue;
    coupon.usage_count += 1;
    coupon.used_by.push(usedBy);
  }
}

/** Gives back the uses of a cancelled order's coupons on the file's draft. */
export function releaseOrderCoupons(draft: OrdersFile, order: Order): void {
  for (const line of order.coupon_lines) {
    const index = draft.coupons.findIndex((coupon) => coupon.id === line.coupon_id);
    if (index >= 0) draft.coupons[index] = releaseCouponUse(draft.coupons[index]!, couponUserOf(order));
  }
}

export function lowdbCoupons(document: JsonDocument<OrdersFile>): CouponRepository {
  const coupons = async () => (await document.current()).coupons;
  return {
    async list() {
      return structuredClone([...(await coupons())].sort((a, b) => a.id - b.id));
    },
    async find(id) {
      return structuredClone((await coupons()).find((coupon) => coupon.id === id) ?? null);
    },
    async findByCode(code) {
      const wanted = couponCode(code);
      return structuredClone((await coupons()).find((coupon) => coupon.code === wanted) ?? null);
    },
    create(coupon) {
      return document.update((draft) => {
        const code = couponCode(coupon.code);
        if (draft.coupons.some((stored) => stored.code === code)) throw codeTaken(code);
        const id = draft.last_coupon_id + 1;
        const created: Coupon = { ...structuredClone(coupon), code, id, usage_count: 0, used_by: [] };
        draft.last_coupon_id = id;
        draft.coupons.push(created);
        return structuredClone(created);
      });
    },
    update(id, change) {
      return document.update((draft) => {
        const index = draft.coupons.findIndex((coupon) => coupon.id === id);
        if (index < 0) throw new StoreNotFoundError(`There is no coupon with the id ${id}.`);
        const stored = draft.coupons[index]!;
        const changed = change(structuredClone(stored));
        const code = couponCode(changed.code);
        if (draft.coupons.some((other) => other.id !== id && other.code === code)) throw codeTaken(code);
        const kept: Coupon = { ...changed, code, id, usage_count: stored.usage_count, used_by: stored.used_by };
        draft.coupons[index] = kept;
        return structuredClone(kept);
      });
    },
    remove(id) {
      return document.update((draft) => {
        const index = draft.coupons.findIndex((coupon) => coupon.id === id);
        if (index < 0) return null;
        return draft.coupons.splice(index, 1)[0]!;
      });
    },
  };
}
