// Refunds recorded on withdrawals before orders kept their refunds become their orders' refunds at start, on both
// stores: linked both ways, with the order's VAT, once (a second run adds nothing), and counted in what is left.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { refundBalance } from '../../../../server/shop/orders/refund-items.js';
import { recordLegacyWithdrawalRefunds } from '../../../../server/shop/withdrawals/legacy-withdrawal-refunds.js';
import { placeTestOrder, stockedProduct } from '../../support/orders.js';
import { STORE_KINDS } from '../../support/store-kinds.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

for (const kind of STORE_KINDS) {
  describe(`withdrawal refunds recorded before orders kept refunds (${kind.name})`, () => {
    let server: TestServer;
    before(async () => {
      const env = await kind.freshShop();
      server = await startTestServer({ dataDir: env.DATA_DIR, env });
      await server.store.catalog.load();
    });
    after(() => server?.stop());

    it('become refunds of their orders, linked both ways, once', async () => {
      const store = server.store;
      const placed = await placeTestOrder(store, { product: stockedProduct(store, 4), quantity: 2 });
      const order = await store.orders.change(placed.id, (current) => {
        const paid = { ...current, status: 'processing' as const, date_paid: new Date().toISOString() };
        return { order: paid, result: paid };
      });
      const line = order.lines[0]!;
      const withdrawal = await store.withdrawals.create({
        order_id: order.id,
        order_number: order.number,
        email: order.email,
        reason: '',
        user_id: null,
        received_at: new Date().toISOString(),
        items: [{ product_id: line.product_id, title: line.title, quantity: 1 }],
      });
      // As an older version stored it: on the withdrawal only.
      await store.withdrawals.process(withdrawal.id, () => ({
        goods_received_on: null,
        refund: {
          amount: line.unit_price,
          refunded_on: '2026-03-10',
          scope: 'lines',
          lines: [{ product_id: line.product_id, title: line.title, quantity: 1, amount: line.unit_price }],
          recorded_at: '2026-03-10T09:00:00.000Z',
          recorded_by: null,
        },
        orderChange: null,
      }));

      assert.equal(await recordLegacyWithdrawalRefunds(store), 1);
      const stored = (await store.orders.find(order.id))!;
      assert.equal(stored.refunds.length, 1);
      const refund = stored.refunds[0]!;
      assert.equal(refund.withdrawal_id, withdrawal.id);
      assert.equal(refund.amount, Math.round(line.unit_price * 100));
      assert.deepEqual(
        refund.items.map((item) => [item.kind, item.index, item.quantity]),
        [['line', 0, 1]],
      );
      assert.equal(refund.created_at, '2026-03-10T09:00:00.000Z');
      // Half the line's units: half its VAT, to the grosz.
      assert.ok(Math.abs(refund.tax * 2 - stored.taxes.lines[0]!.total_tax) <= 1);
      assert.equal((await store.withdrawals.find(withdrawal.id))!.refund!.refund_id, refund.id);
      assert.equal(refundBalance(stored).left, Math.round(order.total * 100) - refund.amount);

      assert.equal(await recordLegacyWithdrawalRefunds(store), 0, 'a second run adds nothing');
      assert.equal((await store.orders.find(order.id))!.refunds.length, 1);
    });
  });
}
