/**
 * The writing half: `wc/v3` creates, updates and deletes products and variations, and the batch,
 * on a real server with real lowdb files; WooCommerce's codes for every refusal; a refused write changes nothing;
 * every price change enters the price history; `/filter` shows a write at once.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { createApiKey, type ApiKeyPermissions } from '../../../server/auth/woo-api-keys.js';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { DAY_MS } from '../../../server/catalog/omnibus.js';
import { catalogCsvRows } from '../support/catalog-csv.js';
import { capRow, MUG_ROW, teeRows } from './support/small-catalog-rows.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

describe('wc/v3 products API: writes', () => {
  // Behind the shop's https proxy: a WooCommerce key sent in the clear (Basic) is believed over HTTPS only.
  const suite = useTestServer({ env: { TRUST_PROXY: '1' } });
  const call = (method: string, path: string, json?: unknown, authorization = suite.manager) =>
    fetchJson(suite.server.restUrl(path), { method, json, headers: { authorization, 'x-forwarded-proto': 'https' } });
  const catalog = () => suite.server.store.catalog.data;
  const categoryId = (name: string) => catalog().categories.find((category) => category.name === name)!.id;

  before(async () => {
    const report = await importCatalogRows(
      suite.server.store,
      await catalogCsvRows([MUG_ROW, ...teeRows(), capRow({ published: true })]),
      { mode: 'replace', now: daysAgo(60) },
    );
    assert.deepEqual(report.problems, []);
  });

  describe('POST /products', () => {
    it("creates a product from WooCommerce's fields, answers 201 with a Location, and GET answers the same", async () => {
      const { status, headers, body } = await call('POST', '/wc/v3/products', {
        name: 'Tea Pot',
        type: 'simple',
        status: 'publish',
        sku: 'POT-1',
        regular_price: '24.90',
        sale_price: 19.5,
        stock_quantity: 7,
        manage_stock: true,
        categories: [{ id: categoryId('Mugs') }],
        tags: [{ name: 'Gift' }],
        images: [{ src: 'https://cdn.example/pot.jpg' }, { src: '/media/pot-2.jpg' }],
        short_description: 'Short.',
        description: '<p>Long.</p>',
        attributes: [{ name: 'Colour', options: ['Blue', 'White'] }],
        featured: true,
      });
      assert.equal(status, 201, JSON.stringify(body));
      assert.equal(headers.get('location'), suite.server.restUrl(`/wc/v3/products/${body.id}`));
      assert.equal(body.name, 'Tea Pot');
      assert.equal(body.slug, 'tea-pot');
      assert.equal(body.regular_price, '24.90');
      assert.equal(body.sale_price, '19.50');
      assert.equal(body.price, '19.50');
      assert.equal(body.stock_quantity, 7);
      assert.equal(body.stock_status, 'instock');
      assert.deepEqual(
        body.categories.map((category: any) => category.name),
        ['Mugs'],
      );
      assert.deepEqual(
        body.tags.map((tag: any) => tag.name),
        ['Gift'],
      );
      assert.deepEqual(
        body.images.map((image: any) => image.src),
        ['https://cdn.example/pot.jpg', `${suite.server.url}/media/pot-2.jpg`],
      );
      assert.deepEqual(
        body.attributes.map((attribute: any) => [attribute.name, attribute.options]),
        [['Colour', ['Blue', 'White']]],
      );
      assert.ok(
        !catalog().products.some((product) => product.id !== body.id && [1021, 1022].includes(body.id)),
        "a new id, never a variation's",
      );
      const read = await call('GET', `/wc/v3/products/${body.id}`);
      assert.deepEqual(read.body, body);
      const history = await suite.server.store.priceHistory.forItems([body.id]);
      assert.deepEqual(
        history.map((change) => [change.regular_price, change.sale_price]),
        [[24.9, 19.5]],
      );
    });

    it('gives new products and variations ids that neither uses', async () => {
      const { body } = await call('POST', '/wc/v3/products', { name: 'Plate', regular_price: '5' });
      const used = catalog().products.flatMap((product) => [
        product.id,
        ...(product.variations ?? []).map((variation) => variation.id),
      ]);
      assert.equal(used.filter((id) => id === body.id).length, 1);
      assert.ok(body.id > 22);
    });

    it('refuses a body that names an id, as WooCommerce does', async () => {
      const { status, body } = await call('POST', '/wc/v3/products', { id: 1010, name: 'Again' });
      assert.equal(status, 400);
      assert.equal(body.code, 'woocommerce_rest_product_exists');
    });
  });

  describe('PUT /products/{id}', () => {
    it('changes the price, records it in the price history, and the Omnibus reference follows', async () => {
      const before = (await suite.server.store.priceHistory.forItems([1030])).length;
      const { status, body } = await call('PUT', '/wc/v3/products/1030', { sale_price: '7' });
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.sale_price, '7.00');
      assert.equal(body.regular_price, '9.50', 'fields not sent stay');
      assert.equal(body.name, 'Cap');
      assert.equal(body.omnibus_price, '9.50', 'the lowest price in the 30 days before the sale started');
      const history = await suite.server.store.priceHistory.forItems([1030]);
      assert.equal(history.length, before + 1);
      assert.deepEqual([history.at(-1)!.regular_price, history.at(-1)!.sale_price], [9.5, 7]);
      assert.equal((await call('GET', '/wc/v3/products/1030')).body.omnibus_price, '9.50');
    });

    it('shows in /facet/v1/filter right after', async () => {
      const filter = async (range: string) =>
        (
          await fetchJson(suite.server.restUrl('/facet/v1/filter'), {
            method: 'POST',
            json: { query: { sf_price: range } },
          })
        ).body;
      assert.equal((await filter('550-560')).found, 0);
      const { status } = await call('PUT', '/wc/v3/products/1010', { regular_price: 555, sale_price: '' });
      assert.equal(status, 200);
      const after = await filter('550-560');
      assert.equal(after.found, 1);
      assert.match(after.results_html, /Mug/);
    });

    it('accepts PATCH as an update too', async () => {
      const { status, body } = await call('PATCH', '/wc/v3/products/1010', { description: 'A big mug.' });
      assert.equal(status, 200);
      assert.equal(body.description, 'A big mug.');
    });

    it('answers 400 rest_invalid_param naming every badly typed field, and changes nothing', async () => {
      const before = await call('GET', '/wc/v3/products/1010');
      const historyBefore = await suite.server.store.priceHistory.forItems([1010]);
      const { status, body } = await call('PUT', '/wc/v3/products/1010', {
        name: 5,
        regular_price: '12,5',
        sale_price: 'abc',
        stock_quantity: 'many',
        categories: 'Mugs',
        tags: [{ id: 3 }],
        status: 'gone',
        type: 'grouped',
        images: [{ src: 'javascript:alert(1)' }],
        date_on_sale_from: 'tomorrow',
        manage_stock: 'maybe',
        sku: 'NEW-SKU',
      });
      assert.equal(status, 400);
      assert.equal(body.code, 'rest_invalid_param');
      assert.deepEqual(Object.keys(body.data.params).sort(), [
        'categories',
        'date_on_sale_from',
        'images',
        'manage_stock',
        'name',
        'regular_price',
        'sale_price',
        'status',
        'stock_quantity',
        'tags',
        'type',
      ]);
      assert.deepEqual(
        (await call('GET', '/wc/v3/products/1010')).body,
        before.body,
        'not even the good field (sku) was applied',
      );
      assert.deepEqual(await suite.server.store.priceHistory.forItems([1010]), historyBefore);
    });

    it('refuses a sale price at or above the regular price, naming sale_price', async () => {
      for (const body of [{ sale_price: '9.50' }, { regular_price: '6', sale_price: '7' }]) {
        const response = await call('PUT', '/wc/v3/products/1030', body);
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.equal(response.body.code, 'rest_invalid_param');
        assert.ok('sale_price' in response.body.data.params);
      }
      assert.equal((await call('GET', '/wc/v3/products/1030')).body.regular_price, '9.50');
    });

    it("refuses a SKU held by another product or a variation with product_invalid_sku and the holder's id", async () => {
      for (const [path, method, sku, holder] of [
        ['/wc/v3/products', 'POST', 'MUG', 1010],
        ['/wc/v3/products/1030', 'PUT', 'TEE-M', 1022],
      ] as const) {
        const { status, body } = await call(method, path, { name: 'Clash', sku });
        assert.equal(status, 400);
        assert.equal(body.code, 'product_invalid_sku');
        assert.equal(body.data.resource_id, holder);
        assert.equal(body.data.unique_sku, `${sku}-1`);
      }
      assert.equal((await call('GET', '/wc/v3/products/1030')).body.sku, 'CAP');
      assert.equal((await call('PUT', '/wc/v3/products/1010', { sku: 'MUG' })).status, 200, 'its own SKU is no clash');
    });

    it('refuses an unknown category id and an unknown product id', async () => {
      const category = await call('PUT', '/wc/v3/products/1010', { categories: [{ id: 9999 }] });
      assert.equal(category.status, 400);
      assert.ok('categories' in category.body.data.params);
      const missing = await call('PUT', '/wc/v3/products/999', { name: 'Ghost' });
      assert.equal(missing.body.code, 'woocommerce_rest_product_invalid_id');
      assert.equal(missing.status, 400, 'WooCommerce answers an update of an unknown id with 400');
    });
  });

  describe('DELETE /products/{id}', () => {
    it('answers 501 woocommerce_rest_trash_not_supported without force, and deletes with force=true', async () => {
      const { body: created } = await call('POST', '/wc/v3/products', { name: 'Doomed', regular_price: '1' });
      const trash = await call('DELETE', `/wc/v3/products/${created.id}`);
      assert.equal(trash.status, 501);
      assert.equal(trash.body.code, 'woocommerce_rest_trash_not_supported');
      assert.equal((await call('GET', `/wc/v3/products/${created.id}`)).status, 200, 'still there');
      const deleted = await call('DELETE', `/wc/v3/products/${created.id}?force=true`);
      assert.equal(deleted.status, 200);
      assert.equal(deleted.body.name, 'Doomed', 'answered with the product as it was');
      assert.equal((await call('GET', `/wc/v3/products/${created.id}`)).status, 404);
      const again = await call('DELETE', `/wc/v3/products/${created.id}?force=true`);
      assert.equal(again.status, 404);
      assert.equal(again.body.code, 'woocommerce_rest_product_invalid_id');
    });
  });

  describe('variations', () => {
    it("creates, updates and deletes a variation; the parent's price, terms and variations follow", async () => {
      const created = await call('POST', '/wc/v3/products/1020/variations', {
        sku: 'TEE-L',
        regular_price: '12',
        stock_quantity: 4,
        attributes: [{ name: 'Size', option: 'L' }],
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.parent_id, 1020);
      assert.equal(created.body.regular_price, '12.00');
      assert.equal(created.body.stock_status, 'instock');
      let parent = (await call('GET', '/wc/v3/products/1020')).body;
      assert.deepEqual(parent.variations, [1021, 1022, created.body.id]);
      assert.equal(parent.price, '12.00', 'the new cheapest variation');
      assert.deepEqual(parent.attributes[0].options, ['S', 'M', 'L']);

      const updated = await call('PUT', `/wc/v3/products/1020/variations/${created.body.id}`, {
        regular_price: '30',
        sale_price: '25',
      });
      assert.equal(updated.status, 200);
      assert.equal(updated.body.sale_price, '25.00');
      assert.equal(updated.body.sku, 'TEE-L');
      parent = (await call('GET', '/wc/v3/products/1020')).body;
      assert.equal(parent.price, '15.00', 'TEE-S is the cheapest again');
      // Since its creation (ids are never given again, so no older item's history is mixed in).
      const history = (await suite.server.store.priceHistory.forItems([created.body.id])).filter(
        (change) => change.product_id === 1020,
      );
      assert.deepEqual(
        history.map((change) => [change.regular_price, change.sale_price]),
        [
          [12, null],
          [30, 25],
        ],
      );

      assert.equal((await call('DELETE', `/wc/v3/products/1020/variations/${created.body.id}`)).status, 501);
      const deleted = await call('DELETE', `/wc/v3/products/1020/variations/${created.body.id}?force=true`);
      assert.equal(deleted.status, 200);
      assert.equal(deleted.body.sku, 'TEE-L');
      assert.deepEqual((await call('GET', '/wc/v3/products/1020')).body.variations, [1021, 1022]);
      assert.equal((await call('GET', `/wc/v3/products/1020/variations/${created.body.id}`)).status, 404);
    });

    it("answers WooCommerce's codes for a missing or simple parent, an unknown variation and bad fields", async () => {
      const noParent = await call('POST', '/wc/v3/products/999/variations', { regular_price: '1' });
      assert.deepEqual(
        [noParent.status, noParent.body.code],
        [404, 'woocommerce_rest_product_variation_invalid_parent'],
      );
      const simpleParent = await call('POST', '/wc/v3/products/1010/variations', { regular_price: '1' });
      assert.deepEqual(
        [simpleParent.status, simpleParent.body.code],
        [400, 'woocommerce_rest_product_variation_invalid_parent'],
      );
      const unknown = await call('PUT', '/wc/v3/products/1020/variations/999', { regular_price: '1' });
      assert.deepEqual([unknown.status, unknown.body.code], [400, 'woocommerce_rest_product_variation_invalid_id']);
      const notItsChild = await call('DELETE', '/wc/v3/products/1020/variations/1010?force=true');
      assert.deepEqual(
        [notItsChild.status, notItsChild.body.code],
        [404, 'woocommerce_rest_product_variation_invalid_id'],
      );
      const bad = await call('PUT', '/wc/v3/products/1020/variations/1021', {
        regular_price: [],
        stock_status: 'soon',
        attributes: [{ name: 'Size' }],
      });
      assert.equal(bad.status, 400);
      assert.deepEqual(Object.keys(bad.body.data.params).sort(), ['attributes', 'regular_price', 'stock_status']);
      const sku = await call('PUT', '/wc/v3/products/1020/variations/1021', { sku: 'MUG' });
      assert.deepEqual([sku.status, sku.body.code, sku.body.data.resource_id], [400, 'product_invalid_sku', 1010]);
      assert.equal((await call('GET', '/wc/v3/products/1020/variations/1021')).body.sku, 'TEE-S');
    });
  });

  it("never gives a deleted product's id again, as WooCommerce's ids are never reused", async () => {
    const { body: first } = await call('POST', '/wc/v3/products', { name: 'Short-lived', regular_price: '2' });
    assert.equal((await call('DELETE', `/wc/v3/products/${first.id}?force=true`)).status, 200);
    const { body: second } = await call('POST', '/wc/v3/products', { name: 'Newcomer', regular_price: '3' });
    assert.notEqual(second.id, first.id);
    assert.equal((await call('GET', `/wc/v3/products/${second.id}`)).body.omnibus_price, null);
    await call('DELETE', `/wc/v3/products/${second.id}?force=true`);
  });

  describe('POST /products/batch', () => {
    it("applies every good item and answers each bad one with its error, in WooCommerce's shape", async () => {
      const { body: victim } = await call('POST', '/wc/v3/products', { name: 'Victim', regular_price: '3' });
      const { status, body } = await call('POST', '/wc/v3/products/batch', {
        create: [
          { name: 'Batch One', sku: 'B-1', regular_price: '11' },
          { name: 'Batch Bad', regular_price: 'eleven' },
          { name: 'Batch Clash', sku: 'B-1' },
        ],
        update: [
          { id: 1010, name: 'Mug XL' },
          { id: 9999, name: 'Nobody' },
          { id: 1030, sale_price: '50' },
        ],
        delete: [victim.id, 8888],
      });
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.create[0].name, 'Batch One');
      assert.deepEqual(
        [body.create[1].id, body.create[1].error.code, Object.keys(body.create[1].error.data.params)],
        [0, 'rest_invalid_param', ['regular_price']],
      );
      assert.deepEqual(
        [body.create[2].error.code, body.create[2].error.data.resource_id],
        ['product_invalid_sku', body.create[0].id],
        'sees the item created before it',
      );
      assert.equal(body.update[0].name, 'Mug XL');
      assert.deepEqual(
        [body.update[1].id, body.update[1].error.code, body.update[1].error.data.status],
        [9999, 'woocommerce_rest_product_invalid_id', 400],
      );
      assert.deepEqual([body.update[2].id, body.update[2].error.code], [1030, 'rest_invalid_param']);
      assert.equal(body.delete[0].id, victim.id);
      assert.deepEqual(
        [body.delete[1].id, body.delete[1].error.code, body.delete[1].error.data.status],
        [8888, 'woocommerce_rest_product_invalid_id', 404],
      );

      assert.equal((await call('GET', `/wc/v3/products/${body.create[0].id}`)).body.sku, 'B-1');
      assert.equal((await call('GET', '/wc/v3/products/1010')).body.name, 'Mug XL');
      assert.equal((await call('GET', '/wc/v3/products/1030')).body.sale_price, '7.00', 'the failed update left it');
      assert.equal((await call('GET', `/wc/v3/products/${victim.id}`)).status, 404);
      assert.equal(catalog().products.filter((product) => product.title.startsWith('Batch')).length, 1);
    });

    it('refuses more than 100 items with 413, and lists that are not lists with 400', async () => {
      const tooMany = await call('POST', '/wc/v3/products/batch', {
        create: [],
        update: Array.from({ length: 60 }, () => ({ id: 1010 })),
        delete: Array.from({ length: 41 }, () => 1010),
      });
      assert.deepEqual([tooMany.status, tooMany.body.code], [413, 'woocommerce_rest_request_entity_too_large']);
      const notLists = await call('POST', '/wc/v3/products/batch', { create: {}, delete: 'all' });
      assert.equal(notLists.status, 400);
      assert.deepEqual(Object.keys(notLists.body.data.params).sort(), ['create', 'delete']);
    });
  });

  describe('permissions', () => {
    const keyFor = async (
      login: string,
      permissions: ApiKeyPermissions,
      role: 'shop_manager' | 'customer' = 'shop_manager',
    ) => {
      await createUser(suite.server.store, { login, role, password: 'a-long-password' });
      const key = await createApiKey(suite.server.store, login, 'tests', { permissions });
      return `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
    };

    it("lets a read key read and refuses it every write with WooCommerce's 401; a write key the reverse", async () => {
      const read = await keyFor('erp-reader', 'read');
      assert.equal((await call('GET', '/wc/v3/products/1010', undefined, read)).status, 200);
      for (const [method, path, json] of [
        ['POST', '/wc/v3/products', { name: 'No' }],
        ['PUT', '/wc/v3/products/1010', { name: 'No' }],
        ['DELETE', '/wc/v3/products/1010?force=true'],
        ['POST', '/wc/v3/products/batch', { delete: [1010] }],
      ] as const) {
        const { status, body } = await call(method, path, json, read);
        assert.deepEqual([status, body.code], [401, 'woocommerce_rest_authentication_error'], `${method} ${path}`);
      }
      assert.equal((await call('GET', '/wc/v3/products/1010')).body.name, 'Mug XL', 'nothing changed');
      const write = await keyFor('erp-writer', 'write');
      assert.equal((await call('GET', '/wc/v3/products/1010', undefined, write)).status, 401);
      assert.equal((await call('PUT', '/wc/v3/products/1010', { short_description: 'by key' }, write)).status, 200);
    });

    it('answers woocommerce_rest_cannot_* to users without manage_shop: 403 signed in, 401 not', async () => {
      const customer = await suite.server.basicAuthFor('customer');
      const customerKey = await keyFor('shopper-key', 'read_write', 'customer');
      for (const [method, path, code] of [
        ['POST', '/wc/v3/products', 'woocommerce_rest_cannot_create'],
        ['PUT', '/wc/v3/products/1010', 'woocommerce_rest_cannot_edit'],
        ['DELETE', '/wc/v3/products/1010', 'woocommerce_rest_cannot_delete'],
        ['POST', '/wc/v3/products/batch', 'woocommerce_rest_cannot_batch'],
        ['POST', '/wc/v3/products/1020/variations', 'woocommerce_rest_cannot_create'],
      ] as const) {
        for (const authorization of [customer, customerKey]) {
          const { status, body } = await call(method, path, { name: 'x' }, authorization);
          assert.deepEqual([status, body.code], [403, code], `${method} ${path}`);
        }
        const anonymous = await fetchJson(suite.server.restUrl(path), { method, json: { name: 'x' } });
        assert.deepEqual([anonymous.status, anonymous.body.code], [401, code]);
      }
    });
  });
});
