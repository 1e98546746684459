// Paying through Przelewy24 direct against a local stand-in of its REST API, on both stores: the checkout registers
// a signed transaction for the order's total in grosz and sends the shopper to its page; the notification's sign is
// checked before anything else (a forged one is 400 and changes nothing), the payment is verified with Przelewy24 and
// pays the order once however often it is notified; a wrong amount is recorded, not verified, not paid; refunds reach
// Przelewy24.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPaymentGateways } from '../../../../server/shop/payments/payment-gateways.js';
import type { Order } from '../../../../server/store/schema.js';
import { createTestDatabase } from '../../../support/postgres.js';
import { Przelewy24StandIn, sha384Sign } from '../../../support/przelewy24-stand-in.js';
import { productsInStock, requiredBoxes, SHOPPER_ADDRESS, submitCheckout } from '../../support/storefront-order.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

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
  describe(`Przelewy24 on the ${kind.name} store`, () => {
    const p24 = new Przelewy24StandIn();
    let server: TestServer;
    let productIndex = 0;

    before(async () => {
      await p24.start();
      server = await startTestServer({ env: { ...(await kind.env()), ...p24.env() } });
      await server.store.site.update((site) => {
        // Every order here comes from one address; the limit of unpaid orders is not what this tests.
        site.settings.checkout.unpaid_orders_per_source = 100;
      });
    });
    after(async () => {
      await server?.stop();
      await p24.close();
    });

    async function orderWithP24() {
      const products = productsInStock(server, 1, productIndex++, 3);
      const placed = await submitCheckout(new Visitor(server.url), server, 'p24@example.com', products, 'przelewy24');
      assert.ok(placed.location?.startsWith(`${p24.url}/trnRequest/`), `sent to Przelewy24, not ${placed.location}`);
      const transaction = p24.transactionAt(placed.location!);
      assert.match(transaction.sessionId, /^VT-\d{6}\.[0-9a-f]+$/);
      const order = (await server.store.orders.findByNumber(transaction.sessionId.split('.')[0]!))!;
      return { order, transaction };
    }
    const fresh = async (order: Order) => (await server.store.orders.find(order.id))!;

    it('registers a signed transaction for the order in grosz and pays it once, verified', async () => {
      const { order, transaction } = await orderWithP24();
      assert.equal(order.payment_method, 'przelewy24');
      assert.equal(order.status, 'pending');
      assert.equal(transaction.amount, groszOf(order));
      assert.equal(transaction.currency, 'PLN');
      assert.equal(transaction.urlStatus, `${server.url}/payments/przelewy24/notify`);
      assert.ok(transaction.urlReturn.startsWith(`${server.url}/order-received/${order.number}?key=`));
      const notification = p24.pay(transaction.token);
      assert.deepEqual(await p24.notify(notification), [200]);
      const paid = await fresh(order);
      assert.equal(paid.status, 'processing');
      assert.ok(paid.date_paid);
      assert.deepEqual(p24.verified, [{ orderId: notification.orderId, amount: transaction.amount }]);
      // Notified again (Przelewy24 repeats until answered): nothing changes twice, nothing is verified twice.
      assert.deepEqual(await p24.notify(notification), [200]);
      const again = await fresh(order);
      assert.deepEqual(again, paid);
      assert.equal(p24.verified.length, 1);
      assert.equal(paid.history.filter((entry) => entry.to === 'processing').length, 1);
    });

    it('pays nothing while Przelewy24 cannot verify, and pays once when it notifies again', async () => {
      const { order, transaction } = await orderWithP24();
      const notification = p24.pay(transaction.token);
      p24.verifyDown = true;
      try {
        assert.deepEqual(await p24.notify(notification), [502]);
      } finally {
        p24.verifyDown = false;
      }
      const waiting = await fresh(order);
      assert.equal(waiting.status, 'pending');
      assert.equal(waiting.notes.length, order.notes.length);
      assert.deepEqual(await p24.notify(notification), [200]);
      const paid = await fresh(order);
      assert.equal(paid.status, 'processing');
      assert.equal(p24.verified.filter((each) => each.orderId === notification.orderId).length, 1);
    });

    it('refuses a notification with a forged sign with 400, changing nothing', async () => {
      const { order, transaction } = await orderWithP24();
      const before = await fresh(order);
      const genuine = p24.pay(transaction.token);
      const { sign: _sign, ...fields } = genuine;
      const forgedSign = sha384Sign({ ...fields, crc: 'not-the-shops-crc' });
      const verifiedBefore = p24.verified.length;
      for (const body of [
        { ...genuine, sign: forgedSign },
        { ...genuine, amount: 1, originAmount: 1 },
        { ...genuine, sign: undefined },
      ]) {
        const answer = await fetchJson(`${server.url}/payments/przelewy24/notify`, { method: 'POST', json: body });
        assert.equal(answer.status, 400);
        assert.equal(answer.body.code, 'vitrine_payment_signature_invalid');
      }
      assert.deepEqual(await fresh(order), before);
      assert.equal(p24.verified.length, verifiedBefore);
    });

    it('records a notification for the wrong amount without verifying or paying', async () => {
      const { order, transaction } = await orderWithP24();
      const verifiedBefore = p24.verified.length;
      assert.deepEqual(await p24.notify(p24.pay(transaction.token, { amount: transaction.amount - 100 })), [200]);
      const kept = await fresh(order);
      assert.equal(kept.status, 'pending');
      assert.equal(kept.date_paid, null);
      assert.ok(kept.notes.some((note) => /not marked paid/.test(note.note)));
      assert.equal(p24.verified.length, verifiedBefore);
    });

    it('offers only the configured providers at checkout', async () => {
      const products = productsInStock(server, 1, productIndex++, 3);
      const visitor = new Visitor(server.url);
      await visitor.get(`/product/${products[0]!.slug}`);
      await visitor.post('/cart/add', { product_id: String(products[0]!.id), quantity: '1' });
      const page = await visitor.get('/checkout');
      assert.match(page.html, /id="payment_przelewy24"/);
      assert.doesNotMatch(page.html, /id="payment_stripe"/);
      const orders = (await server.store.orders.list()).length;
      const refused = await visitor.post('/checkout', {
        ...SHOPPER_ADDRESS,
        email: 'no-stripe@example.com',
        payment_method: 'stripe',
        ...requiredBoxes(server, 'checkout'),
      });
      assert.equal(refused.status, 400);
      assert.equal((await server.store.orders.list()).length, orders);
    });

    it('keeps no key in the data folder', async () => {
      const secrets = [p24.env().P24_CRC!, p24.env().P24_API_KEY!];
      const files = await readdir(server.dataDir, { recursive: true, withFileTypes: true });
      for (const file of files.filter((entry) => entry.isFile())) {
        // A write's temporary file may be renamed away while the folder is read.
        const text = await readFile(path.join(file.parentPath, file.name), 'latin1').catch(
          (error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') return '';
            throw error;
          },
        );
        for (const secret of secrets) assert.ok(!text.includes(secret), `${file.name} holds a key`);
      }
    });

    it('refunds through Przelewy24 to the transaction that paid', async () => {
      const { order, transaction } = await orderWithP24();
      const notification = p24.pay(transaction.token);
      await p24.notify(notification);
      const gateway = createPaymentGateways(server.config).przelewy24!;
      const paid = await fresh(order);
      await gateway.refund(paid, 500, 'Zwrot towaru');
      assert.deepEqual(p24.refunds.at(-1), {
        orderId: notification.orderId,
        sessionId: transaction.sessionId,
        amount: 500,
        description: 'Zwrot towaru',
      });
      await assert.rejects(gateway.refund(paid, transaction.amount, 'too much'));
      assert.equal(p24.refused.filter((reason) => /CRC|authentication/.test(reason)).length, 0);
    });
  });
}
