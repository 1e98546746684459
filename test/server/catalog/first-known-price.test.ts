/**
 * An item's price history starts with the price it had when it was created, imported or first seen,
 * so the first change is compared with it. Every figure below is worked out by hand.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { before, describe, it } from 'node:test';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { readCsvRows } from '../../../server/catalog/csv/csv-files.js';
import type { Product } from '../../../server/catalog/model.js';
import { DAY_MS } from '../../../server/catalog/omnibus.js';
import { visibleText } from '../support/small-catalog.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const csv = (header: string, ...lines: string[]) => readCsvRows(Readable.from([`${[header, ...lines].join('\n')}\n`]));

describe('the first known price', () => {
  const suite = useTestServer();
  const store = () => suite.server.store;
  const put = (path: string, json: unknown) =>
    fetchJson(suite.server.restUrl(path), { method: 'PUT', json, headers: { authorization: suite.manager } });
  const pageText = async (product: Product) =>
    visibleText(await (await fetch(`${suite.server.url}/product/${product.slug}`)).text());

  before(async () => {
    await store().site.update((site) => {
      site.settings.compliance.omnibus_enabled = true;
      site.settings.compliance.omnibus_days = 45;
      site.settings.storefront.show_lowest_price = true;
    });
  });

  it("compares a demo product raised from 72,99 zł to 79,99 zł and put on sale at 59,99 zł with 72,99 zł (the issue's case)", async () => {
    // Worked by hand: 72,99 zł until a moment ago, 79,99 zł for a moment, then the sale. The 45 days before the sale
    // hold 72,99 zł and 79,99 zł: the lowest is 72,99 zł, not the 79,99 zł it cost just before the sale.
    const shirt = store().catalog.data.products.find(
      (product) => product.regular_price === 72.99 && product.sale_price === null && product.type !== 'variable',
    )!;
    assert.ok(shirt, 'the demo has a product at 72,99 zł');
    assert.equal((await put(`/wc/v3/products/${shirt.id}`, { regular_price: '79.99' })).status, 200);
    const sale = await put(`/wc/v3/products/${shirt.id}`, { sale_price: '59.99' });
    assert.equal(sale.body.omnibus_price, '72.99');
    assert.match(await pageText(shirt), /Najniższa cena z 45 dni przed obniżką: 72,99 zł/);
  });

  it('starts a variation first seen without a history at the price it had (a variation at 100 raised to 120, then on sale at 90: 100)', async () => {
    const parent: Product = {
      id: 990_001,
      type: 'variable',
      slug: 'first-seen-jacket',
      title: 'First Seen Jacket',
      description: '',
      sku: 'FSJ',
      category_ids: [],
      brand: '',
      attributes: { size: ['S', 'M'] },
      regular_price: 100,
      sale_price: null,
      rating: 0,
      rating_count: 0,
      in_stock: true,
      stock_quantity: 10,
      total_sales: 0,
      created_at: daysAgo(100),
      image: '',
      variations: [
        {
          id: 990_002,
          sku: 'FSJ-S',
          attributes: { size: 'S' },
          regular_price: 100,
          sale_price: null,
          in_stock: true,
          stock_quantity: 5,
        },
        {
          id: 990_003,
          sku: 'FSJ-M',
          attributes: { size: 'M' },
          regular_price: 110,
          sale_price: null,
          in_stock: true,
          stock_quantity: 5,
        },
      ],
    };
    // Stored as a catalog copied in would be: no price record at all.
    await store().catalog.change(() => ({ edit: { upsert: [parent], remove: [] }, result: null }));
    assert.deepEqual(await store().priceHistory.forItems([990_002]), []);
    await put('/wc/v3/products/990001/variations/990002', { regular_price: '120' });
    const sale = await put('/wc/v3/products/990001/variations/990002', { sale_price: '90' });
    assert.equal(sale.body.omnibus_price, '100.00');
    const history = await store().priceHistory.forItems([990_002]);
    assert.deepEqual(
      history.map((change) => [change.time, change.regular_price, change.sale_price]).slice(0, 2),
      [
        [parent.created_at, 100, null],
        [history[1]!.time, 120, null],
      ],
      'dated when the product was created',
    );
    const jacket = store().catalog.data.products.find((product) => product.id === 990_001)!;
    assert.match(await pageText(jacket), /Size: S 90,00 zł 100,00 zł/, "the variation's own line on its page");
  });

  it('compares with the price an import recorded (50 zł 60 days ago, 60 zł 40 days ago, on sale at 45 zł now: 50 zł in 45 days, 60 zł in 30)', async () => {
    const header = 'SKU,Name,Regular price,Sale price';
    await importCatalogRows(store(), await csv(header, 'FKP-1,Known Kettle,50,'), { mode: 'merge', now: daysAgo(60) });
    await importCatalogRows(store(), await csv(header, 'FKP-1,Known Kettle,60,'), { mode: 'merge', now: daysAgo(40) });
    await importCatalogRows(store(), await csv(header, 'FKP-1,Known Kettle,60,45'), { mode: 'merge' });
    const kettle = store().catalog.data.products.find((product) => product.sku === 'FKP-1')!;
    assert.match(await pageText(kettle), /Najniższa cena z 45 dni przed obniżką: 50,00 zł/);
    await store().site.update((site) => {
      site.settings.compliance.omnibus_days = 30;
    });
    assert.match(await pageText(kettle), /Najniższa cena z 30 dni przed obniżką: 60,00 zł/);
    await store().site.update((site) => {
      site.settings.compliance.omnibus_days = 45;
    });
  });
});
