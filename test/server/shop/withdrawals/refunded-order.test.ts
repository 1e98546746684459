// When the refunds recorded on an order's withdrawals settle the order whole (and so move it to refunded).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WithdrawalRefund } from '../../../../client/api/withdrawals.js';
import { refundsWholeOrder } from '../../../../server/shop/withdrawals/refunded-order.js';

// Two lines (a variation of product 5, and product 7 twice) and 0.30 of shipping.
const order = {
  lines: [
    { product_id: 5, variation_id: 51, title: 'Mug, blue', sku: '', unit_price: 0.1, quantity: 1, line_total: 0.1 },
    { product_id: 7, title: 'Tea', sku: '', unit_price: 0.2, quantity: 2, line_total: 0.4 },
  ],
  total: 0.8,
};

const linesRefund = (
  amount: number,
  lines: { product_id: number; variation_id?: number; quantity: number }[],
): WithdrawalRefund => ({
  amount,
  refunded_on: '2026-03-10',
  scope: 'lines',
  recorded_at: '2026-03-10T09:00:00.000Z',
  recorded_by: 1,
  lines: lines.map((line) => ({ ...line, title: '', amount: 0 })),
});

describe('refundsWholeOrder', () => {
  it('is settled by a full refund', () => {
    assert.equal(refundsWholeOrder(order, [{ ...linesRefund(0.8, []), scope: 'full' }]), true);
  });

  it('is settled by per-line refunds that cover every unit and add up to the total, counted in cents', () => {
    // 0.7 + 0.1 is 0.7999999999999999 in floating point; in cents it is 80, the total.
    const refunds = [
      linesRefund(0.7, [
        { product_id: 7, quantity: 1 },
        { product_id: 7, quantity: 1 },
      ]),
      linesRefund(0.1, [{ product_id: 5, variation_id: 51, quantity: 1 }]),
    ];
    assert.equal(refundsWholeOrder(order, refunds), true);
  });

  it('is not settled while a unit is not refunded, or the amounts fall short of the total (the shipping kept)', () => {
    assert.equal(
      refundsWholeOrder(order, [
        linesRefund(0.1, [{ product_id: 5, variation_id: 51, quantity: 1 }]),
        linesRefund(0.7, [{ product_id: 7, quantity: 1 }]),
      ]),
      false,
      'one unit of Tea is not refunded',
    );
    assert.equal(
      refundsWholeOrder(order, [
        linesRefund(0.1, [{ product_id: 5, variation_id: 51, quantity: 1 }]),
        linesRefund(0.4, [{ product_id: 7, quantity: 2 }]),
      ]),
      false,
      'the shipping is not refunded',
    );
    assert.equal(
      refundsWholeOrder(order, [
        linesRefund(0.4, [
          { product_id: 5, quantity: 1 },
          { product_id: 7, quantity: 2 },
        ]),
        linesRefund(0.4, []),
      ]),
      false,
      'the product is not its variation',
    );
    assert.equal(refundsWholeOrder(order, []), false);
  });
});
