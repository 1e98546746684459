/**
 * The invoice sweep on both stores: a company order marked paid by a process that stopped before issuing gets its
 * invoice from the next sweep, once even when two sweeps run at once; a consumer's order gets none unasked; a
 * withdrawal's recorded refund gets a correction naming the invoice, valid against the schema, once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fa3Problems } from '../../../server/invoices/fa3/fa3-schema.js';
import { sweepDueInvoices } from '../../../server/invoices/invoice-sweeper.js';
import type { Order } from '../../../server/store/schema.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { STORE_KINDS } from '../support/store-kinds.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { BUYER_NIP, SELLER_NIP } from './invoice-site.js';
import { grosz, readFa3 } from './read-fa3.js';

/** Marks the order paid in the store alone, as a process that died before issuing the invoice would have left it. */
async function paidBehindTheSweepsBack(server: TestServer, order: Order): Promise<Order> {
  return server.store.orders.change(order.id, (stored) => {
    const changed: Order = { ...stored, status: 'processing', date_paid: new Date().toISOString() };
    return { order: changed, result: changed };
  });
}

for (const kind of STORE_KINDS) {
  describe(`the invoice sweep (${kind.name})`, () => {
    let server: TestServer;
    let company: Order;
    let consumer: Order;

    before(async () => {
      const env = await kind.freshShop();
      server = await startTestServer({ dataDir: env.DATA_DIR, env });
      const { store } = server;
      await store.catalog.load();
      await store.site.update((draft) => {
        draft.settings.general.company_tax_id = SELLER_NIP;
      });
      const product = stockedProduct(store, 6);
      company = await paidBehindTheSweepsBack(
        server,
        await placeTestOrder(store, { product, quantity: 3, companyTaxId: BUYER_NIP, company: 'Hurtownia Żak' }),
      );
      consumer = await paidBehindTheSweepsBack(server, await placeTestOrder(store, { product }));
    });
    after(() => server?.stop());

    it('issues the invoice a paid company order lacks, once, and none for a consumer', async () => {
      await Promise.all([sweepDueInvoices(server.store, new Date()), sweepDueInvoices(server.store, new Date())]);
      await sweepDueInvoices(server.store, new Date());
      const issued = await server.store.invoices.list({ order: company.id, page: 1, perPage: 10 });
      assert.equal(issued.total, 1);
      assert.equal(issued.invoices[0]!.type, 'VAT');
      assert.equal((await server.store.invoices.list({ order: consumer.id, page: 1, perPage: 10 })).total, 0);
    });

    it('corrects the invoice for a withdrawal’s refund, naming it, once', async () => {
      const { store } = server;
      const line = company.lines[0]!;
      const withdrawal = await store.withdrawals.create({
        order_id: company.id,
        order_number: company.number,
        email: company.email,
        items: [{ product_id: line.product_id, title: line.title, quantity: 1 }],
        reason: '',
        user_id: null,
        received_at: new Date().toISOString(),
      });
      await store.withdrawals.process(withdrawal.id, () => ({
        goods_received_on: '2026-12-01',
        refund: {
          amount: line.unit_price,
          refunded_on: '2026-12-02',
          scope: 'lines',
          lines: [{ product_id: line.product_id, title: line.title, quantity: 1, amount: line.unit_price }],
          recorded_at: new Date().toISOString(),
          recorded_by: null,
        },
      }));
      await Promise.all([sweepDueInvoices(store, new Date()), sweepDueInvoices(store, new Date())]);
      const corrections = await store.invoices.list({ order: company.id, type: 'KOR', page: 1, perPage: 10 });
      assert.equal(corrections.total, 1);
      const [correction] = corrections.invoices;
      const original = (await store.invoices.list({ order: company.id, type: 'VAT', page: 1, perPage: 1 }))
        .invoices[0]!;
      assert.equal(correction!.correction?.number, original.number);
      assert.match(correction!.correction!.reason, new RegExp(withdrawal.reference));
      const xml = (await store.invoices.xml(correction!.id))!;
      assert.deepEqual(fa3Problems(xml), []);
      assert.equal(grosz(readFa3(xml).fa.P_15!), -Math.round(line.unit_price * 100));
      assert.match(correction!.number, /^KOR\//);
    });
  });
}
