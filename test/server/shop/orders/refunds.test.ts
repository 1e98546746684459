// Refunds only of money received, by the one rule the admin, the withdrawals and wc/v3 share: a refund needs an order
// that was paid (whatever it became since), never more than was paid per line and in total; set_paid does not pay a
// cancelled order.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { localDay } from '../../../../server/shop/withdrawals/refund-deadline.js';
import { impliedTaxes } from '../../../../server/store/order-defaults.js';
import type { Order } from '../../../../server/store/schema.js';
import { placeTestOrder, placeTwoLineOrder, stockedProduct, stockOf } from '../../support/orders.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';

describe('refunds only of money received', () => {
  const suite = useTestServer();
  before(() => suite.server.store.catalog.load());
  const put = (id: number, json: unknown) =>
    fetchJson(suite.server.restUrl(`/wc/v3/orders/${id}`), {
      method: 'PUT',
      json,
      headers: { authorization: suite.manager },
    });
  const processRefund = (withdrawalId: number, refund: unknown) =>
    fetchJson(suite.server.restUrl(`/vitrine/v1/withdrawals/${withdrawalId}`), {
      method: 'POST',
      json: { refund },
      headers: { authorization: suite.manager },
    });
  const today = () =>
    localDay(new Date().toISOString(), String(suite.server.store.site.data.settings.general.timezone));
  const used: number[] = [];
  const freshProduct = () => {
    const product = stockedProduct(suite.server.store, 6, used);
    used.push(product.id);
    return product;
  };
  /** A withdrawal of `items` from the order, as the storefront's form stores it. */
  const withdrawal = (order: Order, items: Array<{ line: number; quantity: number }>) =>
    suite.server.store.withdrawals.create({
      order_id: order.id,
      order_number: order.number,
      email: order.email,
      reason: '',
      user_id: null,
      received_at: new Date().toISOString(),
      items: items.map(({ line, quantity }) => ({
        product_id: order.lines[line]!.product_id,
        title: order.lines[line]!.title,
        quantity,
      })),
    });

  it('refuses to refund a never-paid order once it is cancelled, as before the cancel', async () => {
    const order = await placeTestOrder(suite.server.store, { product: freshProduct(), payment: 'bank_transfer' });
    const unpaidRefund = await put(order.id, { status: 'refunded' });
    assert.equal(unpaidRefund.status, 400);
    assert.equal((await put(order.id, { status: 'cancelled' })).status, 200);
    const refused = await put(order.id, { status: 'refunded' });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.match(refused.body.code, /^woocommerce_rest_/);
    assert.match(refused.body.message, /never paid/);
    assert.equal(refused.body.data.status, 400);
    assert.equal((await suite.server.store.orders.find(order.id))!.status, 'cancelled');
    const detail = await fetchJson(suite.server.restUrl(`/vitrine/v1/orders/${order.id}`), {
      headers: { authorization: suite.manager },
    });
    assert.deepEqual(detail.body.allowed_transitions, [], 'the admin offers no refund of it');
  });

  it('refunds a paid order that was cancelled afterwards', async () => {
    const order = await placeTestOrder(suite.server.store, { product: freshProduct(), payment: 'bank_transfer' });
    assert.equal((await put(order.id, { set_paid: true })).status, 200);
    assert.equal((await put(order.id, { status: 'cancelled' })).status, 200);
    const refunded = await put(order.id, { status: 'refunded' });
    assert.equal(refunded.status, 200, JSON.stringify(refunded.body));
    assert.equal(refunded.body.status, 'refunded');
  });

  it('refuses set_paid on a cancelled order, which stays unpaid', async () => {
    const order = await placeTestOrder(suite.server.store, { product: freshProduct(), payment: 'bank_transfer' });
    assert.equal((await put(order.id, { status: 'cancelled' })).status, 200);
    const refused = await put(order.id, { set_paid: true });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.match(refused.body.code, /^woocommerce_rest_/);
    assert.match(refused.body.message, /cancelled/);
    assert.equal((await suite.server.store.orders.find(order.id))!.date_paid, null);
    const atOnce = await put(
      (await placeTestOrder(suite.server.store, { product: freshProduct(), payment: 'bank_transfer' })).id,
      { status: 'cancelled', set_paid: true },
    );
    assert.equal(atOnce.status, 400, 'not by cancelling and paying in one update either');
  });

  it('refuses a refund on a withdrawal of an order that was never paid', async () => {
    const order = await placeTestOrder(suite.server.store, { product: freshProduct(), payment: 'cash_on_delivery' });
    const withdrawn = await withdrawal(order, [{ line: 0, quantity: 1 }]);
    const refused = await processRefund(withdrawn.id, {
      amount: order.lines[0]!.unit_price,
      refunded_on: today(),
      scope: 'lines',
      lines: [{ item_id: order.lines[0]!.product_id, quantity: 1 }],
    });
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'vitrine_order_not_refundable');
    assert.equal((await suite.server.store.withdrawals.find(withdrawn.id))!.refund, null);
  });

  it('refuses a per-line refund of more than the line was paid, in amount or in units over several withdrawals', async () => {
    const placed = (await placeTwoLineOrder(suite.server.store, 'lines@example.com')).order;
    // Its second line counted in the totals, and a delivery of 10, with the VAT they imply.
    const order = await suite.server.store.orders.change(placed.id, (stored) => {
      const subtotal = stored.lines.reduce((sum, line) => sum + line.line_total, 0);
      const shipping_lines = [{ method_id: 'flat_rate' as const, instance_id: 1, method_title: 'Courier', total: 10 }];
      const changed = {
        ...stored,
        subtotal,
        shipping_lines,
        shipping_total: 10,
        total: Math.round((subtotal + 10) * 100) / 100,
        taxes: impliedTaxes({ ...stored, shipping_lines }),
      };
      return { order: changed, result: changed };
    });
    assert.equal((await put(order.id, { set_paid: true })).status, 200);
    const [first, second] = order.lines as [Order['lines'][0], Order['lines'][0]];
    const stockBefore = stockOf(suite.server.store, first.product_id);
    const one = await withdrawal(order, [{ line: 0, quantity: 1 }]);
    const tooMuch = await processRefund(one.id, {
      amount: order.total.toFixed(2),
      refunded_on: today(),
      scope: 'lines',
      lines: [{ item_id: first.product_id, quantity: 1 }],
    });
    assert.equal(tooMuch.status, 400, JSON.stringify(tooMuch.body));
    assert.match(tooMuch.body.data.params['refund.amount'], /At most/);
    const right = await processRefund(one.id, {
      amount: first.unit_price.toFixed(2),
      refunded_on: today(),
      scope: 'lines',
      lines: [{ item_id: first.product_id, quantity: 1 }],
    });
    assert.equal(right.status, 200, JSON.stringify(right.body));
    // The customer withdrew from the same line again: its one unit is refunded already.
    const again = await withdrawal(order, [{ line: 0, quantity: 1 }]);
    const twice = await processRefund(again.id, {
      amount: '0.01',
      refunded_on: today(),
      scope: 'lines',
      lines: [{ item_id: first.product_id, quantity: 1 }],
    });
    assert.equal(twice.status, 400, JSON.stringify(twice.body));
    assert.match(twice.body.data.params['refund.lines'], /refunded already/);
    // The last line takes the rest of the total with it, and the order is refunded with its stock.
    const last = await withdrawal(order, [{ line: 1, quantity: 1 }]);
    const rest = Math.round(order.total * 100 - first.unit_price * 100) / 100;
    const settled = await processRefund(last.id, {
      amount: rest.toFixed(2),
      refunded_on: today(),
      scope: 'lines',
      lines: [{ item_id: second.product_id, quantity: 1 }],
    });
    assert.equal(settled.status, 200, JSON.stringify(settled.body));
    assert.equal((await suite.server.store.orders.find(order.id))!.status, 'refunded');
    assert.equal(stockOf(suite.server.store, first.product_id), stockBefore + 1);
  });
});
