// When a coupon may be used: each rule WooCommerce has, told as the message the shopper reads (or none).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  couponRefusal,
  couponUser,
  usageRefusal,
  type CouponBuyer,
} from '../../../../server/shop/coupons/coupon-rules.js';
import { orderTotals } from '../../../../server/shop/checkout/order-totals.js';
import type { Coupon } from '../../../../server/store/coupons-store.js';
import { defaultTaxes } from '../../../../server/store/tax-defaults.js';
import { newCoupon } from '../../store/conformance/coupons-contract.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const coupon = (code: string, changes: Partial<Coupon> = {}): Coupon => ({
  ...newCoupon(code),
  id: 1,
  usage_count: 0,
  used_by: [],
  ...changes,
});
const line = { amount: 10_000, quantity: 2, product_id: 5, category_ids: [3], on_sale: false };
const guest: CouponBuyer = { userId: null, email: 'Ewa@Example.com' };
const money = (grosz: number) => `${grosz / 100} zł`;
const refusal = (tested: Coupon, others: Coupon[] = [], buyer = guest) =>
  couponRefusal(tested, others, [line], buyer, NOW, money)?.key ?? null;

describe('couponRefusal', () => {
  it('accepts a coupon that meets every rule', () => {
    assert.equal(refusal(coupon('ok')), null);
  });

  it('refuses an expired coupon from its expiry on', () => {
    assert.equal(refusal(coupon('x', { date_expires: '2026-05-01T12:00:00.000Z' })), 'coupon.expired');
    assert.equal(refusal(coupon('x', { date_expires: '2026-05-01T12:00:01.000Z' })), null);
  });

  it('holds the minimum and maximum spend of the eligible goods, with the amount in shop money', () => {
    const low = couponRefusal(coupon('x', { minimum_amount: 10_001 }), [], [line], guest, NOW, money);
    assert.deepEqual(low, { key: 'coupon.minimumSpend', values: { code: 'x', amount: '100.01 zł' } });
    assert.equal(refusal(coupon('x', { minimum_amount: 10_000 })), null);
    assert.equal(refusal(coupon('x', { maximum_amount: 9_999 })), 'coupon.maximumSpend');
  });

  it('refuses a coupon for other products or categories', () => {
    assert.equal(refusal(coupon('x', { product_ids: [6] })), 'coupon.notForTheseProducts');
    assert.equal(refusal(coupon('x', { excluded_product_categories: [3] })), 'coupon.notForTheseProducts');
    assert.equal(refusal(coupon('x', { exclude_sale_items: true })), null);
  });

  it('matches allowed e-mails in any case with * as a wildcard, once the e-mail is known', () => {
    assert.equal(refusal(coupon('x', { email_restrictions: ['*@example.com'] })), null);
    assert.equal(refusal(coupon('x', { email_restrictions: ['*@example.org'] })), 'coupon.notForYou');
    assert.equal(refusal(coupon('x', { email_restrictions: ['a.b@example.com'] })), 'coupon.notForYou');
    const unknown = { userId: null, email: null };
    assert.equal(refusal(coupon('x', { email_restrictions: ['*@example.org'] }), [], unknown), null);
  });

  it('keeps individual use: neither added to others nor others added to it', () => {
    assert.equal(refusal(coupon('solo', { individual_use: true }), [coupon('a')]), 'coupon.individualUse');
    assert.equal(refusal(coupon('b'), [coupon('solo', { individual_use: true })]), 'coupon.individualUse');
    assert.equal(refusal(coupon('a'), [coupon('a')]), 'coupon.alreadyApplied');
  });

  it('counts uses in total and per customer, by account or by guest e-mail', () => {
    assert.equal(usageRefusal(coupon('x', { usage_limit: 2, usage_count: 2 }), guest)?.key, 'coupon.usageLimitReached');
    assert.equal(usageRefusal(coupon('x', { usage_limit: 2, usage_count: 1 }), guest), null);
    const once = { usage_limit_per_user: 1 };
    assert.equal(
      usageRefusal(coupon('x', { ...once, used_by: ['ewa@example.com'] }), guest)?.key,
      'coupon.usageLimitReached',
    );
    const member = { userId: 7, email: 'ewa@example.com' };
    assert.equal(couponUser(member), '7');
    assert.equal(couponUser(guest), 'ewa@example.com');
    assert.equal(usageRefusal(coupon('x', { ...once, used_by: ['7'] }), member)?.key, 'coupon.usageLimitReached');
    assert.equal(
      usageRefusal(coupon('x', { ...once, used_by: ['ewa@example.com'] }), member)?.key,
      'coupon.usageLimitReached',
    );
    assert.equal(usageRefusal(coupon('x', { ...once, used_by: ['8'] }), member), null);
  });
});

describe('free shipping', () => {
  it('makes the delivery cost nothing and leaves the goods as they are', () => {
    const goods = { subtotal: 50, lines: [{ lineTotal: 50, item: { product: {} } }] };
    const tax = {
      rates: defaultTaxes().rates,
      pricesIncludeTax: true,
      deliveryRule: 'proportional' as const,
      place: { country: 'PL', postcode: '' },
      untaxedMethods: new Set<number>(),
    };
    const courier = [{ method_id: 'flat_rate' as const, instance_id: 1, method_title: 'Kurier', total: 14.99 }];
    const paid = orderTotals(goods, courier, [], tax);
    const free = orderTotals(goods, courier, [], tax, { coupons: [], lines: [0], free_shipping: true });
    assert.equal(paid.total, 64.99);
    assert.equal(free.total, 50);
    assert.equal(free.shipping_lines[0]!.total, 0);
    assert.equal(free.taxes.shipping_tax, 0);
  });
});
