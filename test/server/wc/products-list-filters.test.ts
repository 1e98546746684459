/**
 * The `wc/v3` products list filtered as WooCommerce filters it and as the admin's product list
 * asks: `category` (with its subcategories), `stock_status` and `on_sale` (a variable product through its variations).
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { before, describe, it } from 'node:test';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { readCsvRows } from '../../../server/catalog/csv/csv-files.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

const HEADER = 'ID,Type,SKU,Name,Published,Regular price,Sale price,Date sale price starts,In stock?,Stock,Parent,Categories,Attribute 1 name,Attribute 1 value(s)';
const rows = (...lines: string[]) => readCsvRows(Readable.from([[HEADER, ...lines].join('\n') + '\n']));

describe('wc/v3 products list filters', () => {
  const suite = useTestServer();
  const ids = async (query: string) => {
    const { status, headers, body } = await fetchJson(suite.server.restUrl(`/wc/v3/products?${query}`), { headers: { authorization: suite.manager } });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(headers.get('x-wp-total'), String(body.length));
    return body.map((product: { id: number }) => product.id);
  };
  let categoryIds: Record<string, number>;

  before(async () => {
    const report = await importCatalogRows(suite.server.store, await rows(
      '1010,simple,MUG,Mug,1,100,80,,1,5,,Kitchen > Mugs,,',
      '1011,simple,PLATE,Plate,1,20,,,0,0,,Kitchen,,',
      // On sale only from 2999: not on sale now.
      '1012,simple,BOWL,Bowl,1,30,25,2999-01-01,1,2,,Kitchen,,',
      '1020,variable,TEE,Tee,1,,,,,,,Clothing,Size,"S, M"',
      '1021,variation,TEE-S,,1,15,12,,1,3,id:1020,,Size,S',
      '1022,variation,TEE-M,,1,18,,,0,0,id:1020,,Size,M',
      '1030,simple,CAP,Cap,1,9.5,,,1,1,,Clothing,,',
    ), { mode: 'replace' });
    assert.deepEqual(report.problems, []);
    categoryIds = Object.fromEntries(suite.server.store.catalog.data.categories.map((category) => [category.name, category.id]));
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
    for (const [query, param] of [['category=shoes', 'category'], ['stock_status=sold', 'stock_status'], ['on_sale=maybe', 'on_sale']]) {
      const { status, body } = await fetchJson(suite.server.restUrl(`/wc/v3/products?${query}`), { headers: { authorization: suite.manager } });
      assert.equal(status, 400, query);
      assert.equal(body.code, 'rest_invalid_param');
      assert.ok(body.data.params[param!], `${query} names ${param}`);
    }
  });
});
