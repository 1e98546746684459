/**
 * KSeF as a shop meets it, on a real server over the real store: with `compliance.ksef_enabled` on and credentials in
 * the environment, a company order paid through `wc/v3` gets its invoice and the invoice reaches the KSeF stand-in
 * once, with the XML the shop stored; with KSeF unreachable the invoice is issued, waits offline and is sent once
 * KSeF answers again; the customer downloads its PDF, which names the KSeF number.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { extractText } from 'unpdf';
import type { Invoice } from '../../../../client/api/invoices.js';
import { orderConfirmationPath } from '../../../../server/shop/orders/order-access.js';
import type { Order } from '../../../../server/store/schema.js';
import { KsefStandIn } from '../../../support/ksef-stand-in.js';
import { placeTestOrder, stockedProduct } from '../../support/orders.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';
import { BUYER_NIP, SELLER_NIP } from '../invoice-site.js';

const TOKEN = `20261202-EC-0123456789-ABCDEF0123-45|nip-${SELLER_NIP}|0123456789abcdef`;

async function eventually<T>(what: string, read: () => Promise<T | null | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('KSeF with the shop (lowdb files, the KSeF stand-in)', () => {
  let standIn: KsefStandIn;
  let server: TestServer;
  let manager: string;

  const pay = async (order: Order) => {
    const paid = await fetchJson(server.restUrl(`/wc/v3/orders/${order.id}`), {
      method: 'PUT',
      json: { set_paid: true },
      headers: { authorization: manager },
    });
    assert.equal(paid.status, 200);
  };
  const invoiceOf = async (order: Order) =>
    (await server.store.invoices.list({ order: order.id, type: 'VAT', page: 1, perPage: 1 })).invoices[0];
  const settled = (order: Order, status: Invoice['ksef']['status']) =>
    eventually(`the invoice of ${order.number} to be ${status}`, async () => {
      const invoice = await invoiceOf(order);
      return invoice?.ksef.status === status ? invoice : null;
    });

  before(async () => {
    standIn = await new KsefStandIn(TOKEN, SELLER_NIP).start();
    server = await startTestServer({
      env: { KSEF_ENV: 'test', KSEF_TOKEN: TOKEN, KSEF_API_URL: standIn.url, KSEF_RETRY_SECONDS: '0.1' },
    });
    manager = await server.basicAuthFor('shop_manager', 'ksiegowa');
    await server.store.catalog.load();
    await server.store.site.update((draft) => {
      draft.settings.general.company_tax_id = SELLER_NIP;
      draft.settings.compliance.ksef_enabled = true;
    });
  });
  after(async () => {
    await server?.stop();
    await standIn?.stop();
  });

  it('sends a paid company order’s invoice once, as stored, and the customer’s PDF names its KSeF number', async () => {
    const { store } = server;
    const order = await placeTestOrder(store, {
      product: stockedProduct(store, 5),
      quantity: 2,
      companyTaxId: BUYER_NIP,
      company: 'Hurtownia Żak',
    });
    await pay(order);
    const invoice = await settled(order, 'accepted');
    const arrived = standIn.received.filter((each) => each.hash === invoice.hash);
    assert.equal(arrived.length, 1, 'KSeF got it once');
    assert.equal(arrived[0]!.xml, await store.invoices.xml(invoice.id), 'KSeF got the XML the shop stored');
    assert.ok(invoice.ksef.number, 'the KSeF number is kept');
    assert.ok(invoice.ksef.upo, 'the UPO receipt is kept');

    // The customer finds the invoice on the order page and downloads it from there.
    const page = await (
      await fetch(`${server.url}${orderConfirmationPath(store.site.data.secret, order.number)}`)
    ).text();
    const link = new RegExp(`href="([^"]+/invoices/${invoice.id}\\.pdf\\?key=[^"]+)"[^>]*>([^<]+)<`).exec(page);
    assert.ok(link, 'the order page links the invoice');
    assert.ok(link[2]!.includes(invoice.number), 'the link names the invoice');
    const download = await fetch(`${server.url}${link[1]!.replaceAll('&amp;', '&')}`);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'application/pdf');
    const { text } = await extractText(new Uint8Array(await download.arrayBuffer()), { mergePages: true });
    assert.ok(text.includes(invoice.number), 'the PDF names the invoice');
    assert.ok(text.includes(invoice.ksef.number!), 'the PDF names the KSeF number');
  });

  it('issues the invoice while KSeF is unreachable, keeps it offline, and sends it once KSeF answers', async () => {
    const { store } = server;
    standIn.outage = 'down';
    const order = await placeTestOrder(store, {
      product: stockedProduct(store, 5),
      companyTaxId: BUYER_NIP,
      company: 'Młyn Łódź S.A.',
    });
    await pay(order);
    const waiting = await settled(order, 'offline');
    assert.equal(standIn.received.filter((each) => each.hash === waiting.hash).length, 0);
    standIn.outage = null;
    const sent = await settled(order, 'accepted');
    assert.equal(standIn.received.filter((each) => each.hash === sent.hash).length, 1, 'sent once');
  });
});
