// A server killed with SIGKILL after Stripe's webhook reached it and before the payment was stored loses nothing and
// doubles nothing: Stripe (the stand-in) gets no answer, sends the event again until the restarted server answers 2xx,
// and the order is paid exactly once; a further duplicate changes nothing. On both stores, with real processes.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, describe, it } from 'node:test';
import { openConfiguredStore } from '../../server/store/open-store.js';
import { createTestDatabase } from '../support/postgres.js';
import { StripeStandIn } from '../support/stripe-stand-in.js';
import { startServerProcess } from '../server/support/processes.js';
import { productsInStock, submitCheckout } from '../server/support/storefront-order.js';
import { startTestServer } from '../server/support/test-server.js';
import { Visitor } from '../server/support/visitor.js';

const STORES = [
  { name: 'lowdb files', env: async () => ({}) },
  { name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await createTestDatabase() }) },
];

/** A port nobody listens on now, so that the restarted server answers at the address Stripe keeps sending to. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

for (const kind of STORES) {
  describe(`a Stripe webhook and a crash on the ${kind.name} store`, () => {
    const stripe = new StripeStandIn();
    after(() => stripe.close());

    it('pays the order exactly once after SIGKILL between the webhook and its write', async () => {
      await stripe.start();
      // The order is placed by a shop that then stops; the same data is served by real processes afterwards.
      const shop = await startTestServer({ env: { ...(await kind.env()), ...stripe.env() } });
      const placed = await submitCheckout(
        new Visitor(shop.url),
        shop,
        'crash@example.com',
        productsInStock(shop, 1, 0, 3),
        'stripe',
      );
      const session = stripe.sessionAt(placed.location!);
      const store = { dataDir: shop.dataDir, databaseUrl: shop.config.databaseUrl };
      await shop.stop({ keepData: true });

      const port = await freePort();
      const env = {
        ...stripe.env(),
        DATA_DIR: store.dataDir,
        ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
        PORT: String(port),
      };
      let server = await startServerProcess(env);
      stripe.webhookUrl = `${server.url}/payments/stripe/webhook`;
      const event = stripe.pay(session.id);
      // The request is in the server's hands (headers and half its body), then the power goes.
      await stripe.startDelivery(event);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await server.kill();
      const between = await openConfiguredStore(store);
      try {
        const unpaid = (await between.orders.findByNumber(session.client_reference_id!))!;
        assert.equal(unpaid.status, 'pending', 'the killed request stored nothing');
      } finally {
        await between.close();
      }
      // Stripe retries while the server comes back on the same address.
      const delivering = stripe.deliver(event, { attempts: 60, pauseMs: 250 });
      server = await startServerProcess(env);
      const attempts = await delivering;
      assert.equal(attempts.at(-1), 200, `delivered at last: ${attempts.join(', ')}`);
      assert.deepEqual(await stripe.deliver(event), [200]);
      await server.stop();

      const reopened = await openConfiguredStore(store);
      try {
        const order = (await reopened.orders.findByNumber(session.client_reference_id!))!;
        assert.equal(order.status, 'processing');
        assert.ok(order.date_paid);
        assert.equal(order.history.filter((entry) => entry.to === 'processing').length, 1);
        assert.equal(order.notes.filter((note) => note.note.includes(event.id)).length, 1);
      } finally {
        await reopened.close();
      }
    });
  });
}
