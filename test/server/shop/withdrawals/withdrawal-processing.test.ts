/**
 * A manager processes a withdrawal through `vitrine/v1/withdrawals/{id}` on both stores: the day the
 * goods came back, the refund (per line, or the whole order), the 14-day refund deadline of Directive 2011/83/EU
 * art. 13, every bad field named with nothing stored, a settled withdrawal that changes no more, and what was
 * recorded still there after a restart. Several withdrawals of one order: full refunds sent at once record one (the
 * total is never exceeded), and per-line refunds that together pay back the whole order refund it; the stock comes
 * back once either way.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { orderKey } from '../../../../server/shop/orders/order-access.js';
import { localDay, addDays } from '../../../../server/shop/withdrawals/refund-deadline.js';
import { STORE_KINDS } from '../../support/store-kinds.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';
import { placeOrderThroughShop, productsInStock } from '../../support/storefront-order.js';

for (const kind of STORE_KINDS) {
  describe(`processing a withdrawal (${kind.name})`, () => {
    let server: TestServer;
    let env: NodeJS.ProcessEnv;
    let manager: string;
    const today = () => localDay(new Date().toISOString(), String(server.store.site.data.settings.general.timezone));

    before(async () => {
      env = await kind.freshShop();
      server = await startTestServer({ dataDir: env.DATA_DIR, env });
      manager = await server.basicAuthFor('shop_manager');
    });
    after(() => server?.stop());

    /**
     * An order through the shop's forms, cash on delivery, whose cash the manager recorded as received: only money
     * received can be refunded.
     */
    const placePaidOrder = async (email: string, products: Parameters<typeof placeOrderThroughShop>[2]) => {
      const placed = await placeOrderThroughShop(server, email, products);
      const { id } = (await server.store.orders.findByNumber(placed.number))!;
      const paid = await rest('PUT', `/wc/v3/orders/${id}`, { set_paid: true });
      assert.equal(paid.status, 200, JSON.stringify(paid.body));
      return placed;
    };
    /** An order of one unit each of two simple products in stock, paid. */
    const placeOrder = async (email: string) => (await placePaidOrder(email, productsInStock(server, 2))).number;

    /**
     * A withdrawal through /withdraw: the first item only, the second only, or all of them (the newest of the order).
     */
    async function withdraw(number: string, email: string, which: 'first' | 'second' | 'all'): Promise<any> {
      const visitor = new Visitor(server.url);
      // A guest sees the items through the link the shop e-mails to the order's address, which carries the key.
      const key = orderKey(server.store.site.data.secret, number);
      const items = await visitor.get(`/withdraw?order=${number}&key=${key}`);
      const ids = [...items.html.matchAll(/name="item_(\d+)"/g)].map((match) => match[1]!);
      // The order's first or second line: once one is withdrawn from, the page offers only the other.
      const lines = (await server.store.orders.findByNumber(number))!.lines.map((line) =>
        String(line.variation_id ?? line.product_id),
      );
      const picked = which === 'first' ? lines.slice(0, 1) : which === 'second' ? lines.slice(1, 2) : ids;
      for (const id of picked) assert.ok(ids.includes(id), `item ${id} is offered`);
      const chosen = Object.fromEntries(picked.map((id) => [`item_${id}`, '1']));
      const done = await visitor.post('/withdraw', { step: 'confirm', order: number, email, key, ...chosen });
      assert.match(done.html, /Otrzymaliśmy Twoje odstąpienie/);
      const listed = await rest('GET', '/vitrine/v1/withdrawals');
      return listed.body.find((withdrawal: any) => withdrawal.order_number === number);
    }

    const rest = (method: string, path: string, json?: unknown, authorization = manager) =>
      fetchJson(server.restUrl(path), { method, headers: { authorization }, json });

    it('gives each withdrawal its refund deadline: 14 days from receipt, which may be withheld until the goods are back', async () => {
      const withdrawal = await withdraw(await placeOrder('deadline@example.com'), 'deadline@example.com', 'first');
      const { status, body } = await rest('GET', `/vitrine/v1/withdrawals/${withdrawal.id}`);
      assert.equal(status, 200);
      assert.equal(body.refund_deadline.from, today());
      assert.equal(body.refund_deadline.days, 14);
      // Counted independently: 14 times 24 hours from noon UTC of the day of receipt lands on the same calendar day.
      assert.equal(
        body.refund_deadline.due_on,
        new Date(Date.parse(`${today()}T12:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10),
      );
      assert.equal(body.refund_deadline.overdue, false);
      assert.equal(body.refund_deadline.may_withhold_until_goods_received, true);
      assert.equal(body.goods_received_on, null);
      assert.equal(body.refund, null);
      assert.equal(body.covers_whole_order, false, 'one of two lines');
      const order = await server.store.orders.findByNumber(withdrawal.order_number);
      assert.equal(body.refundable, order!.total);
    });

    it('refuses a bad request naming every bad field, and stores nothing', async () => {
      const withdrawal = await withdraw(await placeOrder('bad@example.com'), 'bad@example.com', 'all');
      const bad = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, {
        goods_received_on: '2026-02-30',
        refund: { amount: '-3', refunded_on: 'yesterday', scope: 'some' },
        colour: 'red',
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'rest_invalid_param');
      assert.deepEqual(Object.keys(bad.body.data.params).sort(), [
        'colour',
        'goods_received_on',
        'refund.amount',
        'refund.refunded_on',
        'refund.scope',
      ]);
      const tomorrow = addDays(today(), 1);
      const future = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, {
        goods_received_on: today(),
        refund: { amount: 1, refunded_on: tomorrow, scope: 'full' },
      });
      assert.equal(future.status, 400);
      assert.match(future.body.data.params['refund.refunded_on'], /after today/);
      const stored = await server.store.withdrawals.find(withdrawal.id);
      assert.equal(stored!.goods_received_on, null, 'the valid half of a refused request is not applied');
      assert.equal(stored!.refund, null);
      const notJson = await fetchJson(server.restUrl(`/vitrine/v1/withdrawals/${withdrawal.id}`), {
        method: 'POST',
        headers: { authorization: manager, 'content-type': 'application/json' },
        body: '[1]',
      });
      assert.equal(notJson.status, 400);
    });

    it('records the goods received and a refund for one line; the settled withdrawal changes no more and outlives a restart', async () => {
      const email = 'lines@example.com';
      const withdrawal = await withdraw(await placeOrder(email), email, 'first');
      const order = (await server.store.orders.findByNumber(withdrawal.order_number))!;
      const item = withdrawal.items[0];
      const itemId = item.variation_id ?? item.product_id;
      const line = order.lines.find((candidate) => (candidate.variation_id ?? candidate.product_id) === itemId)!;

      const goods = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, { goods_received_on: today() });
      assert.equal(goods.status, 200, JSON.stringify(goods.body));
      assert.equal(goods.body.goods_received_on, today());
      assert.equal(goods.body.refund_deadline.may_withhold_until_goods_received, false);

      const other = order.lines.find((candidate) => candidate !== line)!;
      const notWithdrawn = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, {
        refund: {
          amount: 1,
          refunded_on: today(),
          scope: 'lines',
          lines: [{ item_id: other.variation_id ?? other.product_id, quantity: 1 }],
        },
      });
      assert.equal(notWithdrawn.status, 400);
      assert.match(notWithdrawn.body.data.params['refund.lines'], /not among the items/);
      const tooMany = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, {
        refund: { amount: 1, refunded_on: today(), scope: 'lines', lines: [{ item_id: itemId, quantity: 2 }] },
      });
      assert.equal(tooMany.status, 400);
      const tooMuch = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, {
        refund: {
          amount: (order.total + 0.01).toFixed(2),
          refunded_on: today(),
          scope: 'lines',
          lines: [{ item_id: itemId, quantity: 1 }],
        },
      });
      assert.equal(tooMuch.status, 400);
      assert.match(tooMuch.body.data.params['refund.amount'], /At most/);
      const whole = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, {
        refund: { amount: order.total, refunded_on: today(), scope: 'full' },
      });
      assert.equal(whole.status, 400, 'a full refund needs a withdrawal of the whole order');
      assert.match(whole.body.data.params['refund.scope'], /covers only part of order/);

      const refunded = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, {
        refund: {
          amount: String(line.unit_price),
          refunded_on: today(),
          scope: 'lines',
          lines: [{ item_id: itemId, quantity: 1 }],
        },
      });
      assert.equal(refunded.status, 200, JSON.stringify(refunded.body));
      assert.equal(refunded.body.refund.amount, line.unit_price);
      assert.equal(refunded.body.refund.scope, 'lines');
      assert.deepEqual(
        refunded.body.refund.lines.map((refundedLine: any) => [
          refundedLine.title,
          refundedLine.quantity,
          refundedLine.amount,
        ]),
        [[line.title, 1, line.unit_price]],
      );
      assert.equal(refunded.body.goods_received_on, today(), 'the goods received earlier are kept');
      assert.equal(refunded.body.refund_deadline.overdue, false);
      assert.equal(refunded.body.refund_deadline.may_withhold_until_goods_received, false);

      const again = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, { goods_received_on: null });
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'vitrine_withdrawal_settled');

      await server.stop({ keepData: true });
      server = await startTestServer({ dataDir: env.DATA_DIR, env });
      // A restart answers from the facet index's snapshot without loading the catalog; the tests after this read it.
      await server.store.catalog.load();
      manager = await server.basicAuthFor('shop_manager');
      const reread = await rest('GET', `/vitrine/v1/withdrawals/${withdrawal.id}`);
      assert.equal(reread.body.goods_received_on, today());
      assert.equal(reread.body.refund.amount, line.unit_price);
      assert.equal(reread.body.refund.refunded_on, today());
    });

    it('records a full refund of a whole-order withdrawal by moving the order to refunded: its stock comes back once', async () => {
      const email = 'full@example.com';
      const products = productsInStock(server, 2, 2);
      const { number } = await placePaidOrder(email, products);
      const stock = async () =>
        Promise.all(
          products.map(async (product) => (await rest('GET', `/wc/v3/products/${product.id}`)).body.stock_quantity),
        );
      const taken = await stock();
      assert.deepEqual(
        taken,
        products.map((product) => product.stock_quantity - 1),
      );
      const withdrawal = await withdraw(number, email, 'all');
      assert.equal(withdrawal.covers_whole_order, true);
      const order = (await server.store.orders.findByNumber(number))!;
      const full = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, {
        refund: { amount: order.total.toFixed(2), refunded_on: today(), scope: 'full' },
      });
      assert.equal(full.status, 200, JSON.stringify(full.body));
      assert.equal(full.body.refund.scope, 'full');
      assert.deepEqual(
        full.body.refund.lines.map((line: any) => line.quantity),
        order.lines.map((line) => line.quantity),
      );
      const moved = (await rest('GET', `/wc/v3/orders/${order.id}`)).body;
      assert.equal(moved.status, 'refunded');
      assert.deepEqual(
        await stock(),
        products.map((product) => product.stock_quantity),
        'each unit is back',
      );
      const history = (await rest('GET', `/vitrine/v1/orders/${order.id}`)).body.history;
      assert.deepEqual(history.at(-1).to, 'refunded');
      assert.equal(history.at(-1).by.type, 'user');

      const again = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, {
        refund: { amount: order.total.toFixed(2), refunded_on: today(), scope: 'full' },
      });
      assert.equal(again.status, 409);
      assert.deepEqual(
        await stock(),
        products.map((product) => product.stock_quantity),
        'not given back twice',
      );
    });

    it('refuses a full refund of an order that was never paid, storing nothing', async () => {
      const email = 'unpaid@example.com';
      const { number } = await placeOrderThroughShop(server, email, productsInStock(server, 1, 4), 'bank_transfer');
      const withdrawal = await withdraw(number, email, 'all');
      const order = (await server.store.orders.findByNumber(number))!;
      assert.equal(order.status, 'on-hold');
      const refused = await rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, {
        refund: { amount: order.total, refunded_on: today(), scope: 'full' },
      });
      assert.equal(refused.status, 409);
      assert.equal(refused.body.code, 'vitrine_order_not_refundable');
      assert.match(refused.body.message, /on hold: it cannot be refunded/);
      assert.equal((await server.store.withdrawals.find(withdrawal.id))!.refund, null);
      assert.equal((await server.store.orders.findByNumber(number))!.status, 'on-hold');
    });

    it('lets two managers at once record only one refund', async () => {
      const email = 'race@example.com';
      const withdrawal = await withdraw(await placeOrder(email), email, 'first');
      const item = withdrawal.items[0];
      const body = {
        refund: {
          amount: 1,
          refunded_on: today(),
          scope: 'lines',
          lines: [{ item_id: item.variation_id ?? item.product_id, quantity: 1 }],
        },
      };
      const answers = await Promise.all(
        [1, 2, 3].map(() => rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, body)),
      );
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409, 409]);
    });

    it('is for managers only, and names an unknown withdrawal', async () => {
      const customer = await server.basicAuthFor('customer');
      assert.equal((await rest('GET', '/vitrine/v1/withdrawals/1', undefined, customer)).status, 403);
      assert.equal(
        (await rest('POST', '/vitrine/v1/withdrawals/1', { goods_received_on: today() }, customer)).status,
        403,
      );
      assert.equal((await fetchJson(server.restUrl('/vitrine/v1/withdrawals/1'))).status, 401);
      const missing = await rest('POST', '/vitrine/v1/withdrawals/999999', { goods_received_on: today() });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.code, 'vitrine_withdrawal_not_found');
    });

    describe('several withdrawals of one order', () => {
      // A shop of its own: these orders and withdrawals go through the forms, whose posts per minute are limited.
      before(async () => {
        await server.stop();
        env = await kind.freshShop();
        server = await startTestServer({ dataDir: env.DATA_DIR, env });
        manager = await server.basicAuthFor('shop_manager');
      });

      it('records one of several full refunds sent at once for withdrawals of one order: the total is never exceeded, the stock comes back once', async () => {
        const email = 'twice@example.com';
        const products = productsInStock(server, 2, 6);
        const { number } = await placePaidOrder(email, products);
        const stock = async () =>
          Promise.all(
            products.map(async (product) => (await rest('GET', `/wc/v3/products/${product.id}`)).body.stock_quantity),
          );
        assert.deepEqual(
          await stock(),
          products.map((product) => product.stock_quantity - 1),
        );
        // The customer sent the form for the whole order three times at the same moment: each post was checked before
        // any was stored (the form refuses a repeat once one is), so three withdrawals name every item. Three managers
        // each refund one of them.
        const first = await withdraw(number, email, 'all');
        const {
          id: _id,
          reference: _reference,
          goods_received_on: _goods,
          refund: _refund,
          ...sent
        } = (await server.store.withdrawals.find(first.id))!;
        const withdrawals = [
          first,
          await server.store.withdrawals.create(sent),
          await server.store.withdrawals.create(sent),
        ];
        assert.equal(new Set(withdrawals.map((withdrawal) => withdrawal.id)).size, 3);
        const order = (await server.store.orders.findByNumber(number))!;
        const answers = await Promise.all(
          withdrawals.map((withdrawal) =>
            rest('POST', `/vitrine/v1/withdrawals/${withdrawal.id}`, {
              refund: { amount: order.total.toFixed(2), refunded_on: today(), scope: 'full' },
            }),
          ),
        );
        assert.deepEqual(
          answers.map((answer) => answer.status).sort(),
          [200, 400, 400],
          JSON.stringify(answers.map((answer) => answer.body)),
        );
        for (const refused of answers.filter((answer) => answer.status === 400))
          assert.match(refused.body.data.params['refund.amount'], /At most 0\.00/);
        const refunds = (await server.store.withdrawals.list()).filter(
          (withdrawal) => withdrawal.order_number === number && withdrawal.refund,
        );
        assert.equal(refunds.length, 1);
        assert.equal(
          refunds.reduce((sum, withdrawal) => sum + withdrawal.refund!.amount, 0),
          order.total,
        );
        assert.equal((await server.store.orders.findByNumber(number))!.status, 'refunded');
        assert.deepEqual(
          await stock(),
          products.map((product) => product.stock_quantity),
          'each unit back once',
        );
      });

      it('moves the order to refunded once per-line refunds on its withdrawals pay back every line and the whole total; the stock comes back once', async () => {
        const email = 'split@example.com';
        const products = productsInStock(server, 2, 8);
        const { number } = await placePaidOrder(email, products);
        const stock = async () =>
          Promise.all(
            products.map(async (product) => (await rest('GET', `/wc/v3/products/${product.id}`)).body.stock_quantity),
          );
        const taken = products.map((product) => product.stock_quantity - 1);
        const first = await withdraw(number, email, 'first');
        const second = await withdraw(number, email, 'second');
        const order = (await server.store.orders.findByNumber(number))!;
        const refundOf = (withdrawal: any, amount: number) => {
          const item = withdrawal.items[0];
          return {
            refund: {
              amount: amount.toFixed(2),
              refunded_on: today(),
              scope: 'lines',
              lines: [{ item_id: item.variation_id ?? item.product_id, quantity: 1 }],
            },
          };
        };
        const lineValue = (withdrawal: any) =>
          order.lines.find(
            (line) =>
              (line.variation_id ?? line.product_id) ===
              (withdrawal.items[0].variation_id ?? withdrawal.items[0].product_id),
          )!.unit_price;

        const one = await rest('POST', `/vitrine/v1/withdrawals/${first.id}`, refundOf(first, lineValue(first)));
        assert.equal(one.status, 200, JSON.stringify(one.body));
        assert.equal(
          (await server.store.orders.findByNumber(number))!.status,
          order.status,
          'half the order refunded: it stays as it was',
        );
        assert.deepEqual(await stock(), taken, 'and keeps its stock');

        // The rest of the total (the second line and any shipping) with the second line.
        const remainder = Math.round(order.total * 100 - lineValue(first) * 100) / 100;
        const two = await rest('POST', `/vitrine/v1/withdrawals/${second.id}`, refundOf(second, remainder));
        assert.equal(two.status, 200, JSON.stringify(two.body));
        const settled = (await rest('GET', `/wc/v3/orders/${order.id}`)).body;
        assert.equal(settled.status, 'refunded');
        assert.deepEqual(
          await stock(),
          products.map((product) => product.stock_quantity),
          'each unit back once',
        );
        const history = (await rest('GET', `/vitrine/v1/orders/${order.id}`)).body.history;
        assert.equal(history.filter((entry: any) => entry.to === 'refunded').length, 1);
        // Moving the refunded order on is refused, and gives nothing back twice.
        assert.equal((await rest('PUT', `/wc/v3/orders/${order.id}`, { status: 'cancelled' })).status, 400);
        assert.deepEqual(
          await stock(),
          products.map((product) => product.stock_quantity),
        );
      });
    });
  });
}
