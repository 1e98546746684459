// Paying through Stripe Checkout against a local stand-in of Stripe's API, on both stores: the checkout sends the
// shopper to a Checkout Session for the order's total in grosz, and only the signed webhook pays the order, once:
// a duplicate, a second event of the same payment, a payment after the unpaid hold cancelled the order, a wrong amount
// and a forged signature never pay it (twice); a failed or abandoned payment leaves it waiting, with a way to pay
// again; a refund reaches Stripe through the SDK.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ShopMail } from '../../../../server/mail/shop-mail.js';
import { sweepUnpaidHolds } from '../../../../server/shop/orders/hold-sweeper.js';
import { createPaymentGateways } from '../../../../server/shop/payments/payment-gateways.js';
import type { Order } from '../../../../server/store/schema.js';
import { StripeStandIn, stripeSignature, STRIPE_TEST_WEBHOOK_SECRET } from '../../../support/stripe-stand-in.js';
import { createTestDatabase } from '../../../support/postgres.js';
import { productsInStock, submitCheckout } from '../../support/storefront-order.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

const MINUTE = 60_000;

/** The start of the order page's "being confirmed" text in the demo shop's language, up to its amount. */
const CONFIRMING = JSON.parse(
  readFileSync(new URL('../../../../server/i18n/messages/pl/order.json', import.meta.url), 'utf8'),
)['order.paymentConfirming'].split('%(')[0] as string;

const STORES = [
  { name: 'lowdb files', env: async () => ({}) },
  { name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await createTestDatabase() }) },
];

/** The order's amount in grosz as a second computation: its lines, delivery and fees, each to the grosz. */
const groszOf = (order: Order) =>
  [
    ...order.lines.map((line) => line.line_total),
    ...order.shipping_lines.map((line) => line.total),
    ...order.fee_lines.map((fee) => fee.total),
  ]
    .map((amount) => Math.round(amount * 100))
    .reduce((sum, amount) => sum + amount, 0);

for (const kind of STORES) {
  describe(`Stripe Checkout on the ${kind.name} store`, () => {
    const stripe = new StripeStandIn();
    let server: TestServer;
    let productIndex = 0;

    before(async () => {
      await stripe.start();
      server = await startTestServer({ env: { ...(await kind.env()), ...stripe.env() } });
      stripe.webhookUrl = `${server.url}/payments/stripe/webhook`;
      await server.store.site.update((site) => {
        // Every order here comes from one address; the limit of unpaid orders is not what this tests.
        site.settings.checkout.unpaid_orders_per_source = 100;
      });
    });
    after(async () => {
      await server?.stop();
      await stripe.close();
    });

    /** A shopper orders one product paying with Stripe; answers the order, its session and the shopper. */
    async function orderWithStripe(email = 'blik@example.com') {
      const products = productsInStock(server, 1, productIndex++, 3);
      const visitor = new Visitor(server.url);
      const placed = await submitCheckout(visitor, server, email, products, 'stripe');
      assert.ok(placed.location?.startsWith(`${stripe.url}/c/pay/`), `sent to Stripe's page, not ${placed.location}`);
      const session = stripe.sessionAt(placed.location!);
      const order = (await server.store.orders.findByNumber(session.client_reference_id!))!;
      return { order, session, visitor, product: products[0]! };
    }
    const fresh = async (order: Order) => (await server.store.orders.find(order.id))!;
    const stockOf = (productId: number) =>
      server.store.catalog.data.products.find((product) => product.id === productId)!.stock_quantity;
    const pageOf = async (visitor: Visitor, url: string) => (await visitor.get(url.slice(server.url.length))).html;

    it('offers Stripe at checkout and creates a Checkout Session for the order in grosz', async () => {
      const checkout = await new Visitor(server.url).get('/checkout');
      // The cart is empty for a new visitor: the checkout page itself is seen through a shopper with goods.
      assert.ok(checkout.status === 303 || checkout.html.includes('payment_stripe'));
      const { order, session } = await orderWithStripe();
      assert.equal(order.payment_method, 'stripe');
      assert.equal(order.status, 'pending');
      assert.equal(order.date_paid, null);
      assert.equal(session.amount_total, groszOf(order));
      assert.equal(session.currency, 'pln');
      assert.deepEqual(session.payment_method_types, ['card', 'blik', 'p24']);
      assert.equal(session.client_reference_id, order.number);
      assert.equal(session.metadata.order_number, order.number);
      assert.equal(session.payment_intent_metadata.order_number, order.number);
      assert.ok(session.success_url.startsWith(`${server.url}/order-received/${order.number}?key=`));
      assert.ok(session.cancel_url.startsWith(session.success_url));
    });

    it('pays the order once when the signed webhook says so, however often it comes', async () => {
      const { order, session, visitor } = await orderWithStripe();
      // Back from Stripe before the webhook: the page says the payment is being confirmed.
      assert.ok(
        (await pageOf(visitor, session.success_url)).includes(CONFIRMING),
        'the page says it is being confirmed',
      );
      const event = stripe.pay(session.id);
      assert.deepEqual(await stripe.deliver(event), [200]);
      const paid = await fresh(order);
      assert.equal(paid.status, 'processing');
      assert.ok(paid.date_paid);
      assert.equal(paid.history.filter((entry) => entry.to === 'processing').length, 1);
      assert.equal(paid.history.at(-1)!.by.name, 'Stripe');
      assert.ok(paid.notes.some((note) => note.note.includes(event.id)));
      // The same event again, and the PaymentIntent's own event for the same payment: nothing changes twice.
      const again = await fetchJson(stripe.webhookUrl, {
        method: 'POST',
        headers: {
          'stripe-signature': stripeSignature(event.payload, STRIPE_TEST_WEBHOOK_SECRET),
          'content-type': 'application/json',
        },
        body: event.payload,
      });
      assert.equal(again.status, 200);
      assert.equal(again.body.outcome, 'duplicate');
      const intent = stripe.event('payment_intent.succeeded', {
        id: stripe.sessions.get(session.id)!.payment_intent,
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: 'pln',
        metadata: { order_number: order.number },
        status: 'succeeded',
      });
      assert.deepEqual(await stripe.deliver(intent), [200]);
      const after = await fresh(order);
      assert.equal(after.date_paid, paid.date_paid);
      assert.equal(after.history.length, paid.history.length);
      assert.equal(after.notes.filter((note) => note.note.includes(event.id)).length, 1);
      assert.ok(after.notes.some((note) => note.note.includes(intent.id) && /paid already/.test(note.note)));
      assert.match(await pageOf(visitor, session.success_url), /Stripe/);
      // The customer hears of the payment once, told what was paid and how.
      const manager = await server.basicAuthFor('shop_manager');
      const log = await fetchJson(server.restUrl('/vitrine/v1/mail?per_page=100'), {
        headers: { authorization: manager },
      });
      const told = log.body.filter(
        (message: { kind: string; subject: string }) =>
          message.kind === 'order-paid' && message.subject.includes(order.number),
      );
      assert.equal(told.length, 1);
      const detail = await fetchJson(server.restUrl(`/vitrine/v1/mail/${told[0].id}`), {
        headers: { authorization: manager },
      });
      assert.match(detail.body.text, /Stripe/);
      const amount = (session.amount_total / 100).toFixed(2).replace('.', ',');
      assert.ok(detail.body.text.includes(amount), `the e-mail names ${amount}`);
      const confirmation = log.body.find(
        (message: { kind: string; subject: string }) =>
          message.kind === 'order-confirmation' && message.subject.includes(order.number),
      );
      const placedMail = await fetchJson(server.restUrl(`/vitrine/v1/mail/${confirmation.id}`), {
        headers: { authorization: manager },
      });
      assert.match(placedMail.body.text, /Stripe/);
    });

    it('pays once when the same event and its PaymentIntent twin arrive at the same moment', async () => {
      const { order, session } = await orderWithStripe();
      const event = stripe.pay(session.id);
      const twin = stripe.event('payment_intent.succeeded', {
        id: stripe.sessions.get(session.id)!.payment_intent,
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: 'pln',
        metadata: { order_number: order.number },
      });
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, () => stripe.deliver(event)),
        ...Array.from({ length: 6 }, () => stripe.deliver(twin)),
      ]);
      assert.deepEqual(new Set(answers.flat()), new Set([200]));
      const paid = await fresh(order);
      assert.equal(paid.status, 'processing');
      assert.equal(paid.history.filter((entry) => entry.to === 'processing').length, 1);
      assert.equal(paid.notes.filter((note) => note.note.startsWith('Stripe: paid')).length, 1);
      assert.equal(paid.notes.filter((note) => note.note.includes(event.id)).length, 1);
      assert.equal(paid.notes.filter((note) => note.note.includes(twin.id)).length, 1);
    });

    it('keeps a failed payment waiting, and lets a shopper who left Stripe pay again', async () => {
      const { order, session, visitor } = await orderWithStripe();
      assert.deepEqual(await stripe.deliver(stripe.fail(session.id)), [200]);
      assert.deepEqual(await stripe.deliver(stripe.expire(session.id)), [200]);
      const waiting = await fresh(order);
      assert.equal(waiting.status, 'pending');
      assert.equal(waiting.date_paid, null);
      assert.ok(waiting.notes.some((note) => /failed/.test(note.note)));
      assert.ok(waiting.notes.some((note) => /expired/.test(note.note)));
      const back = await pageOf(visitor, session.cancel_url);
      const action = /<form method="post" action="(\/payments\/pay\/[^"]+)"/.exec(back)?.[1];
      const key = /name="key" value="([^"]+)"/.exec(back)?.[1];
      assert.ok(action && key, 'the order page offers to pay again');
      const retry = await visitor.post(action, { key });
      assert.equal(retry.status, 303);
      const second = stripe.sessionAt(retry.location!);
      assert.notEqual(second.id, session.id);
      assert.deepEqual(await stripe.deliver(stripe.pay(second.id)), [200]);
      assert.equal((await fresh(order)).status, 'processing');
      // A post without the order's key starts nothing.
      assert.equal((await visitor.post(action, { key: 'x' })).status, 404);
    });

    it('does not pay an order the unpaid hold cancelled; its stock came back once', async () => {
      const { order, session, product } = await orderWithStripe();
      const held = stockOf(product.id);
      const mail = new ShopMail(server.store, server.url);
      const messages = { reminder: mail.paymentReminder, statusChanged: mail.orderStatusChanged };
      const limit = server.store.site.data.settings.checkout.hold_online_unpaid_minutes;
      const early = await sweepUnpaidHolds(
        server.store,
        messages,
        new Date(Date.parse(order.created_at) + (limit - 1) * MINUTE),
      );
      assert.ok(!early.cancelled.includes(order.id));
      const swept = await sweepUnpaidHolds(
        server.store,
        messages,
        new Date(Date.parse(order.created_at) + (limit + 1) * MINUTE),
      );
      assert.ok(swept.cancelled.includes(order.id));
      assert.equal(stockOf(product.id), held + 1);
      assert.deepEqual(await stripe.deliver(stripe.pay(session.id)), [200]);
      const late = await fresh(order);
      assert.equal(late.status, 'cancelled');
      assert.equal(late.date_paid, null);
      assert.ok(late.notes.some((note) => /arrived after the order became cancelled/.test(note.note)));
      assert.equal(stockOf(product.id), held + 1);
    });

    it('records a payment of the wrong amount or currency without paying the order', async () => {
      const { order, session } = await orderWithStripe();
      assert.deepEqual(await stripe.deliver(stripe.pay(session.id, { amount: session.amount_total - 1 })), [200]);
      assert.deepEqual(await stripe.deliver(stripe.pay(session.id, { currency: 'eur' })), [200]);
      const kept = await fresh(order);
      assert.equal(kept.status, 'pending');
      assert.equal(kept.date_paid, null);
      assert.equal(kept.notes.filter((note) => /not marked paid/.test(note.note)).length, 2);
    });

    it('refuses a forged or altered webhook with 400 and changes nothing', async () => {
      const { order, session } = await orderWithStripe();
      const before = await fresh(order);
      const event = stripe.pay(session.id);
      const forged = await stripe.deliver(event, { secret: 'whsec_someone_else' });
      assert.deepEqual(forged, [400]);
      const altered = event.payload.replace(`"amount_total": ${session.amount_total}`, '"amount_total": 1');
      assert.notEqual(altered, event.payload);
      const tampered = await fetchJson(stripe.webhookUrl, {
        method: 'POST',
        headers: {
          'stripe-signature': stripeSignature(event.payload, STRIPE_TEST_WEBHOOK_SECRET),
          'content-type': 'application/json',
        },
        body: altered,
      });
      assert.equal(tampered.status, 400);
      assert.equal(tampered.body.code, 'vitrine_payment_signature_invalid');
      assert.equal(tampered.body.data.status, 400);
      const unsigned = await fetchJson(stripe.webhookUrl, { method: 'POST', body: event.payload });
      assert.equal(unsigned.status, 400);
      const stale = await stripe.deliver(event, {
        signature: stripeSignature(event.payload, STRIPE_TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
      });
      assert.deepEqual(stale, [400]);
      assert.deepEqual(await fresh(order), before);
    });

    it('lists Stripe enabled in wc/v3 with its keys masked, and never writes them', async () => {
      const manager = await server.basicAuthFor('shop_manager');
      const headers = { authorization: manager };
      const list = await fetchJson(server.restUrl('/wc/v3/payment_gateways'), { headers });
      const gateway = list.body.find((each: { id: string }) => each.id === 'stripe');
      assert.equal(gateway.enabled, true);
      assert.equal(list.body.find((each: { id: string }) => each.id === 'przelewy24').enabled, false);
      const env = stripe.env();
      assert.ok(!JSON.stringify(list.body).includes(env.STRIPE_SECRET_KEY!.slice(8, -4)));
      assert.ok(!JSON.stringify(list.body).includes(env.STRIPE_WEBHOOK_SECRET!.slice(6, -4)));
      assert.equal(gateway.settings.secret_key.value, `sk_test_••••••••${env.STRIPE_SECRET_KEY!.slice(-4)}`);
      const write = await fetchJson(server.restUrl('/wc/v3/payment_gateways/stripe'), {
        method: 'PUT',
        headers,
        json: { settings: { secret_key: 'sk_live_stolen' } },
      });
      assert.equal(write.status, 400);
      const hold = await fetchJson(server.restUrl('/wc/v3/payment_gateways/stripe'), {
        method: 'PUT',
        headers,
        json: { settings: { hold_minutes: '45' } },
      });
      assert.equal(hold.status, 200, JSON.stringify(hold.body));
      assert.equal(server.store.site.data.settings.checkout.hold_online_unpaid_minutes, 45);
      await server.store.site.update((site) => {
        site.settings.checkout.hold_online_unpaid_minutes = 60;
      });
    });

    it('refunds through the SDK to the payment Stripe took', async () => {
      const { order, session } = await orderWithStripe();
      await stripe.deliver(stripe.pay(session.id));
      const paid = await fresh(order);
      const gateway = createPaymentGateways(server.config).stripe!;
      const part = Math.floor(session.amount_total / 3);
      const { refundId } = await gateway.refund(paid, part, 'Returned within 14 days');
      const refund = stripe.refunds.find((each) => each.id === refundId)!;
      assert.equal(refund.payment_intent, stripe.sessions.get(session.id)!.payment_intent);
      assert.equal(refund.amount, part);
      assert.equal(refund.metadata.order_number, order.number);
      assert.equal(refund.metadata.reason, 'Returned within 14 days');
      await assert.rejects(gateway.refund(paid, session.amount_total, 'too much'));
    });

    it('pays a wc/v3 refund back through Stripe, once, and notes it on the order', async () => {
      const { order, session } = await orderWithStripe();
      await stripe.deliver(stripe.pay(session.id));
      const headers = { authorization: await server.basicAuthFor('shop_manager', 'refunder') };
      const before = stripe.refunds.length;
      const created = await fetchJson(server.restUrl(`/wc/v3/orders/${order.id}/refunds`), {
        method: 'POST',
        headers,
        json: { amount: '5.00', reason: 'Scratched', api_refund: true },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const sent = stripe.refunds.slice(before);
      assert.equal(sent.length, 1, 'one refund reached Stripe');
      assert.equal(sent[0]!.amount, 500);
      assert.equal(sent[0]!.payment_intent, stripe.sessions.get(session.id)!.payment_intent);
      const noted = (await fresh(order)).notes.find((note) => note.note.includes(sent[0]!.id));
      assert.ok(noted, 'the order notes the provider refund');
      const kept = await fetchJson(server.restUrl(`/wc/v3/orders/${order.id}/refunds`), {
        method: 'POST',
        headers,
        json: { amount: '1.00', reason: 'Goodwill, paid in cash', api_refund: false },
      });
      assert.equal(kept.status, 201);
      assert.equal(stripe.refunds.length, before + 1, 'a refund not asked to go through the gateway stays in the shop');
    });
  });
}

describe('Stripe unreachable at checkout', () => {
  let server: TestServer;
  before(async () => {
    // A port nobody answers on: the SDK's tries all fail.
    const closed = new StripeStandIn();
    await closed.start();
    const env = { ...closed.env() };
    await closed.close();
    server = await startTestServer({ env });
  });
  after(() => server?.stop());

  it('keeps the order and tells the shopper on its page, with a way to pay again', async () => {
    const visitor = new Visitor(server.url);
    const placed = await submitCheckout(
      visitor,
      server,
      'offline@example.com',
      productsInStock(server, 1, 0, 3),
      'stripe',
    );
    assert.match(placed.location!, /^\/order-received\/VT-\d{6}\?key=[^&]+&payment=unavailable$/);
    const number = /VT-\d{6}/.exec(placed.location!)![0];
    const order = (await server.store.orders.findByNumber(number))!;
    assert.equal(order.status, 'pending');
    const page = await visitor.get(placed.location!);
    const texts = JSON.parse(
      readFileSync(new URL('../../../../server/i18n/messages/pl/order.json', import.meta.url), 'utf8'),
    );
    assert.ok(page.html.includes(texts['order.paymentUnavailable']));
    assert.match(page.html, /action="\/payments\/pay\/VT-\d{6}"/);
  });
});
