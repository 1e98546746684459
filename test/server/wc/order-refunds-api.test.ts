/**
 * Refunds through `wc/v3/orders/{id}/refunds` with WooCommerce's own REST client, on both stores, of an order placed
 * through the shop's checkout with a 23% product, an 8% product and paid delivery: a refund of one line's unit with
 * its VAT, the order's `refunds` list, refunds sent at once that never together pay back more than the order, bad
 * input named in WooCommerce's codes with nothing stored, DELETE refused, a withdrawal's refund in the same list, and
 * the last refund moving the order to `refunded` with its stock back once, its refunds' VAT per rate adding up to the
 * order's to the grosz. The refund action runs with the order and the refund.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { ORDER_REFUNDED_ACTION } from '../../../server/shop/orders/refund-action.js';
import { localDay } from '../../../server/shop/withdrawals/refund-deadline.js';
import type { Order } from '../../../server/store/schema.js';
import { STORE_KINDS } from '../support/store-kinds.js';
import { placeOrderThroughShop } from '../support/storefront-order.js';
import { fetchJson, startTestServer, type TestServer } from '../support/test-server.js';
import { type WooCommerceClient, wooCommerceClient } from '../support/woocommerce-client.js';

type Answer = { status: number; data: any; headers: any };
/** The client rejects non-2xx answers; the test wants the answer either way. */
async function answer(request: Promise<Answer>): Promise<Answer> {
  try {
    return await request;
  } catch (error) {
    const response = (error as { response?: Answer }).response;
    if (!response) throw error;
    return response;
  }
}

const cents = (money: string) => Math.round(Number(money) * 100);

for (const kind of STORE_KINDS) {
  describe(`wc/v3 order refunds (${kind.name})`, () => {
    let server: TestServer;
    let api: WooCommerceClient;
    let manager: string;
    const announced: { order: Order; refund: Order['refunds'][number] }[] = [];

    before(async () => {
      const env = await kind.freshShop();
      server = await startTestServer({ dataDir: env.DATA_DIR, env });
      await createUser(server.store, { login: 'erp', role: 'shop_manager', password: 'a-long-password' });
      api = await wooCommerceClient(server, 'erp', 'ERP');
      manager = await server.basicAuthFor('shop_manager');
      await server.store.catalog.load();
      server.plugin.hooks.addAction(ORDER_REFUNDED_ACTION, (order: Order, refund: Order['refunds'][number]) => {
        announced.push({ order, refund });
      });
    });
    after(() => server?.stop());

    /** A paid order of a 23% product and an 8% one (set through wc/v3) with delivery, through the checkout. */
    async function placePaidOrder(email: string, skip: number): Promise<Order> {
      // Cheap products, so that the delivery is not free.
      const products = server.store.catalog.data.products
        .filter(
          (product) =>
            product.type !== 'variable' &&
            product.in_stock &&
            product.stock_quantity >= 5 &&
            (product.status ?? 'publish') === 'publish' &&
            (product.sale_price ?? product.regular_price) < 99,
        )
        .slice(skip, skip + 2);
      assert.equal(products.length, 2, 'two cheap products in stock');
      const reduced = await answer(api.put(`products/${products[1]!.id}`, { tax_class: 'reduced-rate' }));
      assert.equal(reduced.status, 200, JSON.stringify(reduced.data));
      const placed = await placeOrderThroughShop(server, email, products);
      const order = (await server.store.orders.findByNumber(placed.number))!;
      assert.equal((await answer(api.put(`orders/${order.id}`, { set_paid: true }))).status, 200);
      return (await server.store.orders.find(order.id))!;
    }
    const stockOf = (id: number) => server.store.catalog.data.products.find((product) => product.id === id)!;

    it('refunds one unit of a line with its VAT, lists it on the order, and refuses what does not fit', async () => {
      const order = await placePaidOrder('refund.one@example.com', 0);
      assert.equal(order.taxes.tax_lines.length, 2, 'two rates charged');
      assert.ok(order.shipping_lines.length > 0 && order.shipping_lines[0]!.total > 0, 'delivery was paid');
      const wcOrder = (await answer(api.get(`orders/${order.id}`))).data;

      const created = await answer(
        api.post(`orders/${order.id}/refunds`, {
          reason: 'Damaged in transit',
          api_refund: false,
          line_items: [{ id: wcOrder.line_items[0].id, quantity: 1 }],
        }),
      );
      assert.equal(created.status, 201, JSON.stringify(created.data));
      const line = wcOrder.line_items[0];
      // The whole line (one unit) goes back: its net and its tax, as the order charged them.
      assert.equal(cents(created.data.amount), cents(line.total) + cents(line.total_tax));
      assert.equal(created.data.reason, 'Damaged in transit');
      assert.equal(created.data.refunded_payment, false);
      assert.equal(created.data.line_items.length, 1);
      assert.equal(created.data.line_items[0].quantity, -1);
      assert.equal(cents(created.data.line_items[0].total_tax), -cents(line.total_tax));
      assert.deepEqual(
        created.data.line_items[0].meta_data.map((meta: { key: string; value: string }) => [meta.key, meta.value]),
        [['_refunded_item_id', String(line.id)]],
      );
      assert.equal(created.data.tax_lines.length, 1);
      assert.equal(created.data.tax_lines[0].rate_id, line.taxes[0].id);
      assert.match(created.headers.location, new RegExp(`/orders/${order.id}/refunds/${created.data.id}$`));

      const after = (await answer(api.get(`orders/${order.id}`))).data;
      assert.deepEqual(after.refunds, [
        { id: created.data.id, reason: 'Damaged in transit', total: `-${created.data.amount}` },
      ]);
      assert.equal(after.status, 'processing', 'a part refunded leaves the order as it was');
      const listed = await answer(api.get(`orders/${order.id}/refunds`));
      assert.equal(listed.headers['x-wp-total'], '1');
      assert.deepEqual(listed.data, [created.data]);
      assert.deepEqual((await answer(api.get(`orders/${order.id}/refunds/${created.data.id}`))).data, created.data);
      const last = announced.at(-1)!;
      assert.equal(last.refund.id, created.data.id);
      assert.equal(last.order.id, order.id);
      assert.equal(last.order.refunds.length, 1);

      // Refused whole, in WooCommerce's codes, nothing stored.
      const refusals = [
        { amount: 'lots' },
        { amount: '-5' },
        { amount: String(order.total) },
        { line_items: [{ id: wcOrder.line_items[0].id, quantity: 1 }] },
        { line_items: [{ id: 999, quantity: 1 }] },
        { line_items: 'all' },
        { amount: '1.00', surprise: true },
      ];
      for (const body of refusals) {
        const refused = await answer(api.post(`orders/${order.id}/refunds`, body));
        assert.equal(refused.status, 400, JSON.stringify(body));
        assert.equal(refused.data.code, 'woocommerce_rest_invalid_order_refund', JSON.stringify(refused.data));
        assert.equal(refused.data.data.status, 400);
      }
      assert.equal((await server.store.orders.find(order.id))!.refunds.length, 1);
      const unknownOrder = await answer(api.post('orders/999999/refunds', { amount: '1.00' }));
      assert.equal(unknownOrder.status, 404);
      assert.equal(unknownOrder.data.code, 'woocommerce_rest_invalid_order_id');
      assert.equal((await answer(api.get(`orders/${order.id}/refunds/99`))).status, 404);

      const deleted = await answer(api.delete(`orders/${order.id}/refunds/${created.data.id}`, { force: true }));
      assert.equal(deleted.status, 409);
      assert.equal(deleted.data.code, 'woocommerce_rest_cannot_delete');
      assert.equal((await server.store.orders.find(order.id))!.refunds.length, 1, 'the refund stays');
    });

    it('never pays back more than the order when refunds come at once; the last one settles it, stock back once', async () => {
      const order = await placePaidOrder('refund.race@example.com', 2);
      const paid = Math.round(order.total * 100);
      const stockBefore = order.lines.map((line) => stockOf(line.product_id).stock_quantity);
      // Five refunds of 30% each at once: at most three fit.
      const share = (Math.floor(paid * 0.3) / 100).toFixed(2);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          answer(api.post(`orders/${order.id}/refunds`, { amount: share, api_refund: false })),
        ),
      );
      const accepted = results.filter((result) => result.status === 201);
      assert.equal(accepted.length, 3, results.map((result) => result.status).join());
      for (const result of results.filter((one) => one.status !== 201))
        assert.equal(result.data.code, 'woocommerce_rest_invalid_order_refund');
      const stored = (await server.store.orders.find(order.id))!;
      assert.equal(stored.refunds.length, 3);
      assert.equal(new Set(stored.refunds.map((refund) => refund.id)).size, 3, 'each refund has its own id');

      // The rest: every line's units and whatever money is left, through the line items and an amount.
      const wcOrder = (await answer(api.get(`orders/${order.id}`))).data;
      const left = paid - stored.refunds.reduce((sum, refund) => sum + refund.amount, 0);
      const last = await answer(
        api.post(`orders/${order.id}/refunds`, {
          amount: (left / 100).toFixed(2),
          api_refund: true,
          line_items: wcOrder.line_items.map((item: { id: number; quantity: number }) => ({
            id: item.id,
            quantity: item.quantity,
            refund_total: '0',
          })),
        }),
      );
      assert.equal(last.status, 201, JSON.stringify(last.data));
      assert.equal(last.data.refunded_payment, true);
      const settled = (await answer(api.get(`orders/${order.id}`))).data;
      assert.equal(settled.status, 'refunded');
      assert.equal(settled.refunds.length, 4);
      assert.deepEqual(
        order.lines.map((line) => stockOf(line.product_id).stock_quantity),
        stockBefore.map((units) => units + 1),
        'every unit back, once',
      );
      // The refunds' VAT per rate adds up to what the order charged per rate, to the grosz.
      const refunds = (await answer(api.get(`orders/${order.id}/refunds`))).data;
      for (const rate of settled.tax_lines) {
        const charged = cents(rate.tax_total) + cents(rate.shipping_tax_total);
        const refunded = refunds
          .flatMap((refund: { tax_lines: { rate_id: number; tax_total: string; shipping_tax_total: string }[] }) =>
            refund.tax_lines.filter((line) => line.rate_id === rate.rate_id),
          )
          .reduce(
            (sum: number, line: { tax_total: string; shipping_tax_total: string }) =>
              sum - cents(line.tax_total) - cents(line.shipping_tax_total),
            0,
          );
        assert.equal(refunded, charged, `rate ${rate.rate_code}`);
      }
      const more = await answer(api.post(`orders/${order.id}/refunds`, { amount: '0.01' }));
      assert.equal(more.status, 400, 'nothing is left to refund');
    });

    it('records what is left as a refund of the whole order when the order is moved to refunded by its status', async () => {
      const order = await placePaidOrder('refund.status@example.com', 6);
      const part = await answer(api.post(`orders/${order.id}/refunds`, { amount: '1.00', api_refund: false }));
      assert.equal(part.status, 201, JSON.stringify(part.data));
      const moved = await answer(api.put(`orders/${order.id}`, { status: 'refunded' }));
      assert.equal(moved.status, 200, JSON.stringify(moved.data));
      assert.equal(moved.data.refunds.length, 2);
      const paidBack = moved.data.refunds.reduce(
        (sum: number, refund: { total: string }) => sum - cents(refund.total),
        0,
      );
      assert.equal(paidBack, Math.round(order.total * 100), 'the refunds pay back the whole total');
      const whole = (await server.store.orders.find(order.id))!.refunds.at(-1)!;
      assert.equal(whole.whole_order, true);
      assert.deepEqual(
        whole.items.filter((item) => item.kind === 'line').map((item) => item.quantity),
        order.lines.map((line) => line.quantity),
      );
      assert.equal(announced.at(-1)!.refund.id, whole.id);
    });

    it("lists a withdrawal's refund among the order's refunds, linked to the withdrawal", async () => {
      const order = await placePaidOrder('refund.withdrawal@example.com', 4);
      const withdrawal = await server.store.withdrawals.create({
        order_id: order.id,
        order_number: order.number,
        email: order.email,
        reason: 'Changed my mind',
        user_id: null,
        received_at: new Date().toISOString(),
        items: [{ product_id: order.lines[0]!.product_id, title: order.lines[0]!.title, quantity: 1 }],
      });
      const today = localDay(new Date().toISOString(), server.store.site.data.settings.general.timezone);
      const processed = await fetchJson(server.restUrl(`/vitrine/v1/withdrawals/${withdrawal.id}`), {
        method: 'POST',
        json: {
          refund: {
            amount: order.lines[0]!.line_total.toFixed(2),
            refunded_on: today,
            scope: 'lines',
            lines: [{ item_id: order.lines[0]!.product_id, quantity: 1 }],
          },
        },
        headers: { authorization: manager },
      });
      assert.equal(processed.status, 200, JSON.stringify(processed.body));
      const refunds = (await answer(api.get(`orders/${order.id}/refunds`))).data;
      assert.equal(refunds.length, 1);
      assert.equal(processed.body.refund.refund_id, refunds[0].id);
      assert.equal(cents(refunds[0].amount), Math.round(order.lines[0]!.line_total * 100));
      assert.deepEqual(
        refunds[0].meta_data.map((meta: { key: string; value: string }) => [meta.key, meta.value]),
        [['_withdrawal_id', String(withdrawal.id)]],
      );
      assert.equal(refunds[0].line_items[0].quantity, -1);
      assert.equal(announced.at(-1)!.refund.withdrawal_id, withdrawal.id);
    });
  });
}
