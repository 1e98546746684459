// A refund's VAT per rate is the order's own, in part: over random orders (rates, untaxed lines, delivery split among
// rates or at the highest, prices with or without VAT) and random sequences of refunds (units of lines, the delivery,
// amounts alone, amounts below the items' value), refunding everything gives back exactly the order's per-rate tax and
// net, to the grosz; each part stays within a grosz of its exact share; no refund pays back more than is left.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { OrderRefund } from '../../../../client/api/refunds.js';
import { InvalidInputError } from '../../../../server/errors/domain-errors.js';
import {
  buildRefund,
  everythingLeft,
  orderItemStates,
  refundBalance,
  refundsWholeOrder,
  type RefundRequest,
} from '../../../../server/shop/orders/refund-items.js';
import type { Order } from '../../../../server/store/schema.js';
import { defaultTaxes } from '../../../../server/store/tax-defaults.js';
import { orderTaxesOf } from '../../../../server/tax/order-taxes.js';
import type { DeliveryTaxRule } from '../../../../server/tax/vat.js';

const ACTOR = { type: 'system', id: null, name: 'system' } as const;
const CLASSES = ['', 'reduced-rate', 'super-reduced-rate', 'zero-rate', 'zw'];

const orderArbitrary = fc.record({
  pricesIncludeTax: fc.boolean(),
  deliveryRule: fc.constantFrom<DeliveryTaxRule>('proportional', 'highest'),
  lines: fc.array(
    fc.record({
      amount: fc.integer({ min: 1, max: 300_000 }),
      quantity: fc.integer({ min: 1, max: 6 }),
      taxClass: fc.constantFrom(...CLASSES),
      untaxed: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  shipping: fc.array(fc.record({ amount: fc.integer({ min: 0, max: 5_000 }), taxable: fc.boolean() }), {
    maxLength: 2,
  }),
  fees: fc.array(fc.record({ amount: fc.integer({ min: 0, max: 2_000 }), taxable: fc.boolean() }), { maxLength: 1 }),
});

type OrderShape = typeof orderArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** An order as the checkout stores it: its amounts in the main unit, its VAT from the tax module. */
function orderOf(shape: OrderShape): Order {
  const taxes = orderTaxesOf({
    rates: defaultTaxes().rates,
    pricesIncludeTax: shape.pricesIncludeTax,
    deliveryRule: shape.deliveryRule,
    place: { country: 'PL', postcode: '' },
    lines: shape.lines.map((line) => ({
      amount: line.amount,
      tax_class: line.taxClass,
      tax_status: line.untaxed ? 'none' : 'taxable',
    })),
    shipping: shape.shipping,
    fees: shape.fees,
  });
  const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);
  const charged = sum([...shape.lines, ...shape.shipping, ...shape.fees].map((item) => item.amount));
  return {
    id: 1,
    number: 'VT-000001',
    currency: 'PLN',
    status: 'processing',
    date_paid: '2026-01-01T00:00:00.000Z',
    history: [],
    lines: shape.lines.map((line, index) => ({
      product_id: index + 1,
      title: `Item ${index + 1}`,
      sku: '',
      unit_price: line.amount / 100 / line.quantity,
      quantity: line.quantity,
      line_total: line.amount / 100,
    })),
    shipping_lines: shape.shipping.map((charge, index) => ({
      method_id: 'flat_rate',
      instance_id: index + 1,
      method_title: 'Courier',
      total: charge.amount / 100,
    })),
    fee_lines: shape.fees.map((charge) => ({ name: 'COD', total: charge.amount / 100 })),
    total: (charged + (shape.pricesIncludeTax ? 0 : taxes.total_tax)) / 100,
    taxes,
    refunds: [],
  } as unknown as Order;
}

/** One step of a refund sequence, read against what is left of the order when it is taken. */
const stepArbitrary = fc.record({
  kind: fc.constantFrom('units', 'delivery', 'amount', 'units-for-less'),
  pick: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  fraction: fc.double({ min: 0.01, max: 1, noNaN: true }),
});
type Step = typeof stepArbitrary extends fc.Arbitrary<infer T> ? T : never;

function requestOf(order: Order, step: Step): RefundRequest | null {
  const states = orderItemStates(order);
  const base = { reason: '', api_refund: false, withdrawal_id: null };
  const left = refundBalance(order).left;
  if (left <= 0) return null;
  if (step.kind === 'amount') return { ...base, items: [], amount: Math.max(1, Math.floor(left * step.fraction)) };
  if (step.kind === 'delivery') {
    const items = states
      .filter((state) => state.kind !== 'line' && state.refunded < state.gross)
      .map((state) => ({ kind: state.kind, index: state.index, quantity: 0 }));
    return items.length ? { ...base, items } : null;
  }
  const lines = states.filter((state) => state.kind === 'line' && state.refundedUnits < state.quantity);
  if (!lines.length) return null;
  const chosen = [...new Set(step.pick.map((n) => n % lines.length))].map((n) => lines[n]!);
  const items = chosen.map((state) => ({
    kind: 'line' as const,
    index: state.index,
    quantity: 1 + (step.pick[0]! % (state.quantity - state.refundedUnits)),
  }));
  const request: RefundRequest = { ...base, items };
  if (step.kind === 'units-for-less') {
    const value = buildRefund(order, request, ACTOR, '2026-01-02T00:00:00.000Z').amount;
    if (value > 1) request.amount = Math.max(1, Math.floor(value * step.fraction));
  }
  return request;
}

/** What each rate was charged in all: tax and net, from the order's tax lines. */
const chargedByRate = (order: Order) =>
  new Map(
    order.taxes.tax_lines.map((line) => [
      line.rate_id,
      { tax: line.tax_total + line.shipping_tax_total + line.fee_tax_total, net: line.net },
    ]),
  );

function refundedByRate(refunds: readonly OrderRefund[]) {
  const byRate = new Map<number, { tax: number; net: number }>();
  for (const rate of refunds.flatMap((refund) => refund.rates)) {
    const sum = byRate.get(rate.rate_id) ?? { tax: 0, net: 0 };
    byRate.set(rate.rate_id, { tax: sum.tax + rate.tax, net: sum.net + rate.net });
  }
  return byRate;
}

describe('the VAT of order refunds', () => {
  it('gives back exactly the order per rate once everything is refunded, whatever the steps', () => {
    fc.assert(
      fc.property(orderArbitrary, fc.array(stepArbitrary, { maxLength: 6 }), (shape, steps) => {
        let order = orderOf(shape);
        const paid = Math.round(order.total * 100);
        assert.equal(refundBalance(order).paid, paid, "the items add up to the order's total");
        const apply = (request: RefundRequest) => {
          const before = orderItemStates(order);
          const refund = buildRefund(order, request, ACTOR, '2026-01-02T00:00:00.000Z');
          // A second computation: each item's tax per rate is within a grosz of its exact share of the item's tax.
          for (const item of refund.items) {
            const state = before.find((candidate) => candidate.kind === item.kind && candidate.index === item.index)!;
            for (const share of item.taxes) {
              const charged = state.vat.taxes.find((tax) => tax.rate_id === share.rate_id)?.tax ?? 0;
              const exact = (charged * item.total) / state.gross;
              assert.ok(Math.abs(share.tax - exact) <= 1, `${share.tax} is within a grosz of ${exact}`);
            }
          }
          assert.equal(
            refund.rates.reduce((sum, rate) => sum + rate.tax, 0),
            refund.tax,
          );
          order = { ...order, refunds: [...order.refunds, refund] };
        };
        for (const step of steps) {
          const request = requestOf(order, step);
          if (request) apply(request);
        }
        if (refundBalance(order).left > 0 || !refundsWholeOrder(order, order.refunds)) {
          assert.equal(refundsWholeOrder(order, order.refunds), false);
          apply({ items: everythingLeft(order), reason: '', api_refund: false, withdrawal_id: null });
        }
        assert.equal(refundsWholeOrder(order, order.refunds), true);
        assert.equal(
          order.refunds.reduce((sum, refund) => sum + refund.amount, 0),
          paid,
        );
        const charged = chargedByRate(order);
        const refunded = refundedByRate(order.refunds);
        for (const [rateId, sums] of charged)
          assert.deepEqual(refunded.get(rateId) ?? { tax: 0, net: 0 }, sums, `rate ${rateId}`);
        for (const rateId of refunded.keys()) assert.ok(charged.has(rateId), `rate ${rateId} was charged`);
        assert.equal(
          order.refunds.reduce((sum, refund) => sum + refund.tax, 0),
          order.taxes.total_tax,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a refund of more than is left, in units or in money, and changes nothing', () => {
    fc.assert(
      fc.property(orderArbitrary, (shape) => {
        const order = orderOf(shape);
        const left = refundBalance(order).left;
        const base = { reason: '', api_refund: false, withdrawal_id: null };
        assert.throws(() => buildRefund(order, { ...base, items: [], amount: left + 1 }, ACTOR, ''), InvalidInputError);
        const line = order.lines[0]!;
        assert.throws(
          () =>
            buildRefund(
              order,
              { ...base, items: [{ kind: 'line', index: 0, quantity: line.quantity + 1 }] },
              ACTOR,
              '',
            ),
          /at most/,
        );
        assert.throws(
          () =>
            buildRefund(
              order,
              { ...base, items: [{ kind: 'line', index: order.lines.length, quantity: 1 }] },
              ACTOR,
              '',
            ),
          /is not in order/,
        );
      }),
      { numRuns: 100 },
    );
  });

  it('settles the order once every unit is back and the total paid back, or a refund of the whole order keeps some', () => {
    fc.assert(
      fc.property(orderArbitrary, fc.double({ min: 0.1, max: 0.99, noNaN: true }), (shape, fraction) => {
        const order = orderOf(shape);
        const paid = refundBalance(order).paid;
        fc.pre(paid > 10);
        const base = { reason: '', api_refund: false, withdrawal_id: null };
        const kept = Math.max(1, Math.floor(paid * fraction));
        const partOfEverything = (whole_order: boolean) =>
          buildRefund(order, { ...base, items: everythingLeft(order), amount: kept, whole_order }, ACTOR, '');
        const whole = partOfEverything(true);
        assert.equal(whole.amount, kept);
        assert.equal(refundsWholeOrder(order, [whole]), true, 'a refund of the whole order settles it');
        assert.equal(refundsWholeOrder(order, [partOfEverything(false)]), false, 'money is still owed back');
        const everything = buildRefund(order, { ...base, items: everythingLeft(order) }, ACTOR, '');
        assert.equal(everything.amount, paid);
        assert.equal(refundsWholeOrder(order, [everything]), true);
      }),
      { numRuns: 100 },
    );
  });
});
