// The order's page (the confirmation link, and the customer's view from /account) asks for payment only while the
// shop waits for it: a bank transfer's account and amount while the order is unpaid, cash for the courier until it is
// delivered. Once the order is paid, cancelled or refunded, the page says so instead, so that no one pays for an order
// that was cancelled, nor twice for one that was paid.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { orderConfirmationPath } from '../../../../server/shop/orders/order-access.js';
import { placeOrderThroughShop, productsInStock } from '../../support/storefront-order.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

describe("the order page's payment", () => {
  const suite = useTestServer();
  const pageOf = async (number: string) =>
    (await new Visitor(suite.server.url).get(orderConfirmationPath(suite.server.store.site.data.secret, number))).html;
  const move = async (number: string, status: string) => {
    const order = (await suite.server.store.orders.findByNumber(number))!;
    const answer = await fetchJson(suite.server.restUrl(`/wc/v3/orders/${order.id}`), {
      method: 'PUT',
      headers: { authorization: suite.manager },
      json: { status },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  };

  it("shows a bank transfer's details while the order is unpaid, and not once it is cancelled or paid", async () => {
    const [first, second] = productsInStock(suite.server, 2);
    const cancelled = (await placeOrderThroughShop(suite.server, 'przelew@example.com', [first!], 'bank_transfer'))
      .number;
    assert.match(await pageOf(cancelled), /Przelej poniższą kwotę[\s\S]*<dt>IBAN<\/dt>/);
    await move(cancelled, 'cancelled');
    const page = await pageOf(cancelled);
    assert.doesNotMatch(page, /Przelej|<dt>IBAN<\/dt>/, 'no payment is asked for a cancelled order');
    assert.match(page, /Status zamówienia: Anulowane\. Nie ma nic do zapłaty\./);

    const paid = (await placeOrderThroughShop(suite.server, 'przelew@example.com', [second!], 'bank_transfer')).number;
    await move(paid, 'processing');
    const paidPage = await pageOf(paid);
    assert.doesNotMatch(paidPage, /Przelej|<dt>IBAN<\/dt>/, 'a paid order is not to be paid again');
    assert.match(paidPage, /Status zamówienia: W realizacji\. Opłacone\./);
  });

  it('asks for cash on delivery until the order is delivered', async () => {
    const [product] = productsInStock(suite.server, 1, 2);
    const { number } = await placeOrderThroughShop(
      suite.server,
      'pobranie@example.com',
      [product!],
      'cash_on_delivery',
    );
    assert.match(await pageOf(number), /Zapłać .+ kurierowi przy odbiorze\./);
    await move(number, 'completed');
    const page = await pageOf(number);
    assert.doesNotMatch(page, /Zapłać/);
    assert.match(page, /Status zamówienia: Zrealizowane\. Opłacone\./);
  });

  it("lists the refunds with the VAT inside them and the reason, in the shop's words", async () => {
    const [product] = productsInStock(suite.server, 1, 3);
    const { number } = await placeOrderThroughShop(suite.server, 'zwrot@example.com', [product!], 'cash_on_delivery');
    assert.doesNotMatch(await pageOf(number), /Zwroty/, 'nothing refunded, nothing listed');
    await move(number, 'completed');
    const order = (await suite.server.store.orders.findByNumber(number))!;
    const refunded = await fetchJson(suite.server.restUrl(`/vitrine/v1/orders/${order.id}/refunds`), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: { lines: [{ index: 0, quantity: 1 }], reason: 'Uszkodzone <b>opakowanie</b>' },
    });
    assert.equal(refunded.status, 200, JSON.stringify(refunded.body));
    const refund = refunded.body;
    assert.equal(refund.amount, Math.round(order.lines[0]!.line_total * 100));
    const rate = refund.rates[0];
    assert.equal(rate.tax, order.taxes.lines[0]!.total_tax, "the line's whole VAT goes back with it");
    const page = await pageOf(number);
    const money = (minor: number) => `${(minor / 100).toFixed(2).replace('.', ',')}\u00a0zł`;
    assert.match(page, /<h2>Zwroty<\/h2>/);
    assert.ok(
      page.includes(`zwróciliśmy ${money(refund.amount)}`),
      page.slice(page.indexOf('Zwroty'), page.indexOf('Zwroty') + 600),
    );
    assert.ok(page.includes(`w tym ${rate.label}: ${money(rate.tax)}`));
    assert.ok(page.includes('Powód: Uszkodzone &lt;b&gt;opakowanie&lt;/b&gt;'), 'the reason is escaped');

    const refused = await fetchJson(suite.server.restUrl(`/vitrine/v1/orders/${order.id}/refunds`), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: { lines: [{ index: 0, quantity: 5 }], amount: 'dużo' },
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'vitrine_invalid_order_refund');
    assert.ok(refused.body.data.params.amount, JSON.stringify(refused.body));
    assert.equal((await suite.server.store.orders.find(order.id))!.refunds.length, 1, 'nothing more stored');
  });
});
