/**
 * The invoice sweep on both stores: a company order marked paid by a process that stopped before issuing gets its
 * invoice from the next sweep, once even when two sweeps run at once; a consumer's order gets none unasked; a
 * refund stored by a process that stopped before its correction gets one from the sweep, naming the invoice, valid
 * against the schema, once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fa3Problems, loadFa3Schema } from '../../../server/invoices/fa3/fa3-schema.js';
import { sweepDueInvoices } from '../../../server/invoices/invoice-sweeper.js';
import { SYSTEM_ACTOR } from '../../../server/shop/orders/order-actor.js';
import { refundOrder } from '../../../server/shop/orders/order-refunds.js';
import type { Order } from '../../../server/store/schema.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { STORE_KINDS } from '../support/store-kinds.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { BUYER_NIP, SELLER_NIP } from './invoice-site.js';
import { grosz, readFa3 } from './read-fa3.js';

// The schema checker loads once, before the checks below read XML with it.
await loadFa3Schema();

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

    it('corrects the invoice for a refund whose process stopped before its correction, naming it, once', async () => {
      const { store } = server;
      const line = company.lines[0]!;
      // No hooks: the refund's action, which issues the correction at once, never ran.
      await refundOrder(
        store,
        company.id,
        {
          items: [{ kind: 'line', index: 0, quantity: 1 }],
          reason: 'Uszkodzony',
          api_refund: false,
          withdrawal_id: null,
        },
        SYSTEM_ACTOR,
        { tell: () => [] },
      );
      await Promise.all([sweepDueInvoices(store, new Date()), sweepDueInvoices(store, new Date())]);
      const corrections = await store.invoices.list({ order: company.id, type: 'KOR', page: 1, perPage: 10 });
      assert.equal(corrections.total, 1);
      const [correction] = corrections.invoices;
      const original = (await store.invoices.list({ order: company.id, type: 'VAT', page: 1, perPage: 1 }))
        .invoices[0]!;
      assert.equal(correction!.correction?.number, original.number);
      assert.match(correction!.correction!.reason, new RegExp(`${company.number}: Uszkodzony`));
      const xml = (await store.invoices.xml(correction!.id))!;
      assert.deepEqual(fa3Problems(xml), []);
      assert.equal(grosz(readFa3(xml).fa.P_15!), -Math.round(line.unit_price * 100));
      assert.match(correction!.number, /^KOR\//);
    });
  });
}
