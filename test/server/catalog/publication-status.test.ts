/**
 * Only published products reach the shoppers' answers (`/filter`, the widget on every page, the
 * public search, product and category pages, the cart); shop managers see every status in `wc/v3` and preview an
 * unpublished product's page with a notice. An edit from publish to draft leaves the indexes at once, and back.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { catalogCsvRows } from '../support/catalog-csv.js';
import { loginCookie } from '../support/login.js';
import { fetchJson, useTestServer } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';

describe('publication status', () => {
  const suite = useTestServer();
  let managerCookie = '';
  const product = (sku: string) => suite.server.store.catalog.data.products.find((candidate) => candidate.sku === sku)!;
  const filter = async (query: Record<string, string> = {}) =>
    (await fetchJson(suite.server.restUrl('/facet/v1/filter'), { method: 'POST', json: { query } })).body;
  const search = async (q: string) =>
    (await fetchJson(suite.server.restUrl(`/compliance/v1/search?q=${encodeURIComponent(q)}&limit=50`))).body;
  const wc = (method: string, path: string, json?: unknown) =>
    fetchJson(suite.server.restUrl(path), { method, json, headers: { authorization: suite.manager } });

  before(async () => {
    const report = await importCatalogRows(
      suite.server.store,
      await catalogCsvRows([
        {
          Type: 'simple',
          SKU: 'LAMP-1',
          Name: 'Amber Lamp',
          Published: 1,
          'Regular price': 100,
          'In stock?': 1,
          Stock: 5,
          Categories: 'Lighting',
        },
        {
          Type: 'simple',
          SKU: 'LAMP-2',
          Name: 'Birch Lamp',
          Published: 1,
          'Regular price': 110,
          'In stock?': 1,
          Stock: 5,
          Categories: 'Lighting',
        },
        {
          Type: 'simple',
          SKU: 'LAMP-3',
          Name: 'Cedar Lamp',
          Published: 1,
          'Regular price': 120,
          'In stock?': 1,
          Stock: 5,
          Categories: 'Lighting',
        },
        {
          Type: 'simple',
          SKU: 'LAMP-4',
          Name: 'Dune Lamp',
          Published: 1,
          'Regular price': 130,
          'In stock?': 1,
          Stock: 5,
          Categories: 'Lighting',
        },
        {
          Type: 'simple',
          SKU: 'LAMP-5',
          Name: 'Ember Lamp',
          'Regular price': 140,
          'In stock?': 1,
          Stock: 5,
          Categories: 'Lighting',
        },
        {
          Type: 'simple',
          SKU: 'LAMP-6',
          Name: 'Secret Lamp',
          Published: 0,
          'Regular price': 150,
          'In stock?': 1,
          Stock: 5,
          Categories: 'Lighting',
        },
        {
          Type: 'simple',
          SKU: 'LAMP-7',
          Name: 'Sketch Lamp',
          Published: -1,
          'Regular price': 160,
          'In stock?': 1,
          Stock: 5,
          Categories: 'Lighting',
        },
      ]),
      { mode: 'replace' },
    );
    assert.deepEqual(report.problems, []);
    await createUser(suite.server.store, { login: 'mona', role: 'shop_manager', password: 'a-long-password' });
    managerCookie = await loginCookie(suite.server.url, 'mona', 'a-long-password');
  });

  it('reads Published as WooCommerce writes it: 1 publish, 0 private, -1 draft, empty publish', () => {
    assert.deepEqual(
      ['LAMP-1', 'LAMP-5', 'LAMP-6', 'LAMP-7'].map((sku) => product(sku).status),
      ['publish', 'publish', 'private', 'draft'],
    );
  });

  it('counts and lists only published products in /filter', async () => {
    const body = await filter();
    assert.equal(body.found, 5, 'five of the seven rows are published');
    assert.doesNotMatch(body.results_html, /Secret Lamp|Sketch Lamp/);
    assert.match(body.results_html, /Amber Lamp/);
  });

  it('leaves unpublished products out of the widget on pages and out of category pages', async () => {
    for (const path of ['/shop', '/product-category/lighting']) {
      const html = await (await fetch(`${suite.server.url}${path}`)).text();
      assert.match(html, /Ember Lamp/, path);
      assert.doesNotMatch(html, /Secret Lamp|Sketch Lamp/, path);
    }
  });

  it('finds only published products in the public search', async () => {
    assert.deepEqual((await search('lamp')).results.map((result: any) => result.title).sort(), [
      'Amber Lamp',
      'Birch Lamp',
      'Cedar Lamp',
      'Dune Lamp',
      'Ember Lamp',
    ]);
    assert.equal((await search('secret')).total, 0);
  });

  it('answers 404 for an unpublished product page, and shows a manager its preview with a notice and no cart form', async () => {
    const slug = product('LAMP-7').slug;
    assert.equal((await fetch(`${suite.server.url}/product/${slug}`)).status, 404);
    const preview = await fetch(`${suite.server.url}/product/${slug}`, { headers: { cookie: managerCookie } });
    assert.equal(preview.status, 200);
    const html = await preview.text();
    assert.match(html, /This product is a draft/);
    assert.match(html, /Sketch Lamp/);
    assert.doesNotMatch(html, /action="\/cart\/add"/);
    const published = await (
      await fetch(`${suite.server.url}/product/${product('LAMP-1').slug}`, { headers: { cookie: managerCookie } })
    ).text();
    assert.doesNotMatch(published, /This product is a/);
  });

  it('refuses to put an unpublished product in the cart', async () => {
    const visitor = new Visitor(suite.server.url);
    await visitor.get(`/product/${product('LAMP-1').slug}`);
    const refused = await visitor.post('/cart/add', { product_id: String(product('LAMP-6').id), quantity: '1' });
    assert.equal(refused.status, 400);
    assert.match(refused.html, /nie ma już w sklepie/);
  });

  it('shows managers every status in wc/v3, filtered by status, pending included', async () => {
    const all = await wc('GET', '/wc/v3/products?per_page=100');
    assert.equal(all.body.length, 7);
    const pending = await wc('PUT', `/wc/v3/products/${product('LAMP-4').id}`, { status: 'pending' });
    assert.equal(pending.status, 200, JSON.stringify(pending.body));
    assert.equal(pending.body.status, 'pending');
    for (const [status, skus] of [
      ['pending', ['LAMP-4']],
      ['private', ['LAMP-6']],
      ['draft', ['LAMP-7']],
    ] as const) {
      const { body } = await wc('GET', `/wc/v3/products?status=${status}`);
      assert.deepEqual(
        body.map((item: any) => item.sku),
        skus,
        status,
      );
    }
    const refused = await wc('PUT', `/wc/v3/products/${product('LAMP-4').id}`, { status: 'hidden' });
    assert.equal(refused.status, 400);
    assert.equal((await filter()).found, 4, 'pending is not published');
    await wc('PUT', `/wc/v3/products/${product('LAMP-4').id}`, { status: 'publish' });
  });

  it('takes a product edited from publish to draft out of /filter and search at once, and back when published again', async () => {
    const id = product('LAMP-2').id;
    assert.equal((await search('birch')).total, 1);
    await wc('PUT', `/wc/v3/products/${id}`, { status: 'draft' });
    assert.equal((await filter()).found, 4);
    assert.equal((await filter({ sf_q: 'birch' })).found, 0);
    assert.equal((await search('birch')).total, 0);
    assert.equal((await fetch(`${suite.server.url}/product/${product('LAMP-2').slug}`)).status, 404);
    await wc('PUT', `/wc/v3/products/${id}`, { status: 'publish' });
    assert.equal((await filter()).found, 5);
    assert.equal((await filter({ sf_q: 'birch' })).found, 1);
    assert.equal((await search('birch')).total, 1);
  });

  it('adds a product created as a draft to no public answer, and publishes it with one edit', async () => {
    const created = await wc('POST', '/wc/v3/products', {
      name: 'Fresh Lamp',
      status: 'draft',
      regular_price: '99',
      categories: [],
    });
    assert.equal(created.status, 201);
    assert.equal((await filter({ sf_q: 'fresh' })).found, 0);
    await wc('PUT', `/wc/v3/products/${created.body.id}`, { status: 'publish' });
    assert.equal((await filter({ sf_q: 'fresh' })).found, 1);
    assert.equal((await search('fresh')).total, 1);
  });
});
