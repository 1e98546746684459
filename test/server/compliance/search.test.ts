import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { categoryWithDescendants } from '../../../server/catalog/category-tree.js';
import { fetchJson, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
const search = (query: string, headers: Record<string, string> = {}) =>
  fetchJson(server.restUrl(`/compliance/v1/search?${query}`), { headers });

before(async () => {
  server = await startTestServer();
});
after(() => server.stop());

describe('GET /search', () => {
  it('is public and answers every result field, with absolute url and image', async () => {
    const { status, body } = await search('q=dress');
    assert.equal(status, 200);
    assert.equal(body.query, 'dress');
    assert.ok(body.total > 8);
    assert.equal(body.results.length, 8, 'the default limit is 8');
    const products = server.store.catalog.data.products;
    for (const result of body.results) {
      assert.deepEqual(Object.keys(result).sort(), [
        'category',
        'id',
        'image',
        'in_stock',
        'price_html',
        'rating',
        'title',
        'url',
      ]);
      const product = products.find((candidate) => candidate.id === result.id)!;
      assert.equal(result.url, `${server.url}/product/${product.slug}`);
      assert.equal(result.image, `${server.url}${product.image}`);
      assert.equal(result.in_stock, product.in_stock);
      assert.equal(result.rating, product.rating);
      assert.equal(result.title, product.title);
      assert.equal(
        result.category,
        server.store.catalog.data.categories.find((category) => category.id === product.category_ids[0])!.name,
      );
      assert.match(result.price_html, /zł/);
    }
  });

  it('finds names with diacritics typed without them, and the other way round', async () => {
    const plain = await search('q=zubr%20outdoor');
    const accented = await search(`q=${encodeURIComponent('ŻUBR OUTDOOR')}`);
    const byId = new Map(server.store.catalog.data.products.map((product) => [product.id, product]));
    assert.ok(plain.body.results.length > 0);
    assert.ok(plain.body.results.every((result: any) => byId.get(result.id)!.brand === 'Żubr Outdoor'));
    assert.deepEqual(accented.body.results, plain.body.results);
    assert.equal(accented.body.query, 'ŻUBR OUTDOOR');
  });

  it('narrows to a category including its subcategories; an unknown category finds nothing', async () => {
    const { categories, products } = server.store.catalog.data;
    const clothing = categories.find((category) => category.name === 'Clothing' && category.parent === 0)!;
    const tree = categoryWithDescendants(categories, clothing.id)!;
    assert.ok(tree.size > 2, 'Clothing has subcategories two levels deep');
    const { body } = await search(`q=cotton&cat=${clothing.id}&limit=50`);
    const expectedTotal = products.filter(
      (p) => p.category_ids.some((id) => tree.has(id)) && JSON.stringify(p).toLowerCase().includes('cotton'),
    ).length;
    assert.ok(body.total > 0);
    assert.equal(body.total, expectedTotal);
    for (const result of body.results) {
      const product = products.find((p) => p.id === result.id)!;
      assert.ok(
        product.category_ids.some((id) => tree.has(id) && id !== clothing.id),
        'filed under a subcategory',
      );
    }
    const unknown = await search('q=cotton&cat=99999');
    assert.deepEqual([unknown.status, unknown.body.total, unknown.body.results], [200, 0, []]);
  });

  it('honours limit from 1 to 50 and rejects anything else with rest_invalid_param', async () => {
    assert.equal((await search('q=a&limit=1')).body.results.length, 1);
    assert.equal((await search('q=a&limit=50')).body.results.length, 50);
    for (const limit of ['0', '51', '-3', '2.5', 'ten']) {
      const { status, body } = await search(`q=a&limit=${limit}`);
      assert.equal(status, 400, limit);
      assert.equal(body.code, 'rest_invalid_param');
      assert.deepEqual(Object.keys(body.data.params), ['limit']);
    }
  });

  it('requires q: missing is rest_missing_callback_param, empty, blank or over 200 characters rest_invalid_param', async () => {
    const missing = await search('limit=3');
    assert.equal(missing.status, 400);
    assert.equal(missing.body.code, 'rest_missing_callback_param');
    assert.deepEqual(missing.body.data.params, ['q']);
    for (const q of ['', '%20%20', 'a'.repeat(201)]) {
      const { status, body } = await search(`q=${q}`);
      assert.equal(status, 400);
      assert.equal(body.code, 'rest_invalid_param');
      assert.deepEqual(Object.keys(body.data.params), ['q']);
    }
    assert.equal((await search('q=cat&cat=abc')).status, 400);
  });

  it('formats sale prices with <del> and <ins> in the shop currency and locale', async () => {
    const manager = await server.basicAuthFor('shop_manager');
    const onSale = server.store.catalog.data.products.find((product) => product.sale_price !== null)!;
    await fetchJson(server.restUrl('/compliance/v1/settings/general'), {
      method: 'POST',
      headers: { authorization: manager },
      json: { currency: 'EUR', locale: 'en-IE' },
    });
    const { body } = await search(`q=${encodeURIComponent(onSale.sku)}`);
    const result = body.results.find((candidate: any) => candidate.id === onSale.id);
    const euro = (amount: number) =>
      new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(amount);
    assert.match(
      result.price_html,
      new RegExp(`<del aria-hidden="true">.*${euro(onSale.regular_price).replace('.', '\\.')}.*</del>`),
    );
    assert.match(
      result.price_html,
      new RegExp(`<ins aria-hidden="true">.*${euro(onSale.sale_price!).replace('.', '\\.')}.*</ins>`),
    );
    assert.match(result.price_html, /Original price was: .*Current price is: /);
  });

  it('answers 401 for bad credentials even though it is public', async () => {
    const { status } = await search('q=a', {
      authorization: `Basic ${Buffer.from('nobody:wrong').toString('base64')}`,
    });
    assert.equal(status, 401);
  });
});
