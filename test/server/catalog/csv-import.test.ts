/**
 * "Bad input": each bad row is reported with its row and column and changes nothing (replace), or only the
 * valid rows are applied (merge). Runs against a real data folder, the way `vitrine catalog import` does.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { openLowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import type { Store } from '../../../server/store/store.js';
import { catalogCsvRows, type CatalogCsvRow } from '../support/catalog-csv.js';
import { makeTempDir } from '../support/test-server.js';

const GOOD = [
  { ID: 100, Type: 'simple', SKU: 'S-1', Name: 'Plain mug', 'Regular price': '12.50', Categories: 'Kitchen > Mugs' },
  {
    ID: 200,
    Type: 'variable',
    SKU: 'T-1',
    Name: 'Tee',
    Categories: 'Clothing > Shirts',
    'Attribute 1 name': 'Size',
    'Attribute 1 value(s)': 'S, M',
  },
  {
    ID: 201,
    Type: 'variation',
    SKU: 'T-1-S',
    Name: 'Tee S',
    'Regular price': 20,
    'Sale price': 15,
    Parent: 'id:200',
    'Attribute 1 name': 'Size',
    'Attribute 1 value(s)': 'S',
  },
  {
    ID: 202,
    Type: 'variation',
    SKU: 'T-1-M',
    Name: 'Tee M',
    'Regular price': 22,
    Parent: 'T-1',
    'Attribute 1 name': 'Size',
    'Attribute 1 value(s)': 'M',
  },
];

describe('catalog import', () => {
  let store: Store;
  before(async () => {
    store = await openLowdbStore(await makeTempDir(), { watch: false });
    const report = await importCatalogRows(store, await catalogCsvRows(GOOD), { mode: 'replace' });
    assert.deepEqual(report.problems, []);
  });
  after(() => store.close());

  it('stores simple and variable products with their variations, parents named by id: or SKU', () => {
    const [mug, tee] = store.catalog.data.products;
    assert.equal(mug!.regular_price, 12.5);
    assert.equal(tee!.type, 'variable');
    assert.deepEqual(
      tee!.variations!.map((variation) => [
        variation.id,
        variation.attributes.size,
        variation.sale_price ?? variation.regular_price,
      ]),
      [
        [201, 'S', 15],
        [202, 'M', 22],
      ],
    );
    assert.deepEqual(
      store.catalog.data.categories.map((category) => category.name),
      ['Kitchen', 'Mugs', 'Clothing', 'Shirts'],
    );
  });

  const badCases: [string, CatalogCsvRow, { row: number; column: string; reason: RegExp }][] = [
    [
      'a price with a decimal comma in a shop whose locale writes a dot',
      { Type: 'simple', SKU: 'N-1', Name: 'New', 'Regular price': '12,5' },
      { row: 6, column: 'Regular price', reason: /not a price.*dot/ },
    ],
    [
      'a negative stock without backorders',
      { Type: 'simple', SKU: 'N-1', Name: 'New', 'Regular price': 10, Stock: '-4' },
      { row: 6, column: 'Stock', reason: /"-4" is below 0/ },
    ],
    [
      'a variable product without variations',
      { Type: 'variable', SKU: 'N-1', Name: 'Lonely', 'Attribute 1 name': 'Size', 'Attribute 1 value(s)': 'S' },
      { row: 6, column: 'Type', reason: /needs at least one variation/ },
    ],
    [
      'a price that is not a number',
      { Type: 'simple', SKU: 'N-1', Name: 'New', 'Regular price': 'abc' },
      { row: 6, column: 'Regular price', reason: /"abc" is not a price/ },
    ],
    [
      'an unknown parent',
      {
        Type: 'variation',
        SKU: 'N-1',
        Name: 'New',
        'Regular price': 10,
        Parent: 'id:999',
        'Attribute 1 name': 'Size',
        'Attribute 1 value(s)': 'S',
      },
      { row: 6, column: 'Parent', reason: /no product has id 999/ },
    ],
    [
      'a variation of a simple product',
      {
        Type: 'variation',
        SKU: 'N-1',
        Name: 'New',
        'Regular price': 10,
        Parent: 'S-1',
        'Attribute 1 name': 'Size',
        'Attribute 1 value(s)': 'S',
      },
      { row: 6, column: 'Parent', reason: /simple product/ },
    ],
    [
      'a duplicate SKU',
      { Type: 'simple', SKU: 'S-1', Name: 'New', 'Regular price': 10 },
      { row: 6, column: 'SKU', reason: /"S-1" is already used in row 2/ },
    ],
    [
      'a category path with an empty segment',
      { Type: 'simple', SKU: 'N-1', Name: 'New', 'Regular price': 10, Categories: 'Kitchen > > Cups' },
      { row: 6, column: 'Categories', reason: /empty segment/ },
    ],
    [
      'a tax status WooCommerce does not know',
      { Type: 'simple', SKU: 'N-1', Name: 'New', 'Regular price': 10, 'Tax status': 'exempt' },
      { row: 6, column: 'Tax status', reason: /taxable, shipping or none/ },
    ],
    [
      'a tax class that is not a slug',
      { Type: 'simple', SKU: 'N-1', Name: 'New', 'Regular price': 10, 'Tax class': 'Reduced rate 8%' },
      { row: 6, column: 'Tax class', reason: /not a tax class slug/ },
    ],
  ];
  for (const [name, row, expected] of badCases) {
    it(`reports ${name} with its row and column, and changes nothing`, async () => {
      const before = JSON.stringify(store.catalog.data);
      const report = await importCatalogRows(store, await catalogCsvRows([...GOOD, row]), {
        mode: 'replace',
        locale: 'en-GB',
      });
      assert.equal(report.applied, false);
      assert.equal(report.problems.length, 1, JSON.stringify(report.problems));
      const [problem] = report.problems;
      assert.equal(problem!.row, expected.row);
      assert.equal(problem!.column, expected.column);
      assert.match(problem!.reason, expected.reason);
      assert.equal(JSON.stringify(store.catalog.data), before);
    });
  }

  it('reads "39,90" as a price in a shop whose locale writes decimal commas, on a dry run and for real', async () => {
    const rows = await catalogCsvRows([...GOOD, { Type: 'simple', SKU: 'N-1', Name: 'New', 'Regular price': '39,90' }]);
    const dry = await importCatalogRows(store, rows, { mode: 'replace', locale: 'pl-PL', dryRun: true });
    assert.deepEqual(dry.problems, []);
    assert.equal(dry.catalogProducts, 3);
    assert.equal(store.catalog.data.products.length, 2, 'a dry run changes nothing');
  });

  it('refuses only the bad stock and variable rows of a merge, and applies the others', async () => {
    const before = JSON.stringify(store.catalog.data);
    const report = await importCatalogRows(
      store,
      await catalogCsvRows([
        { Type: 'simple', SKU: 'N-2', Name: 'Minus', 'Regular price': 10, Stock: '-4' },
        { Type: 'variable', SKU: 'N-3', Name: 'No options' },
      ]),
      { mode: 'merge', dryRun: true },
    );
    assert.deepEqual(
      report.problems.map((problem) => [problem.row, problem.column]),
      [
        [2, 'Stock'],
        [3, 'Type'],
      ],
    );
    assert.equal(report.products, 0);
    assert.equal(JSON.stringify(store.catalog.data), before);
  });

  it('reports a duplicate SKU against the catalog in a merge, and applies the valid rows', async () => {
    const report = await importCatalogRows(
      store,
      await catalogCsvRows([
        { Type: 'simple', SKU: 'T-1-M', Name: 'Clash', 'Regular price': 10, 'Sale price': '' }, // row 2: SKU of variation 202
        {
          ID: 100,
          Type: 'simple',
          SKU: 'S-1',
          Name: 'Plain mug v2',
          'Regular price': 13,
          Categories: 'Kitchen > Mugs',
        }, // row 3: an update of product 100
        {
          Type: 'variation',
          SKU: 'T-1-L',
          Name: 'Tee L',
          'Regular price': 24,
          Parent: 'id:200',
          'Attribute 1 name': 'Size',
          'Attribute 1 value(s)': 'L',
        }, // row 4: a new variation of a catalog product
      ]),
      { mode: 'merge' },
    );
    assert.deepEqual(
      report.problems.map((problem) => [problem.row, problem.column]),
      [[2, 'SKU']],
    );
    assert.equal(report.applied, true);
    const [mug, tee] = store.catalog.data.products;
    assert.equal(store.catalog.data.products.length, 2);
    assert.equal(mug!.title, 'Plain mug v2');
    assert.equal(mug!.regular_price, 13);
    assert.deepEqual(
      tee!.variations!.map((variation) => variation.attributes.size),
      ['S', 'M', 'L'],
    );
    assert.deepEqual(tee!.attributes.size, ['S', 'M', 'L']);
    assert.equal(tee!.variations![2]!.id, 203, 'a new variation takes the next id after every product and variation');
  });

  it('records the prices of new items and of changed ones, not of unchanged ones, in the price history', async () => {
    const history = await store.priceHistory.forItems([100, 200, 201, 202, 203]);
    // The first import recorded 100, 201 and 202 (the variable parent 200 has no prices of its own); the merge
    // changed 100's price and added 203; 201 and 202 were not touched.
    assert.deepEqual(
      history.map((change) => [change.item_id, change.product_id, change.regular_price, change.sale_price]),
      [
        [100, 100, 12.5, null],
        [201, 200, 20, 15],
        [202, 200, 22, null],
        [100, 100, 13, null],
        [203, 200, 24, null],
      ],
    );
  });

  it('changes nothing on a dry run, even when every row is valid', async () => {
    const before = JSON.stringify(store.catalog.data);
    const report = await importCatalogRows(
      store,
      await catalogCsvRows([{ Type: 'simple', SKU: 'D-1', Name: 'Dry', 'Regular price': 5 }]),
      { mode: 'merge', dryRun: true },
    );
    assert.deepEqual(report.problems, []);
    assert.equal(report.applied, false);
    assert.equal(report.catalogProducts, 3);
    assert.equal(JSON.stringify(store.catalog.data), before);
  });
});
