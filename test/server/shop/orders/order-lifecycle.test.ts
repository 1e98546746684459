/**
 * An order's life on a real server, on both stores: where it starts, the moves WooCommerce allows
 * and those it refuses (nothing changed), the history of who moved it when, the payment date, and the stock given
 * back exactly once by cancelling or refunding, also when the requests come twice, one after the other, or at once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../../../../server/auth/users.js';
import { createApiKey } from '../../../../server/auth/woo-api-keys.js';
import { STORE_KINDS } from '../../support/store-kinds.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';
import { placeTestOrder, stockedProduct, stockOf } from '../../support/orders.js';

for (const kind of STORE_KINDS) {
  describe(`order lifecycle (${kind.name})`, () => {
    let server: TestServer;
    let manager: string;
    let keyAuth: string;
    // Behind the shop's https proxy: a WooCommerce key sent in the clear (Basic) is believed over HTTPS only.
    const put = (id: number, json: unknown, authorization = manager) =>
      fetchJson(server.restUrl(`/wc/v3/orders/${id}`), {
        method: 'PUT',
        json,
        headers: { authorization, 'x-forwarded-proto': 'https' },
      });
    const get = (id: number) =>
      fetchJson(server.restUrl(`/vitrine/v1/orders/${id}`), { headers: { authorization: manager } });
    const used: number[] = [];
    /** A product of its own for each test, so that stock counts do not mix. */
    const freshProduct = () => {
      const product = stockedProduct(server.store, 6, used);
      used.push(product.id);
      return product;
    };

    before(async () => {
      server = await startTestServer({ env: { ...(await kind.freshShop()), TRUST_PROXY: '1' } });
      await server.store.catalog.load();
      await createUser(server.store, {
        login: 'magda',
        role: 'shop_manager',
        password: 'a-long-password',
        displayName: 'Magda Wiśniewska',
      });
      manager = await server.basicAuthFor('shop_manager');
      const key = await createApiKey(server.store, 'magda', 'Fulfilment ERP');
      keyAuth = `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
    });
    after(() => server?.stop());

    it('starts a bank transfer on hold and cash on delivery processing, with the customer in the history', async () => {
      const transfer = await placeTestOrder(server.store, { product: freshProduct(), payment: 'bank_transfer' });
      const cash = await placeTestOrder(server.store, { product: freshProduct(), payment: 'cash_on_delivery' });
      assert.equal(transfer.status, 'on-hold');
      assert.equal(cash.status, 'processing');
      const { body } = await get(transfer.id);
      assert.equal(body.status, 'on-hold');
      assert.equal(body.date_paid, null);
      assert.deepEqual(
        body.history.map((entry: any) => [entry.from, entry.to, entry.by.type]),
        [[null, 'on-hold', 'customer']],
      );
      assert.deepEqual(body.allowed_transitions, ['pending', 'processing', 'completed', 'cancelled', 'failed']);
    });

    it('records each move with who made it and when, and sets date_paid once the money arrives', async () => {
      const order = await placeTestOrder(server.store, { product: freshProduct() });
      const before = Date.now();
      const paid = await put(order.id, { status: 'processing' }, keyAuth);
      assert.equal(paid.status, 200, JSON.stringify(paid.body));
      assert.equal(paid.body.status, 'processing');
      assert.ok(paid.body.date_paid_gmt, 'date_paid is set');
      const shipped = await put(order.id, { status: 'completed' });
      assert.equal(shipped.body.date_paid_gmt, paid.body.date_paid_gmt, 'completing keeps the payment date');
      const { body } = await get(order.id);
      assert.deepEqual(
        body.history.map((entry: any) => [entry.from, entry.to]),
        [
          [null, 'on-hold'],
          ['on-hold', 'processing'],
          ['processing', 'completed'],
        ],
      );
      assert.deepEqual(body.history[1].by, { type: 'api_key', id: body.history[1].by.id, name: 'Fulfilment ERP' });
      assert.equal(body.history[2].by.type, 'user');
      assert.match(body.history[2].by.name, /^shop-manager-\d+$/, 'a user without a display name is named by login');
      for (const entry of body.history.slice(1))
        assert.ok(Date.parse(entry.at) >= before - 1000 && Date.parse(entry.at) <= Date.now());
      assert.ok(Date.parse(body.date_paid) >= before - 1000);
    });

    it('refuses a move the table does not allow with a clear 400 and changes nothing', async () => {
      const order = await placeTestOrder(server.store, { product: freshProduct() });
      await put(order.id, { status: 'completed' });
      const before = (await get(order.id)).body;
      const refused = await put(order.id, { status: 'processing', customer_note: 'changed?' });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.code, 'woocommerce_rest_invalid_order_status_transition');
      assert.match(refused.body.message, /completed.*cannot become processing.*It may move to: refunded/);
      assert.deepEqual((await get(order.id)).body, before, 'neither the status nor the note changed');
    });

    it('gives the stock back on cancelling, and not again when cancelled twice or then refunded', async () => {
      const product = freshProduct();
      const initial = stockOf(server.store, product.id);
      const order = await placeTestOrder(server.store, { product, quantity: 3 });
      assert.equal(stockOf(server.store, product.id), initial - 3);
      // Paid first: only money received can be refunded after the cancel.
      assert.equal((await put(order.id, { set_paid: true })).status, 200);
      assert.equal((await put(order.id, { status: 'cancelled' })).status, 200);
      assert.equal(stockOf(server.store, product.id), initial);
      const again = await put(order.id, { status: 'cancelled' });
      assert.equal(again.status, 200, 'cancelling a cancelled order changes nothing');
      assert.equal(stockOf(server.store, product.id), initial);
      const refunded = await put(order.id, { status: 'refunded' });
      assert.equal(refunded.body.status, 'refunded');
      assert.equal(stockOf(server.store, product.id), initial, 'refunding a cancelled order gives nothing back again');
      const { body } = await get(order.id);
      assert.equal(body.stock_returned, true);
      assert.deepEqual(
        body.history.map((entry: any) => entry.to),
        ['on-hold', 'processing', 'cancelled', 'refunded'],
      );
      assert.deepEqual(body.allowed_transitions, []);
    });

    it('gives the stock back once when ten cancels and refunds arrive at once', async () => {
      const product = freshProduct();
      const initial = stockOf(server.store, product.id);
      const order = await placeTestOrder(server.store, { product, quantity: 2, payment: 'cash_on_delivery' });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => put(order.id, { status: index % 2 ? 'cancelled' : 'refunded' })),
      );
      assert.ok(
        answers.every((answer) => answer.status === 200 || answer.status === 400),
        JSON.stringify(answers.map((answer) => answer.status)),
      );
      assert.equal(stockOf(server.store, product.id), initial);
      await server.store.catalog.load();
      const stored = (await server.store.orders.find(order.id))!;
      assert.equal(stored.stock_returned, true);
      assert.equal(
        stored.history.filter((entry) => entry.to === 'cancelled' || entry.to === 'refunded').length <= 2,
        true,
      );
    });

    it('set_paid pays an order on hold: processing with a payment date', async () => {
      const order = await placeTestOrder(server.store, { product: freshProduct() });
      const { body } = await put(order.id, { set_paid: true });
      assert.equal(body.status, 'processing');
      assert.equal(body.set_paid, true);
      assert.ok(body.date_paid);
    });
  });
}
