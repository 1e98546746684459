/**
 * A variable product's "From" price counts only the options that can be bought (in stock), on cards,
 * in `/filter`, in `wc/v3` and in the price sort; with none in stock it still says what the options cost.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { catalogCsvRows } from '../support/catalog-csv.js';
import { visibleText } from '../support/small-catalog.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

describe('the "From" price of a variable product', () => {
  const suite = useTestServer();
  const product = (sku: string) => suite.server.store.catalog.data.products.find((candidate) => candidate.sku === sku)!;
  const variation = (sku: string) => product('COAT').variations!.find((candidate) => candidate.sku === sku)!;
  const card = async () => {
    const { body } = await fetchJson(suite.server.restUrl('/facet/v1/filter'), {
      method: 'POST',
      json: { query: { sf_q: 'coat' } },
    });
    return visibleText(body.results_html);
  };
  const wc = (method: string, path: string, json?: unknown) =>
    fetchJson(suite.server.restUrl(path), { method, json, headers: { authorization: suite.manager } });

  before(async () => {
    const rows = await catalogCsvRows([
      {
        Type: 'variable',
        SKU: 'COAT',
        Name: 'Rain Coat',
        Categories: 'Outerwear',
        'Attribute 1 name': 'Size',
        'Attribute 1 value(s)': 'S, M, L',
      },
      // S is the cheapest and on sale, but sold out: no one can buy it at 40.
      {
        Type: 'variation',
        SKU: 'COAT-S',
        'Regular price': 50,
        'Sale price': 40,
        'In stock?': 0,
        Stock: 0,
        Parent: 'COAT',
        'Attribute 1 name': 'Size',
        'Attribute 1 value(s)': 'S',
      },
      {
        Type: 'variation',
        SKU: 'COAT-M',
        'Regular price': 70,
        'In stock?': 1,
        Stock: 3,
        Parent: 'COAT',
        'Attribute 1 name': 'Size',
        'Attribute 1 value(s)': 'M',
      },
      {
        Type: 'variation',
        SKU: 'COAT-L',
        'Regular price': 80,
        'In stock?': 1,
        Stock: 2,
        Parent: 'COAT',
        'Attribute 1 name': 'Size',
        'Attribute 1 value(s)': 'L',
      },
      {
        Type: 'simple',
        SKU: 'CAPE',
        Name: 'Rain Cape',
        'Regular price': 60,
        'In stock?': 1,
        Stock: 5,
        Categories: 'Outerwear',
      },
    ]);
    assert.deepEqual((await importCatalogRows(suite.server.store, rows, { mode: 'replace' })).problems, []);
  });

  it('shows the cheapest option in stock, in /filter and in wc/v3', async () => {
    assert.match(await card(), /Od 70,00 zł/);
    assert.doesNotMatch(await card(), /40,00|50,00/);
    const { body } = await wc('GET', `/wc/v3/products/${product('COAT').id}`);
    assert.equal(body.price, '70.00');
  });

  it('sorts by the price a shopper can pay: the coat (from 70) after the cape (60)', async () => {
    const { body } = await fetchJson(suite.server.restUrl('/facet/v1/filter'), {
      method: 'POST',
      json: { query: { sf_q: 'rain', sf_orderby: 'price' } },
    });
    const text = visibleText(body.results_html);
    assert.ok(text.indexOf('Rain Cape') < text.indexOf('Rain Coat'), text);
  });

  it('follows stock: M sold out leaves L alone (its own price, no "From"); none in stock shows what the options cost', async () => {
    await wc('PUT', `/wc/v3/products/${product('COAT').id}/variations/${variation('COAT-M').id}`, {
      stock_quantity: 0,
    });
    assert.match(await card(), /80,00 zł/);
    assert.doesNotMatch(await card(), /Od \d/);
    await wc('PUT', `/wc/v3/products/${product('COAT').id}/variations/${variation('COAT-L').id}`, {
      stock_quantity: 0,
    });
    assert.match(await card(), /Od 40,00 zł/, 'out of stock: every option counts again');
    await wc('PUT', `/wc/v3/products/${product('COAT').id}/variations/${variation('COAT-S').id}`, {
      stock_quantity: 4,
    });
    const text = await card();
    assert.match(text, /40,00 zł/, 'S is buyable again, at its sale price');
  });
});
