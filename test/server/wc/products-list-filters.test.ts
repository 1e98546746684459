/**
 * The `wc/v3` products list filtered as WooCommerce filters it and as the admin's product list
 * asks: `category` (with its subcategories), `stock_status` and `on_sale` (a variable product through its variations).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { catalogCsvRows } from '../support/catalog-csv.js';
import { capRow, MUG_ROW, teeRows } from './support/small-catalog-rows.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

describe('wc/v3 products list filters', () => {
  const suite = useTestServer();
  const ids = async (query: string) => {
    const { status, headers, body } = await fetchJson(suite.server.restUrl(`/wc/v3/products?${query}`), {
      headers: { authorization: suite.manager },
    });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(headers.get('x-wp-total'), String(body.length));
    return body.map((product: { id: number }) => product.id);
  };
  let categoryIds: Record<string, number>;

  before(async () => {
    const report = await importCatalogRows(
      suite.server.store,
      await catalogCsvRows([
        { ...MUG_ROW, 'Sale price': 80 },
        {
          ID: 1011,
          Type: 'simple',
          SKU: 'PLATE',
          Name: 'Plate',
          Published: 1,
          'Regular price': 20,
          'In stock?': 0,
          Stock: 0,
          Categories: 'Kitchen',
        },
        // On sale only from 2999: not on sale now.
        {
          ID: 1012,
          Type: 'simple',
          SKU: 'BOWL',
          Name: 'Bowl',
          Published: 1,
          'Regular price': 30,
          'Sale price': 25,
          'Date sale price starts': '2999-01-01',
          'In stock?': 1,
          Stock: 2,
          Categories: 'Kitchen',
        },
        ...teeRows({ smallSalePrice: 12 }),
        capRow({ published: true }),
      ]),
      { mode: 'replace' },
    );
    assert.deepEqual(report.problems, []);
    categoryIds = Object.fromEntries(
      suite.server.store.catalog.data.categories.map((category) => [category.name, category.id]),
    );
  });

  it('filters by category, including the categories below it, and by several ids', async () => {
    assert.deepEqual(await ids(`category=${categoryIds.Mugs}`), [1010]);
    assert.deepEqual(await ids(`category=${categoryIds.Kitchen}`), [1010, 1011, 1012], 'Kitchen holds Mugs');
    assert.deepEqual(await ids(`category=${categoryIds.Mugs},${categoryIds.Clothing}`), [1010, 1020, 1030]);
    assert.deepEqual(await ids('category=99999'), [], 'an unknown category matches nothing');
  });

  it('filters by stock status', async () => {
    assert.deepEqual(await ids('stock_status=outofstock'), [1011]);
    assert.deepEqual(await ids('stock_status=instock'), [1010, 1012, 1020, 1030]);
    assert.deepEqual(await ids('stock_status=onbackorder'), []);
  });

  it('filters by on_sale now: a future sale is not, a variable product is when one variation is', async () => {
    assert.deepEqual(await ids('on_sale=true'), [1010, 1020]);
    assert.deepEqual(await ids('on_sale=false'), [1011, 1012, 1030]);
  });

  it('combines filters with search and paging', async () => {
    assert.deepEqual(await ids(`category=${categoryIds.Kitchen}&on_sale=false&stock_status=instock`), [1012]);
    assert.deepEqual(await ids(`category=${categoryIds.Clothing}&search=cap`), [1030]);
  });

  it('answers 400 naming a malformed filter', async () => {
    for (const [query, param] of [
      ['category=shoes', 'category'],
      ['stock_status=sold', 'stock_status'],
      ['on_sale=maybe', 'on_sale'],
    ]) {
      const { status, body } = await fetchJson(suite.server.restUrl(`/wc/v3/products?${query}`), {
        headers: { authorization: suite.manager },
      });
      assert.equal(status, 400, query);
      assert.equal(body.code, 'rest_invalid_param');
      assert.ok(body.data.params[param!], `${query} names ${param}`);
    }
  });
});
