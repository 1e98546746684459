// An unpaid bank-transfer order holds its stock for the days the settings give, not forever: a day before the hold
// ends the customer is reminded once, and when it ends the order is cancelled and its units return exactly once, with
// two sweepers (two instances on one data folder or one database) sweeping at the same moment. A paid order is never
// cancelled. The manager reads when the hold ends, and the units held per product.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ShopMail } from '../../../../server/mail/shop-mail.js';
import { sweepUnpaidHolds, type HoldSweepMessages } from '../../../../server/shop/orders/hold-sweeper.js';
import { openConfiguredStore } from '../../../../server/store/open-store.js';
import type { Store } from '../../../../server/store/store.js';
import { createTestDatabase } from '../../../support/postgres.js';
import { placeOrderThroughShop, productsInStock } from '../../support/storefront-order.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';

const DAY = 24 * 60 * 60 * 1000;

const STORES = [
  { name: 'lowdb files', env: async () => ({}) },
  { name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await createTestDatabase() }) },
];

for (const kind of STORES) {
  describe(`unpaid orders' holds on the ${kind.name} store`, () => {
    let server: TestServer;
    let second: Store;
    let manager: string;
    let messages: HoldSweepMessages;

    before(async () => {
      const env = await kind.env();
      server = await startTestServer({ env });
      manager = await server.basicAuthFor('shop_manager');
      // A second instance: its own store on the same folder, or on the same database.
      second = await openConfiguredStore({ dataDir: server.dataDir, databaseUrl: server.config.databaseUrl });
      const mail = new ShopMail(server.store, server.url);
      messages = { reminder: mail.paymentReminder, statusChanged: mail.orderStatusChanged };
    });
    after(async () => {
      await second?.close();
      await server?.stop();
    });

    const stockOf = async (id: number) => {
      const { body } = await fetchJson(server.restUrl(`/wc/v3/products/${id}`), {
        headers: { authorization: manager },
      });
      return body.stock_quantity as number;
    };
    const order = async (number: string) => (await server.store.orders.findByNumber(number))!;
    const mailKinds = async () => {
      const { body } = await fetchJson(server.restUrl('/vitrine/v1/mail?per_page=100'), {
        headers: { authorization: manager },
      });
      return body as Array<{ kind: string; subject: string }>;
    };

    it('reminds once a day before, then cancels the order and returns its stock exactly once', async () => {
      const products = productsInStock(server, 2, 0, 5);
      const before = await Promise.all(products.map((product) => stockOf(product.id)));
      const placed = await placeOrderThroughShop(server, 'late-payer@example.com', products, 'bank_transfer');
      const held = await order(placed.number);
      assert.equal(held.status, 'on-hold');
      assert.deepEqual(
        await Promise.all(products.map((product) => stockOf(product.id))),
        before.map((units) => units - 1),
      );

      const detail = await fetchJson(server.restUrl(`/vitrine/v1/orders/${held.id}`), {
        headers: { authorization: manager },
      });
      const created = Date.parse(held.created_at);
      assert.equal(
        detail.body.stock_held_until,
        new Date(created + 3 * DAY).toISOString(),
        'held for the 3 days of the default',
      );
      const heldStock = await fetchJson(server.restUrl('/vitrine/v1/stock/held'), {
        headers: { authorization: manager },
      });
      assert.equal(heldStock.status, 200);
      for (const product of products) {
        const line = heldStock.body.find((entry: { product_id: number }) => entry.product_id === product.id);
        assert.equal(line?.held_units, 1, `the unit of product ${product.id} is listed as held`);
      }

      // Nothing happens while the hold has more than a day to go.
      const early = await sweepUnpaidHolds(server.store, messages, new Date(created + 1 * DAY));
      assert.deepEqual(early, { reminded: [], cancelled: [] });

      // Two instances sweep at the same moment, a day before the end: one reminder.
      const reminders = await Promise.all([
        sweepUnpaidHolds(server.store, messages, new Date(created + 2.5 * DAY)),
        sweepUnpaidHolds(second, messages, new Date(created + 2.5 * DAY)),
      ]);
      assert.deepEqual(
        reminders.flatMap((sweep) => sweep.reminded),
        [held.id],
        'reminded by exactly one sweeper',
      );
      await sweepUnpaidHolds(server.store, messages, new Date(created + 2.8 * DAY));
      const reminderMail = (await mailKinds()).filter(
        (message) => message.kind === 'order-payment-reminder' && message.subject.includes(placed.number),
      );
      assert.equal(reminderMail.length, 1, 'the reminder is queued once');
      assert.equal((await order(placed.number)).status, 'on-hold', 'not cancelled before the hold ends');

      // The hold ends: both instances sweep at once; the order is cancelled once and its stock comes back once.
      const ended = new Date(created + 3 * DAY + 60_000);
      const sweeps = await Promise.all([
        sweepUnpaidHolds(server.store, messages, ended),
        sweepUnpaidHolds(second, messages, ended),
      ]);
      assert.deepEqual(
        sweeps.flatMap((sweep) => sweep.cancelled),
        [held.id],
        'cancelled by exactly one sweeper',
      );
      assert.deepEqual(await sweepUnpaidHolds(second, messages, new Date(ended.getTime() + DAY)), {
        reminded: [],
        cancelled: [],
      });
      await server.store.refresh();
      assert.deepEqual(
        await Promise.all(products.map((product) => stockOf(product.id))),
        before,
        'each unit back exactly once',
      );
      const cancelled = await order(placed.number);
      assert.equal(cancelled.status, 'cancelled');
      assert.equal(cancelled.history.filter((entry) => entry.to === 'cancelled').length, 1);
      assert.equal(cancelled.history.at(-1)!.by.type, 'system');
      const told = (await mailKinds()).filter(
        (message) => message.kind === 'order-cancelled' && message.subject.includes(placed.number),
      );
      assert.equal(told.length, 1, 'the customer is told of the cancellation once');
    });

    it('never cancels an order paid before its hold ended, nor one of a shop that holds forever', async () => {
      const products = productsInStock(server, 1, 2, 5);
      const paid = await order(
        (await placeOrderThroughShop(server, 'payer@example.com', products, 'bank_transfer')).number,
      );
      const paying = await fetchJson(server.restUrl(`/wc/v3/orders/${paid.id}`), {
        method: 'PUT',
        headers: { authorization: manager },
        json: { set_paid: true },
      });
      assert.equal(paying.status, 200);
      const later = new Date(Date.parse(paid.created_at) + 10 * DAY);
      assert.deepEqual(await sweepUnpaidHolds(server.store, messages, later), { reminded: [], cancelled: [] });
      assert.equal((await order(paid.number)).status, 'processing');

      const set = await fetchJson(server.restUrl('/compliance/v1/settings/checkout'), {
        method: 'POST',
        headers: { authorization: manager },
        json: { hold_unpaid_days: 0 },
      });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      const kept = await order(
        (await placeOrderThroughShop(server, 'forever@example.com', products, 'bank_transfer')).number,
      );
      assert.deepEqual(
        await sweepUnpaidHolds(server.store, messages, new Date(Date.parse(kept.created_at) + 100 * DAY)),
        { reminded: [], cancelled: [] },
      );
      assert.equal((await order(kept.number)).status, 'on-hold');
      const detail = await fetchJson(server.restUrl(`/vitrine/v1/orders/${kept.id}`), {
        headers: { authorization: manager },
      });
      assert.equal(detail.body.stock_held_until, null);
    });
  });
}
