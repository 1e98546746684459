// What coupons take off a cart, and the order totals with it: checked against a brute-force reference that shares none
// of the code under test (exact fractions, unit by unit).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  cartDiscount,
  isEligible,
  type DiscountableLine,
  type DiscountingCoupon,
} from '../../../../server/shop/coupons/coupon-discount.js';
import { orderTotals, type TaxContext } from '../../../../server/shop/checkout/order-totals.js';
import { defaultTaxes } from '../../../../server/store/tax-defaults.js';

const line = fc.record({
  amount: fc.integer({ min: 0, max: 2_000_000 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  product_id: fc.integer({ min: 1, max: 6 }),
  category_ids: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
  on_sale: fc.boolean(),
}) satisfies fc.Arbitrary<DiscountableLine>;

const ids = (max: number) => fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength: 2 });
const coupon = fc
  .record({
    discount_type: fc.constantFrom('percent', 'fixed_cart', 'fixed_product' as const),
    amount: fc.integer({ min: 0, max: 300_000 }),
    product_ids: ids(6),
    excluded_product_ids: ids(6),
    product_categories: ids(4),
    excluded_product_categories: ids(4),
    exclude_sale_items: fc.boolean(),
  })
  .map(
    (fields, index = 0): DiscountingCoupon => ({
      ...fields,
      id: index + 1,
      code: `c${index}`,
      // A percent is at most 100%: wc/v3 refuses more.
      amount: fields.discount_type === 'percent' ? fields.amount % 10_001 : fields.amount,
    }),
  );

/** Brute force: `total` split over `weights` unit by unit, each unit to the line furthest below its exact share. */
function referenceSplit(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map(() => 0);
  if (sum === 0) return parts;
  for (let unit = 0; unit < total; unit++) {
    // The line whose exact share exceeds what it has by the most (earliest on a tie), compared as exact integers.
    let best = -1;
    for (let index = 0; index < weights.length; index++) {
      const lack = BigInt(total) * BigInt(weights[index]!) - BigInt(parts[index]!) * BigInt(sum);
      const bestLack = best < 0 ? null : BigInt(total) * BigInt(weights[best]!) - BigInt(parts[best]!) * BigInt(sum);
      if (bestLack === null || lack > bestLack) best = index;
    }
    parts[best]! += 1;
  }
  return parts;
}

/** The discounts as the rules state them, one coupon after another. */
function referenceDiscount(lines: readonly DiscountableLine[], coupons: readonly DiscountingCoupon[]) {
  const left = lines.map((entry) => entry.amount);
  const perCoupon = coupons.map((entry) => {
    const eligible = lines.map((candidate) => isEligible(entry, candidate));
    const base = left.reduce((sum, amount, index) => sum + (eligible[index] ? amount : 0), 0);
    let parts: number[];
    if (entry.discount_type === 'fixed_product') {
      parts = lines.map((candidate, index) =>
        eligible[index] ? Math.min(left[index]!, entry.amount * candidate.quantity) : 0,
      );
    } else {
      // Percent: base × amount / 10000, rounded half up, as an exact fraction.
      const total =
        entry.discount_type === 'fixed_cart'
          ? Math.min(entry.amount, base)
          : Number((BigInt(base) * BigInt(entry.amount) * 2n + 10_000n) / 20_000n);
      parts = referenceSplit(
        total,
        left.map((amount, index) => (eligible[index] ? amount : 0)),
      );
    }
    parts.forEach((part, index) => {
      left[index]! -= part;
    });
    return parts.reduce((a, b) => a + b, 0);
  });
  return { coupons: perCoupon, lines: lines.map((entry, index) => entry.amount - left[index]!) };
}

describe('cartDiscount', () => {
  it('matches the brute-force reference, never takes a line below zero, and its lines and coupons add up', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.array(coupon, { maxLength: 3 }),
        (lines, coupons) => {
          const discount = cartDiscount(lines, coupons);
          assert.deepEqual({ coupons: discount.coupons, lines: discount.lines }, referenceDiscount(lines, coupons));
          discount.lines.forEach((taken, index) => {
            assert.ok(taken >= 0 && taken <= lines[index]!.amount);
            if (!coupons.some((entry) => isEligible(entry, lines[index]!))) assert.equal(taken, 0);
          });
          const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
          assert.equal(sum(discount.lines), discount.total);
          assert.equal(sum(discount.coupons), discount.total);
        },
      ),
    );
  });

  it('follows the product, category and sale rules', () => {
    const base: DiscountingCoupon = {
      id: 1,
      code: 'x',
      discount_type: 'percent',
      amount: 5000,
      product_ids: [],
      excluded_product_ids: [],
      product_categories: [],
      excluded_product_categories: [],
      exclude_sale_items: false,
    };
    const shirt: DiscountableLine = { amount: 1000, quantity: 1, product_id: 1, category_ids: [7], on_sale: false };
    const sock: DiscountableLine = { amount: 1000, quantity: 2, product_id: 2, category_ids: [8], on_sale: true };
    assert.deepEqual(cartDiscount([shirt, sock], [base]).lines, [500, 500]);
    assert.deepEqual(cartDiscount([shirt, sock], [{ ...base, product_ids: [2] }]).lines, [0, 500]);
    assert.deepEqual(cartDiscount([shirt, sock], [{ ...base, excluded_product_categories: [8] }]).lines, [500, 0]);
    assert.deepEqual(cartDiscount([shirt, sock], [{ ...base, exclude_sale_items: true }]).lines, [500, 0]);
    const perUnit = { ...base, discount_type: 'fixed_product' as const, amount: 300 };
    assert.deepEqual(cartDiscount([shirt, sock], [perUnit]).lines, [300, 600]);
  });
});

const RATES = defaultTaxes().rates;
const CLASSES = ['standard', 'reduced-rate', 'super-reduced-rate', 'zero-rate'];
const context = (pricesIncludeTax: boolean): TaxContext => ({
  rates: RATES,
  pricesIncludeTax,
  deliveryRule: 'proportional',
  place: { country: 'PL', postcode: '' },
  untaxedMethods: new Set(),
});

/** The VAT of `amount` grosz at `percent`, rounded half up, as an exact fraction. */
function referenceVat(amount: number, percent: number, included: boolean): number {
  const rate = BigInt(Math.round(percent * 100));
  const denominator = included ? 10_000n + rate : 10_000n;
  return Number((2n * BigInt(amount) * rate + denominator) / (2n * denominator));
}

describe('orderTotals with coupons', () => {
  it('takes the VAT of each rate on its discounted sum, and the discount and its VAT add up over lines and coupons', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(line, fc.constantFrom(...CLASSES)), { minLength: 1, maxLength: 6 }),
        fc.array(coupon, { minLength: 1, maxLength: 2 }),
        fc.boolean(),
        (entries, coupons, included) => {
          const lines = entries.map(([entry]) => entry);
          const discount = cartDiscount(lines, coupons);
          const goods = {
            subtotal: lines.reduce((sum, entry) => sum + entry.amount, 0) / 100,
            lines: entries.map(([entry, taxClass]) => ({
              lineTotal: entry.amount / 100,
              item: { product: { tax_class: taxClass } },
            })),
          };
          const totals = orderTotals(goods, [], [], context(included), {
            coupons: coupons.map((entry, index) => ({
              coupon_id: entry.id,
              code: entry.code,
              discount: discount.coupons[index]!,
            })),
            lines: discount.lines,
            free_shipping: false,
          });
          const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
          // The Polish rates: the cart is taxed in Poland (a new shop's rates also hold the other member states').
          const polish = RATES.filter((candidate) => candidate.country === 'PL' && CLASSES.includes(candidate.class));
          for (const rate of polish) {
            const base = sum(
              entries.map(([entry, taxClass], index) =>
                taxClass === rate.class ? entry.amount - discount.lines[index]! : 0,
              ),
            );
            const stated = totals.taxes.tax_lines.find((taxLine) => taxLine.rate_id === rate.id)?.tax_total ?? 0;
            assert.equal(stated, referenceVat(base, Number(rate.rate), included), `VAT at ${rate.name}`);
            const before = sum(entries.map(([entry, taxClass]) => (taxClass === rate.class ? entry.amount : 0)));
            const discountTax = sum(
              totals.line_discounts.map((taken, index) => (entries[index]![1] === rate.class ? taken.discount_tax : 0)),
            );
            assert.equal(
              discountTax,
              referenceVat(before, Number(rate.rate), included) - stated,
              `discount VAT at ${rate.name}`,
            );
          }
          assert.equal(totals.discount_total, discount.total);
          assert.equal(sum(totals.line_discounts.map((taken) => taken.discount_tax)), totals.discount_tax);
          assert.equal(sum(totals.coupon_lines.map((couponLine) => couponLine.discount_tax)), totals.discount_tax);
          const added = included ? 0 : totals.taxes.total_tax;
          assert.equal(
            Math.round(totals.total * 100),
            sum(lines.map((entry) => entry.amount)) - discount.total + added,
          );
        },
      ),
    );
  });

  it('takes 10% off a cart of a 23% and an 8% product, VAT following per rate', () => {
    const goods = {
      subtotal: 123 + 108,
      lines: [
        { lineTotal: 123, item: { product: { tax_class: 'standard' } } },
        { lineTotal: 108, item: { product: { tax_class: 'reduced-rate' } } },
      ],
    };
    const totals = orderTotals(goods, [], [], context(true), {
      coupons: [{ coupon_id: 1, code: 'minus10', discount: 2310 }],
      lines: [1230, 1080],
      free_shipping: false,
    });
    assert.equal(totals.total, 207.9);
    assert.deepEqual(
      totals.taxes.tax_lines.map((taxLine) => [taxLine.rate_percent, taxLine.tax_total]),
      [
        [23, referenceVat(11070, 23, true)],
        [8, referenceVat(9720, 8, true)],
      ],
    );
    assert.equal(totals.discount_tax, 2300 + 800 - referenceVat(11070, 23, true) - referenceVat(9720, 8, true));
  });
});
