/**
 * `GET vitrine/v1/invoices/{id}/pdf` through the REST middleware on a real port, with real users on a lowdb store.
 * The invoices come from a small in-memory `find` (a test double of the repository's read), since issuing is another
 * module's work.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import Koa from 'koa';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Invoice } from '../../../../client/api/invoices.js';
import { addApplicationPassword, createUser } from '../../../../server/auth/users.js';
import { loadConfig } from '../../../../server/config.js';
import { Hooks } from '../../../../server/hooks/hooks.js';
import { translator } from '../../../../server/i18n/translator.js';
import { invoiceFileName } from '../../../../server/invoices/invoice-file-name.js';
import { registerInvoicePdfRoute } from '../../../../server/invoices/pdf/invoice-pdf-route.js';
import { RestRegistry } from '../../../../server/rest/registry.js';
import { restMiddleware } from '../../../../server/rest/rest-middleware.js';
import { openLowdbStore } from '../../../../server/store/lowdb/lowdb-store.js';
import type { Store } from '../../../../server/store/store.js';
import { fetchJson, makeTempDir } from '../../support/test-server.js';
import { fixtureInvoice } from './invoice-fixture.js';

const INVOICE: Invoice = fixtureInvoice([{ name: 'Świeca łąkowa', quantity: 3, unitGross: 2599, rate: '23' }], {
  id: 12,
  number: 'FV/2026/12/12',
});

describe('GET vitrine/v1/invoices/{id}/pdf', () => {
  let store: Store;
  let server: ReturnType<Koa['listen']>;
  let root = '';
  const auth: Record<'manager' | 'customer', string> = { manager: '', customer: '' };

  before(async () => {
    store = await openLowdbStore(await makeTempDir(), { watch: false });
    const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
    const registry = new RestRegistry();
    registerInvoicePdfRoute(registry, {
      invoices: { find: async (id) => (id === INVOICE.id ? INVOICE : null) },
      translatorFor: () => translator('pl'),
      pdfOptions: () => ({}),
    });
    const app = new Koa();
    app.use(restMiddleware({ config, registry, store, hooks: new Hooks() }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}${config.restRoot}/vitrine/v1`;
    for (const [name, role] of [
      ['manager', 'shop_manager'],
      ['customer', 'customer'],
    ] as const) {
      await createUser(store, { login: name, role, password: 'a-long-password' });
      auth[name] =
        `Basic ${Buffer.from(`${name}:${await addApplicationPassword(store, name, 'tests')}`).toString('base64')}`;
    }
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await store.close();
  });

  test('a shop manager downloads the invoice as a PDF named after its number, in the shop’s language', async () => {
    const response = await fetch(`${root}/invoices/12/pdf`, { headers: { authorization: auth.manager } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.match(response.headers.get('content-disposition')!, /filename="FV-2026-12-12\.pdf"/);
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true })
    ).text;
    assert.match(text, /Faktura VAT/);
    assert.match(text, /Świeca łąkowa/);
    assert.match(text, /FV\/2026\/12\/12/);
  });

  test('an unknown invoice is a 404 in the documented shape', async () => {
    const { status, body } = await fetchJson(`${root}/invoices/999/pdf`, { headers: { authorization: auth.manager } });
    assert.equal(status, 404);
    assert.deepEqual(body, {
      code: 'vitrine_invoice_not_found',
      message: 'There is no invoice with the id 999.',
      data: { status: 404 },
    });
  });

  test('customers and strangers get no invoice PDFs here', async () => {
    assert.equal(
      (await fetchJson(`${root}/invoices/12/pdf`, { headers: { authorization: auth.customer } })).status,
      403,
    );
    assert.equal((await fetchJson(`${root}/invoices/12/pdf`)).status, 401);
  });

  test('file names keep to safe characters whatever the numbering pattern holds', () => {
    assert.equal(invoiceFileName('FV/2026/12/7', 'pdf'), 'FV-2026-12-7.pdf');
    assert.equal(invoiceFileName('../..\\"x"', 'pdf'), 'x.pdf');
    assert.equal(invoiceFileName('Ż/1', 'pdf'), 'Ż-1.pdf');
  });
});
