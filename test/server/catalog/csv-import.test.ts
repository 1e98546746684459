/**
 * "Bad input": each bad row is reported with its row and column and changes nothing (replace), or only the
 * valid rows are applied (merge). Runs against a real data folder, the way `vitrine catalog import` does.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { readCsvRows } from '../../../server/catalog/csv/csv-files.js';
import { openLowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import type { Store } from '../../../server/store/store.js';
import { makeTempDir } from '../support/test-server.js';

const HEADER = 'ID,Type,SKU,Name,Regular price,Sale price,Parent,Categories,Attribute 1 name,Attribute 1 value(s)';
const GOOD = [
  '100,simple,S-1,Plain mug,12.50,,,Kitchen > Mugs,,',
  '200,variable,T-1,Tee,,,,Clothing > Shirts,Size,"S, M"',
  '201,variation,T-1-S,Tee S,20,15,id:200,,Size,S',
  '202,variation,T-1-M,Tee M,22,,T-1,,Size,M',
];

const rows = (...lines: string[]) => readCsvRows(Readable.from([[HEADER, ...lines].join('\n') + '\n']));

describe('catalog import', () => {
  let store: Store;
  before(async () => {
    store = await openLowdbStore(await makeTempDir(), { watch: false });
    const report = await importCatalogRows(store, await rows(...GOOD), { mode: 'replace' });
    assert.deepEqual(report.problems, []);
  });
  after(() => store.close());

  it('stores simple and variable products with their variations, parents named by id: or SKU', () => {
    const [mug, tee] = store.catalog.data.products;
    assert.equal(mug!.regular_price, 12.5);
    assert.equal(tee!.type, 'variable');
    assert.deepEqual(tee!.variations!.map((variation) => [variation.id, variation.attributes.size, variation.sale_price ?? variation.regular_price]), [[201, 'S', 15], [202, 'M', 22]]);
    assert.deepEqual(store.catalog.data.categories.map((category) => category.name), ['Kitchen', 'Mugs', 'Clothing', 'Shirts']);
  });

  const badCases: [string, string, { row: number; column: string; reason: RegExp }][] = [
    ['a price with a decimal comma', ',simple,N-1,New,"12,5",,,,,', { row: 6, column: 'Regular price', reason: /not a price.*dot/ }],
    ['a price that is not a number', ',simple,N-1,New,abc,,,,,', { row: 6, column: 'Regular price', reason: /"abc" is not a price/ }],
    ['an unknown parent', ',variation,N-1,New,10,,id:999,,Size,S', { row: 6, column: 'Parent', reason: /no product has id 999/ }],
    ['a variation of a simple product', ',variation,N-1,New,10,,S-1,,Size,S', { row: 6, column: 'Parent', reason: /simple product/ }],
    ['a duplicate SKU', ',simple,S-1,New,10,,,,,', { row: 6, column: 'SKU', reason: /"S-1" is already used in row 2/ }],
    ['a category path with an empty segment', ',simple,N-1,New,10,,,Kitchen > > Cups,,', { row: 6, column: 'Categories', reason: /empty segment/ }],
  ];
  for (const [name, line, expected] of badCases) {
    it(`reports ${name} with its row and column, and changes nothing`, async () => {
      const before = JSON.stringify(store.catalog.data);
      const report = await importCatalogRows(store, await rows(...GOOD, line), { mode: 'replace' });
      assert.equal(report.applied, false);
      assert.equal(report.problems.length, 1, JSON.stringify(report.problems));
      const [problem] = report.problems;
      assert.equal(problem!.row, expected.row);
      assert.equal(problem!.column, expected.column);
      assert.match(problem!.reason, expected.reason);
      assert.equal(JSON.stringify(store.catalog.data), before);
    });
  }

  it('reports a duplicate SKU against the catalog in a merge, and applies the valid rows', async () => {
    const report = await importCatalogRows(store, await rows(
      ',simple,T-1-M,Clash,10,,,,,', // row 2: SKU of variation 202
      '100,simple,S-1,Plain mug v2,13,,,Kitchen > Mugs,,', // row 3: an update of product 100
      ',variation,T-1-L,Tee L,24,,id:200,,Size,L', // row 4: a new variation of a catalog product
    ), { mode: 'merge' });
    assert.deepEqual(report.problems.map((problem) => [problem.row, problem.column]), [[2, 'SKU']]);
    assert.equal(report.applied, true);
    const [mug, tee] = store.catalog.data.products;
    assert.equal(store.catalog.data.products.length, 2);
    assert.equal(mug!.title, 'Plain mug v2');
    assert.equal(mug!.regular_price, 13);
    assert.deepEqual(tee!.variations!.map((variation) => variation.attributes.size), ['S', 'M', 'L']);
    assert.deepEqual(tee!.attributes.size, ['S', 'M', 'L']);
    assert.equal(tee!.variations![2]!.id, 203, 'a new variation takes the next id after every product and variation');
  });

  it('records the prices of new items and of changed ones, not of unchanged ones, in the price history', async () => {
    const history = await store.priceHistory.forItems([100, 200, 201, 202, 203]);
    // The first import recorded 100, 201 and 202 (the variable parent 200 has no prices of its own); the merge
    // changed 100's price and added 203; 201 and 202 were not touched.
    assert.deepEqual(history.map((change) => [change.item_id, change.product_id, change.regular_price, change.sale_price]),
      [[100, 100, 12.5, null], [201, 200, 20, 15], [202, 200, 22, null], [100, 100, 13, null], [203, 200, 24, null]]);
  });

  it('changes nothing on a dry run, even when every row is valid', async () => {
    const before = JSON.stringify(store.catalog.data);
    const report = await importCatalogRows(store, await rows(',simple,D-1,Dry,5,,,,,'), { mode: 'merge', dryRun: true });
    assert.deepEqual(report.problems, []);
    assert.equal(report.applied, false);
    assert.equal(report.catalogProducts, 3);
    assert.equal(JSON.stringify(store.catalog.data), before);
  });
});
