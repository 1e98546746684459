// Whatever order a provider's messages come in, however often each is delivered, and wherever the unpaid hold's
// cancellation falls among them, an order paid online is paid at most once, and exactly when a genuine payment came
// while it was still waiting; each message is recorded once. Checked on both stores against a model of the rule
// written separately here (property-based, fast-check).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { cancelExpiredHold } from '../../../../server/shop/orders/order-service.js';
import { recordPaymentEvent } from '../../../../server/shop/orders/online-payment.js';
import type { PaymentEvent } from '../../../../server/shop/payments/payment-gateway.js';
import { minorUnits } from '../../../../server/tax/order-taxes.js';
import { createTestDatabase } from '../../../support/postgres.js';
import { placeTestOrder, stockedProduct } from '../../support/orders.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const STORES = [
  { name: 'lowdb files', env: async () => ({}) },
  { name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await createTestDatabase() }) },
];

type Step = 'paid' | 'twin' | 'wrong-amount' | 'wrong-currency' | 'failed' | 'expired' | 'hold-ends';
const STEPS: readonly Step[] = ['paid', 'twin', 'wrong-amount', 'wrong-currency', 'failed', 'expired', 'hold-ends'];

for (const kind of STORES) {
  describe(`payment messages in any order on the ${kind.name} store`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ env: await kind.env() });
    });
    after(() => server?.stop());

    it('pays at most once, exactly when a genuine payment came while the order waited', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.constantFrom(...STEPS), { minLength: 1, maxLength: 9 }), async (steps) => {
          // Any product with a unit left: each case's order takes one.
          const order = await placeTestOrder(server.store, {
            product: stockedProduct(server.store, 1),
            payment: 'stripe',
          });
          const total = minorUnits(order.total);
          const event = (id: string, outcome: PaymentEvent['outcome'], amount = total, currency = 'PLN') => ({
            eventId: `${id}-${order.id}`,
            type: id,
            orderNumber: order.number,
            outcome,
            amountMinor: amount,
            currency,
            paymentReference: `pi-${order.id}`,
          });
          const events: Record<Exclude<Step, 'hold-ends'>, PaymentEvent> = {
            paid: event('paid', 'paid'),
            twin: event('twin', 'paid'),
            'wrong-amount': event('wrong-amount', 'paid', total + 1),
            'wrong-currency': event('wrong-currency', 'paid', total, 'EUR'),
            failed: event('failed', 'failed'),
            expired: event('expired', 'expired'),
          };
          const holdOver = new Date(Date.parse(order.created_at) + 365 * 24 * 3600_000);
          const checkout = server.store.site.data.settings.checkout;
          for (const step of steps) {
            if (step === 'hold-ends') await cancelExpiredHold(server.store, order.id, checkout, () => [], holdOver);
            else await recordPaymentEvent(server.store, order.id, 'stripe', events[step], () => []);
          }
          // The model: the first genuine payment before the hold ends pays; the hold ends an order still waiting.
          let state: 'waiting' | 'paid' | 'cancelled' = 'waiting';
          for (const step of steps) {
            if (state !== 'waiting') continue;
            if (step === 'paid' || step === 'twin') state = 'paid';
            else if (step === 'hold-ends') state = 'cancelled';
          }
          const stored = (await server.store.orders.find(order.id))!;
          const expected = { waiting: 'pending', paid: 'processing', cancelled: 'cancelled' }[state];
          assert.equal(stored.status, expected, steps.join(' '));
          assert.equal(stored.date_paid !== null, state === 'paid', steps.join(' '));
          assert.equal(stored.history.filter((entry) => entry.to === 'processing').length, state === 'paid' ? 1 : 0);
          assert.equal(stored.stock_returned, state === 'cancelled');
          const delivered = new Set(steps.filter((step) => step !== 'hold-ends'));
          for (const step of delivered)
            assert.equal(
              stored.notes.filter((note) =>
                note.note.includes(`[event ${events[step as keyof typeof events].eventId}]`),
              ).length,
              1,
              `${step} recorded once in ${steps.join(' ')}`,
            );
        }),
        { numRuns: 25 },
      );
    });
  });
}
