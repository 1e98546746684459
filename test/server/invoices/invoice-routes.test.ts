/**
 * Invoices over HTTP on a real server: a company order paid through `wc/v3` has its invoice at once, numbered in its
 * period one after another; a consumer's is issued on request, once; `vitrine/v1/invoices` lists, pages and filters
 * them, answers the XML that passed the schema (its hash is the stored one), exports a period as a ZIP of the
 * register and the XML files, and refuses strangers.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { fa3Problems, loadFa3Schema } from '../../../server/invoices/fa3/fa3-schema.js';
import { localDate } from '../../../server/invoices/invoice-dates.js';
import type { Order } from '../../../server/store/schema.js';
import { minorUnits } from '../../../server/tax/order-taxes.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { fetchJson, useTestServer } from '../support/test-server.js';
import { BUYER_NIP, SELLER_NIP } from './invoice-site.js';
import { grosz, readFa3 } from './read-fa3.js';
import { unzip } from './unzip.js';

// The schema checker loads once, before the checks below read XML with it.
await loadFa3Schema();

describe('vitrine/v1/invoices', () => {
  const suite = useTestServer({ env: { TRUST_PROXY: '1' } });
  const call = (method: string, path: string, json?: unknown, authorization = suite.manager) =>
    fetchJson(suite.server.restUrl(path), { method, json, headers: { authorization, 'x-forwarded-proto': 'https' } });
  const companies: Order[] = [];
  let consumer: Order;
  let cancelled: Order;

  before(async () => {
    const { store } = suite.server;
    await store.catalog.load();
    await store.site.update((draft) => {
      draft.settings.general.company_tax_id = SELLER_NIP;
      draft.settings.general.company_address = 'ul. Świętokrzyska 12, 00-916 Warszawa';
    });
    const product = stockedProduct(store, 10);
    for (let index = 0; index < 3; index++)
      companies.push(
        await placeTestOrder(store, {
          product,
          quantity: index + 1,
          companyTaxId: BUYER_NIP,
          company: 'Młyn Łódź S.A.',
        }),
      );
    consumer = await placeTestOrder(store, { product });
    cancelled = await placeTestOrder(store, { product });
    assert.equal((await call('PUT', `/wc/v3/orders/${cancelled.id}`, { status: 'cancelled' })).status, 200);
  });

  it('issues a paid company order’s invoice at once, numbered one after another in its period', async () => {
    for (const order of companies)
      assert.equal((await call('PUT', `/wc/v3/orders/${order.id}`, { set_paid: true })).status, 200);
    const period = localDate(new Date(), 'Europe/Warsaw').slice(0, 7).replace('-', '/');
    const numbers = [];
    for (const order of companies) {
      const listed = await call('GET', `/vitrine/v1/invoices?order=${order.id}`);
      assert.equal(listed.status, 200);
      assert.equal(listed.body.length, 1, `order ${order.id} has one invoice`);
      const [invoice] = listed.body;
      assert.equal(invoice.type, 'VAT');
      assert.equal(invoice.buyer.tax_id, BUYER_NIP);
      assert.equal(invoice.seller.tax_id, SELLER_NIP);
      assert.equal(invoice.total_gross, minorUnits(order.total));
      numbers.push(invoice.number);
    }
    assert.deepEqual(numbers, [`FV/${period}/1`, `FV/${period}/2`, `FV/${period}/3`]);
  });

  it('answers the stored XML, which passes the schema, carries the order’s total, and hashes to the invoice’s hash', async () => {
    const [invoice] = (await call('GET', `/vitrine/v1/invoices?order=${companies[1]!.id}`)).body;
    assert.match(invoice.xml, new RegExp(`/vitrine/v1/invoices/${invoice.id}/xml$`));
    assert.match(invoice.pdf, new RegExp(`/vitrine/v1/invoices/${invoice.id}/pdf$`));
    const response = await fetch(invoice.xml, {
      headers: { authorization: suite.manager, 'x-forwarded-proto': 'https' },
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /application\/xml/);
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.equal(createHash('sha256').update(bytes).digest('base64'), invoice.hash);
    const xml = bytes.toString('utf8');
    assert.deepEqual(fa3Problems(xml), []);
    assert.equal(grosz(readFa3(xml).fa.P_15!), minorUnits(companies[1]!.total));
    assert.equal(readFa3(xml).fa.P_2, invoice.number);
  });

  it('issues a consumer’s invoice on request, once, and none for a cancelled order', async () => {
    assert.equal((await call('GET', `/vitrine/v1/invoices?order=${consumer.id}`)).body.length, 0);
    const first = await call('POST', `/vitrine/v1/orders/${consumer.id}/invoice`);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.buyer.tax_id, '');
    const again = await call('POST', `/vitrine/v1/orders/${consumer.id}/invoice`);
    assert.equal(again.status, 200);
    assert.equal(again.body.id, first.body.id);
    const refused = await call('POST', `/vitrine/v1/orders/${cancelled.id}/invoice`);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'vitrine_invoice_not_sold');
    assert.equal((await call('POST', '/vitrine/v1/orders/999999/invoice')).status, 404);
  });

  it('pages and filters the list, newest first, and refuses a bad date', async () => {
    const all = await call('GET', '/vitrine/v1/invoices?per_page=2');
    assert.equal(all.headers.get('x-wp-total'), '4');
    assert.equal(all.headers.get('x-wp-totalpages'), '2');
    const ids = all.body.map((invoice: { id: number }) => invoice.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    const future = await call('GET', '/vitrine/v1/invoices?after=2099-01-01');
    assert.deepEqual(future.body, []);
    assert.equal(future.headers.get('x-wp-total'), '0');
    const bad = await call('GET', '/vitrine/v1/invoices?after=yesterday');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'rest_invalid_param');
    assert.equal((await call('GET', '/vitrine/v1/invoices/999999')).status, 404);
  });

  it('exports a period as a ZIP of the register and each invoice’s XML', async () => {
    const response = await fetch(suite.server.restUrl('/vitrine/v1/invoices/export?from=2020-01-01&to=2099-01-01'), {
      headers: { authorization: suite.manager, 'x-forwarded-proto': 'https' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/zip');
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    const listed = (await call('GET', '/vitrine/v1/invoices?per_page=100')).body as {
      number: string;
      total_gross: number;
    }[];
    const register = files
      .get('register.csv')!
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(register.length, listed.length + 1);
    for (const invoice of listed) {
      const xml = files.get(`xml/${invoice.number.replaceAll('/', '-')}.xml`);
      assert.ok(xml, `the ZIP holds ${invoice.number}`);
      assert.deepEqual(fa3Problems(xml), []);
      const row = register.find((line) => line.startsWith(`${invoice.number},`))!;
      assert.ok(row.includes(`,${(invoice.total_gross / 100).toFixed(2)},PLN,`), row);
    }
  });

  it('issues nothing when the schema refuses the XML, says why, and uses no number', async () => {
    const { store } = suite.server;
    const order = await placeTestOrder(store, { product: stockedProduct(store, 1) });
    const setCountry = (country: string) =>
      store.orders.change(order.id, (stored) => {
        const changed = { ...stored, billing: { ...stored.billing, country } };
        return { order: changed, result: changed };
      });
    await setCountry('ZZ');
    const refused = await call('POST', `/vitrine/v1/orders/${order.id}/invoice`);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'vitrine_invoice_schema');
    assert.match(refused.body.data.problems.join(' '), /KodKraju/);
    assert.equal((await call('GET', `/vitrine/v1/invoices?order=${order.id}`)).body.length, 0);
    await setCountry('PL');
    const issued = await call('POST', `/vitrine/v1/orders/${order.id}/invoice`);
    assert.equal(issued.status, 201);
    const period = localDate(new Date(), 'Europe/Warsaw').slice(0, 7).replace('-', '/');
    assert.equal(issued.body.number, `FV/${period}/5`, 'the refused invoice took no number');
  });

  it('is for shop managers only', async () => {
    const customer = await suite.server.basicAuthFor('customer');
    assert.equal((await call('GET', '/vitrine/v1/invoices', undefined, customer)).status, 403);
    const anonymous = await fetchJson(suite.server.restUrl('/vitrine/v1/invoices'));
    assert.equal(anonymous.status, 401);
  });
});
