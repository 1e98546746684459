/**
 * On the data folder: a refund that settles its order is recorded with the order's move to `refunded` and
 * the stock given back, all committed by one catalog journal line. A process killed after that line, before
 * withdrawals.json and orders.json were written, leaves the line to be settled by the next start: here both files are
 * put back as such a crash leaves them, and a reopened store must show the refund, the refunded order and the stock,
 * which agree, and give nothing back twice.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { WithdrawalRefund } from '../../../server/store/schema.js';
import type { WithdrawalRepository } from '../../../server/store/store.js';
import { stock, take, useCrashFolder } from './conformance/journal-crash.js';
import { newOrderFixture } from './conformance/shop-contract.js';

const refund: WithdrawalRefund = {
  amount: 259.98,
  refunded_on: '2026-03-10',
  scope: 'full',
  recorded_at: '2026-03-10T09:00:00.000Z',
  recorded_by: 1,
  lines: [{ product_id: 1, title: 'Wool blanket', quantity: 2, amount: 259.98 }],
};

/** A full refund that moves the order to refunded and gives its units back, as the service decides it. */
const refundWhole: Parameters<WithdrawalRepository['process']>[1] = (current, { order, catalog }) => {
  if (current.refund) throw new Error('settled');
  const item = catalog!.products.find((candidate) => candidate.id === 1)!;
  return {
    goods_received_on: current.goods_received_on,
    refund,
    orderChange: {
      order: {
        ...order!,
        status: 'refunded',
        stock_returned: true,
        history: [
          ...order!.history,
          {
            from: order!.status,
            to: 'refunded',
            by: { type: 'system', id: null, name: 'system' },
            at: refund.recorded_at,
          },
        ],
      },
      stock: { upsert: [{ ...item, stock_quantity: item.stock_quantity + order!.lines[0]!.quantity }], remove: [] },
    },
  };
};

describe('lowdb: a refund, its order and its stock survive a crash between the journal and their files', () => {
  const { open, file } = useCrashFolder('vitrine-withdrawal-journal-');

  it('records the refund and the refunded order whose journal line was written, once', async () => {
    const store = await open();
    const placed = await store.orders.place(
      {
        ...newOrderFixture('a@example.com'),
        lines: [{ ...newOrderFixture('a@example.com').lines[0]!, product_id: 1 }],
      },
      [],
      take(2),
    );
    const withdrawal = await store.withdrawals.create({
      order_id: placed.id,
      order_number: placed.number,
      email: placed.email,
      items: [{ product_id: 1, title: 'Wool blanket', quantity: 2 }],
      reason: '',
      user_id: null,
      received_at: '2026-03-05T08:00:00.000Z',
    });
    assert.equal(stock(store), 3);
    const orders = await readFile(file('orders.json'), 'utf8');
    const withdrawals = await readFile(file('withdrawals.json'), 'utf8');
    await store.withdrawals.process(withdrawal.id, refundWhole, { withCatalog: true });
    assert.equal(stock(store), 5);

    // The crash: both files as they were before; the journal line is on disk.
    await writeFile(file('orders.json'), orders);
    await writeFile(file('withdrawals.json'), withdrawals);
    const restarted = await open();
    assert.equal(stock(restarted), 5);
    assert.deepEqual((await restarted.withdrawals.find(withdrawal.id))!.refund, refund);
    const order = (await restarted.orders.find(placed.id))!;
    assert.deepEqual([order.status, order.stock_returned], ['refunded', true]);
    assert.equal(order.history.filter((entry) => entry.to === 'refunded').length, 1);

    // Settled once: a second start, and a second refund of the same withdrawal, change nothing.
    const again = await open();
    await assert.rejects(again.withdrawals.process(withdrawal.id, refundWhole, { withCatalog: true }), /settled/);
    assert.equal(stock(again), 5);
    assert.equal((await again.orders.find(placed.id))!.history.length, order.history.length);
  });
});
