/**
 * The `wc/v3` products API on a real server, in WooCommerce's field names and shapes, with its
 * pagination headers and `woocommerce_rest_*` errors; and item 5: the Omnibus reference price on products.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { createApiKey } from '../../../server/auth/woo-api-keys.js';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { DAY_MS } from '../../../server/catalog/omnibus.js';
import { catalogCsvRows } from '../support/catalog-csv.js';
import { capRow, MUG_ROW, teeRows } from './support/small-catalog-rows.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

describe('wc/v3 products API', () => {
  // Behind the shop's https proxy: a WooCommerce key sent in the clear (Basic) is believed over HTTPS only.
  const suite = useTestServer({ env: { TRUST_PROXY: '1' } });
  const get = (path: string, authorization = suite.manager) =>
    fetchJson(suite.server.restUrl(path), { headers: { authorization, 'x-forwarded-proto': 'https' } });

  before(async () => {
    const store = suite.server.store;
    const first = await importCatalogRows(
      store,
      await catalogCsvRows([MUG_ROW, ...teeRows(), capRow({ published: false })]),
      { mode: 'replace', now: daysAgo(60) },
    );
    assert.deepEqual(first.problems, []);
    // Ten days ago the mug went on sale at 80: its reference is the 100 it cost before.
    const second = await importCatalogRows(
      store,
      await catalogCsvRows([
        {
          ID: 10,
          Type: 'simple',
          SKU: 'MUG',
          Name: 'Mug',
          Published: 1,
          'Regular price': 100,
          'Sale price': 80,
          'In stock?': 1,
          Stock: 5,
          Parent: '',
          Categories: 'Kitchen > Mugs',
          'Attribute 1 name': '',
          'Attribute 1 value(s)': '',
        },
      ]),
      { mode: 'merge', now: daysAgo(10) },
    );
    assert.deepEqual(second.problems, []);
  });

  it('pages products with X-WP-Total and X-WP-TotalPages', async () => {
    const { status, headers, body } = await get('/wc/v3/products?per_page=2&page=2');
    assert.equal(status, 200);
    assert.equal(headers.get('x-wp-total'), '3');
    assert.equal(headers.get('x-wp-totalpages'), '2');
    assert.deepEqual(
      body.map((product: any) => product.id),
      [1030],
    );
    assert.equal(body[0].status, 'private', 'Published 0 is private, as in WooCommerce');
  });

  it("answers a product in WooCommerce's shape, with its Omnibus reference price", async () => {
    const { status, body } = await get('/wc/v3/products/1010');
    assert.equal(status, 200);
    assert.equal(body.name, 'Mug');
    assert.equal(body.type, 'simple');
    assert.equal(body.price, '80.00');
    assert.equal(body.regular_price, '100.00');
    assert.equal(body.sale_price, '80.00');
    assert.equal(body.on_sale, true);
    assert.equal(body.stock_status, 'instock');
    assert.equal(body.stock_quantity, 5);
    assert.deepEqual(
      body.categories.map((category: any) => category.name),
      ['Mugs'],
    );
    assert.equal(body.omnibus_price, '100.00');
    for (const field of [
      'slug',
      'date_on_sale_from',
      'date_on_sale_to',
      'tags',
      'attributes',
      'images',
      'average_rating',
      'rating_count',
      'short_description',
      'description',
      'variations',
    ]) {
      assert.ok(field in body, field);
    }
  });

  it("answers a variable product with its variations' ids, and its variations on their own routes", async () => {
    const { body: tee } = await get('/wc/v3/products/1020');
    assert.equal(tee.type, 'variable');
    assert.equal(tee.price, '15.00', 'the cheapest variation');
    assert.deepEqual(tee.variations, [1021, 1022]);
    assert.deepEqual(
      tee.attributes.map((attribute: any) => [attribute.name, attribute.variation, attribute.options]),
      [['Size', true, ['S', 'M']]],
    );
    const { headers, body: variations } = await get('/wc/v3/products/1020/variations');
    assert.equal(headers.get('x-wp-total'), '2');
    assert.deepEqual(
      variations.map((variation: any) => [
        variation.id,
        variation.regular_price,
        variation.stock_status,
        variation.attributes[0].option,
      ]),
      [
        [1021, '15.00', 'instock', 'S'],
        [1022, '18.00', 'outofstock', 'M'],
      ],
    );
    const { status, body: one } = await get('/wc/v3/products/1020/variations/1022');
    assert.equal(status, 200);
    assert.equal(one.sku, 'TEE-M');
  });

  it('lists categories with their product counts', async () => {
    const { headers, body } = await get('/wc/v3/products/categories?per_page=100');
    assert.equal(headers.get('x-wp-total'), '3');
    assert.deepEqual(body.map((category: any) => [category.name, category.count]).sort(), [
      ['Clothing', 2],
      ['Kitchen', 0],
      ['Mugs', 1],
    ]);
  });

  it('answers woocommerce_rest_* errors for unknown ids, and 400 naming a badly typed parameter', async () => {
    const missing = await get('/wc/v3/products/999');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'woocommerce_rest_product_invalid_id');
    const missingVariation = await get('/wc/v3/products/1020/variations/999');
    assert.equal(missingVariation.status, 404);
    assert.equal(missingVariation.body.code, 'woocommerce_rest_product_variation_invalid_id');
    const badType = await get('/wc/v3/products?per_page=abc&page=0');
    assert.equal(badType.status, 400);
    assert.equal(badType.body.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(badType.body.data.params).sort(), ['page', 'per_page']);
  });

  it('accepts a WooCommerce consumer key and secret over Basic, as its user', async () => {
    const store = suite.server.store;
    await createUser(store, { login: 'erp-bot', role: 'shop_manager', password: 'a-long-password' });
    const { consumerKey, consumerSecret } = await createApiKey(store, 'erp-bot', 'ERP');
    assert.match(consumerKey, /^ck_[0-9a-f]{40}$/);
    assert.match(consumerSecret, /^cs_[0-9a-f]{40}$/);
    const basic = (secret: string) => `Basic ${Buffer.from(`${consumerKey}:${secret}`).toString('base64')}`;
    const ok = await get('/wc/v3/products/1010', basic(consumerSecret));
    assert.equal(ok.status, 200);
    assert.equal(ok.body.sku, 'MUG');
    const wrong = await get(
      '/wc/v3/products/1010',
      basic(consumerSecret.replace(/.$/, (last) => (last === '0' ? '1' : '0'))),
    );
    assert.equal(wrong.status, 401);
    await createUser(store, { login: 'shopper-bot', role: 'customer', password: 'a-long-password' });
    const customerKey = await createApiKey(store, 'shopper-bot', 'not enough');
    assert.equal(
      (
        await get(
          '/wc/v3/products',
          `Basic ${Buffer.from(`${customerKey.consumerKey}:${customerKey.consumerSecret}`).toString('base64')}`,
        )
      ).status,
      403,
    );
  });

  it('needs manage_shop: 401 without credentials, 403 for a customer', async () => {
    assert.equal((await fetchJson(suite.server.restUrl('/wc/v3/products'))).status, 401);
    assert.equal((await get('/wc/v3/products', await suite.server.basicAuthFor('customer'))).status, 403);
  });
});
