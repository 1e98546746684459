/**
 * The customer's invoice download on a real shop: an order placed through the storefront, the download route mounted
 * beside it over the same store. The invoice is read through a small in-memory `find` (a test double of the
 * repository's read: issuing is another module's work).
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import Koa from 'koa';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Invoice } from '../../../../client/api/invoices.js';
import { createUser } from '../../../../server/auth/users.js';
import { sessionMiddleware } from '../../../../server/auth/session-middleware.js';
import { customerInvoiceRoutes } from '../../../../server/invoices/pdf/customer-invoice-route.js';
import { mayViewOrder } from '../../../../server/shop/orders/order-access.js';
import { loginCookie } from '../../support/login.js';
import { placeOrderThroughShop, productsInStock } from '../../support/storefront-order.js';
import { useTestServer } from '../../support/test-server.js';
import { fixtureInvoice } from './invoice-fixture.js';
import { orderInvoicePdfPath } from '../../../../server/shop/orders/order-access.js';

describe('GET /order-received/{number}/invoices/{id}.pdf', () => {
  const suite = useTestServer();
  const invoices = new Map<number, Invoice>();
  let downloads: ReturnType<Koa['listen']>;
  let base = '';
  let mine: { number: string; invoice: Invoice };
  let theirs: { number: string; invoice: Invoice };

  before(async () => {
    const { store } = suite.server;
    const app = new Koa();
    app.use(sessionMiddleware(store));
    app.use(
      customerInvoiceRoutes({
        store,
        invoices: { find: async (id) => invoices.get(id) ?? null },
        pdfOptions: () => ({}),
      }).routes(),
    );
    downloads = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => downloads.once('listening', resolve));
    base = `http://127.0.0.1:${(downloads.address() as AddressInfo).port}`;
    const placed: { number: string; invoice: Invoice }[] = [];
    for (const [index, product] of productsInStock(suite.server, 2).entries()) {
      const { number } = await placeOrderThroughShop(suite.server, `firma${index}@example.com`, [product]);
      const order = (await store.orders.findByNumber(number))!;
      const invoice = fixtureInvoice([{ name: 'Łyżeczka źródlana', quantity: 1, unitGross: 1999, rate: '23' }], {
        id: 70 + index,
        number: `FV/2026/12/${70 + index}`,
        order_id: order.id,
        order_number: number,
      });
      invoices.set(invoice.id, invoice);
      placed.push({ number, invoice });
    }
    [mine, theirs] = placed as [typeof mine, typeof theirs];
  });
  after(() => new Promise((resolve) => downloads.close(resolve)));

  const secret = () => suite.server.store.site.data.secret;

  test('the link with the order’s key downloads the invoice as a PDF', async () => {
    const response = await fetch(`${base}${orderInvoicePdfPath(secret(), mine.number, mine.invoice.id)}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.equal(response.headers.get('cache-control'), 'private, no-store');
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true })
    ).text;
    assert.match(text, /Faktura VAT/);
    assert.match(text, new RegExp(mine.invoice.number));
    assert.match(text, /Łyżeczka źródlana/);
  });

  test('no key, a wrong key, another order’s key or another order’s invoice: nothing there', async () => {
    const tries = [
      `/order-received/${encodeURIComponent(mine.number)}/invoices/${mine.invoice.id}.pdf`,
      `/order-received/${encodeURIComponent(mine.number)}/invoices/${mine.invoice.id}.pdf?key=guessed`,
      orderInvoicePdfPath(secret(), theirs.number, mine.invoice.id),
      orderInvoicePdfPath(secret(), mine.number, theirs.invoice.id),
      orderInvoicePdfPath(secret(), mine.number, 999),
      orderInvoicePdfPath(secret(), mine.number, mine.invoice.id).replace('.pdf', '.xml'),
    ];
    for (const path of tries) assert.equal((await fetch(`${base}${path}`)).status, 404, path);
  });

  test('a signed-in customer sees no invoice of an order that is not theirs', async () => {
    await createUser(suite.server.store, { login: 'ktos-inny', role: 'customer', password: 'a-long-password' });
    const cookie = await loginCookie(suite.server.url, 'ktos-inny', 'a-long-password');
    const path = `/order-received/${encodeURIComponent(mine.number)}/invoices/${mine.invoice.id}.pdf`;
    assert.equal((await fetch(`${base}${path}`, { headers: { cookie } })).status, 404);
  });

  test('an order’s own customer may see it without the key; nobody else may', () => {
    const order = { number: '1042', user_id: 5 };
    assert.equal(mayViewOrder('secret', order, undefined, { id: 5 }), true);
    assert.equal(mayViewOrder('secret', order, undefined, { id: 6 }), false);
    assert.equal(mayViewOrder('secret', { ...order, user_id: null }, undefined, { id: 5 }), false);
    assert.equal(mayViewOrder('secret', order, undefined, null), false);
  });
});
