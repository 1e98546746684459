// A server killed with SIGKILL after Przelewy24's notification reached it and while it was verifying the payment
// (verified at Przelewy24, nothing stored in the shop) loses nothing and doubles nothing: Przelewy24 (the stand-in)
// got no answer, notifies again once the shop is back, the payment is verified again for the same transaction and
// amount (Przelewy24's verify is idempotent), and the order is paid exactly once; a further notification changes
// nothing and verifies nothing. On both stores, the killed server a real process.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { openConfiguredStore } from '../../server/store/open-store.js';
import { createTestDatabase } from '../support/postgres.js';
import { Przelewy24StandIn } from '../support/przelewy24-stand-in.js';
import { startServerProcess } from '../server/support/processes.js';
import { productsInStock, submitCheckout } from '../server/support/storefront-order.js';
import { startTestServer } from '../server/support/test-server.js';
import { Visitor } from '../server/support/visitor.js';

const STORES = [
  { name: 'lowdb files', env: async () => ({}) },
  { name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await createTestDatabase() }) },
];

const NOTIFY_PATH = '/payments/przelewy24/notify';

for (const kind of STORES) {
  describe(`a Przelewy24 notification and a crash on the ${kind.name} store`, () => {
    const p24 = new Przelewy24StandIn();
    after(() => p24.close());

    it('pays the order exactly once after SIGKILL while the payment was being verified', async () => {
      await p24.start();
      const storeEnv = await kind.env();
      const shop = await startTestServer({ env: { ...storeEnv, ...p24.env() } });
      const placed = await submitCheckout(
        new Visitor(shop.url),
        shop,
        'p24-crash@example.com',
        productsInStock(shop, 1, 0, 3),
        'przelewy24',
      );
      const transaction = p24.transactionAt(placed.location!);
      const orderNumber = transaction.sessionId.split('.')[0]!;
      const store = { dataDir: shop.dataDir, databaseUrl: shop.config.databaseUrl };
      await shop.stop({ keepData: true });
      const env = { ...storeEnv, ...p24.env(), DATA_DIR: store.dataDir };

      const killed = await startServerProcess(env);
      transaction.urlStatus = `${killed.url}${NOTIFY_PATH}`;
      const notification = p24.pay(transaction.token);
      // Przelewy24 holds its answer to the verify request until the server is gone.
      let verifyArrived!: () => void;
      const verifying = new Promise<void>((resolve) => (verifyArrived = resolve));
      let answerVerify!: () => void;
      p24.beforeVerify = () => {
        verifyArrived();
        return new Promise((resolve) => (answerVerify = resolve));
      };
      const firstDelivery = p24.notify(notification);
      await verifying;
      await killed.kill();
      p24.beforeVerify = null;
      answerVerify();
      assert.deepEqual(await firstDelivery, [0], 'the killed server answered nothing');
      assert.equal(p24.verified.length, 1, 'Przelewy24 verified the payment before the crash');

      const between = await openConfiguredStore(store);
      try {
        const unpaid = (await between.orders.findByNumber(orderNumber))!;
        assert.equal(unpaid.status, 'pending', 'the killed request stored nothing');
        assert.equal(unpaid.date_paid, null);
      } finally {
        await between.close();
      }

      // Przelewy24 notifies again; the shop is back (on another address here, so the transaction is told it).
      const restarted = await startTestServer({ dataDir: store.dataDir, env: { ...storeEnv, ...p24.env() } });
      try {
        transaction.urlStatus = `${restarted.url}${NOTIFY_PATH}`;
        assert.deepEqual(await p24.notify(notification), [200]);
        assert.deepEqual(await p24.notify(notification), [200], 'a further duplicate is answered');
        const same = { orderId: notification.orderId, amount: transaction.amount };
        assert.deepEqual(p24.verified, [same, same], 'verified again once after the crash, never after it was paid');

        const order = (await restarted.store.orders.findByNumber(orderNumber))!;
        assert.equal(order.status, 'processing');
        assert.ok(order.date_paid);
        assert.equal(order.history.filter((entry) => entry.to === 'processing').length, 1);
        assert.equal(order.notes.filter((note) => note.note.includes(`p24-${notification.orderId}`)).length, 1);
      } finally {
        await restarted.stop();
      }
    });
  });
}
