/**
 * Each product keeps its own identity. Slugs come from names (transliterated, unique) unless the
 * CSV or the API gives one; a replace import never lets a new product inherit an old one's slug, rating or price
 * history because their ids collide (fresh ids above the highest ever used), and keeps a stored product only where the
 * row truly names it; a merge matches by ID or SKU and changes only the columns the file has.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { highestItemId, type Product } from '../../../server/catalog/model.js';
import { catalogCsvRows } from '../support/catalog-csv.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

describe('product identity', () => {
  const suite = useTestServer();
  const store = () => suite.server.store;
  const bySku = (sku: string) => store().catalog.data.products.find((product) => product.sku === sku)!;
  const page = (slug: string) => fetch(`${suite.server.url}/product/${slug}`);

  describe('a replace import whose ids collide with the demo catalog', () => {
    it("gives the new products fresh ids, their own slugs, no rating and no history of the old ones (the issue's case)", async () => {
      const demoHighest = highestItemId(store().catalog.data);
      const cushion = store().catalog.data.products.find((product) => product.slug === 'coastal-cotton-cushion-cover')!;
      assert.ok(cushion.rating > 0, 'the demo product is rated');
      const demoHistory = await store().priceHistory.forItems([cushion.id]);
      const report = await importCatalogRows(
        store(),
        await catalogCsvRows([
          {
            ID: cushion.id,
            Type: 'simple',
            SKU: 'LENA-1',
            Name: 'Porcelain Cup "Lena"',
            'Regular price': 39,
            Categories: 'Tableware',
          },
          { ID: 1, Type: 'simple', SKU: 'ZM-1', Name: 'Żółta miska', 'Regular price': 25, Categories: 'Tableware' },
          { ID: 2, Type: 'simple', SKU: 'ZM-2', Name: 'Żółta Miska', 'Regular price': 26, Categories: 'Tableware' },
          { ID: 3, Type: 'simple', SKU: 'STR-1', Name: 'Straße Tasse', 'Regular price': 18, Categories: 'Tableware' },
        ]),
        { mode: 'replace' },
      );
      assert.deepEqual(report.problems, []);
      const cup = bySku('LENA-1');
      assert.ok(cup.id > demoHighest, `a fresh id above ${demoHighest}, not ${cup.id}`);
      assert.equal(cup.slug, 'porcelain-cup-lena');
      assert.deepEqual([cup.rating, cup.rating_count, cup.total_sales], [0, 0, 0]);
      assert.deepEqual(
        [bySku('ZM-1').slug, bySku('ZM-2').slug, bySku('STR-1').slug],
        ['zolta-miska', 'zolta-miska-2', 'strasse-tasse'],
      );
      const history = await store().priceHistory.forItems([cup.id]);
      assert.deepEqual(
        history.map((change) => change.regular_price),
        [39],
        'its own first price, nothing of the cushion',
      );
      assert.deepEqual(
        await store().priceHistory.forItems([cushion.id]),
        demoHistory,
        "the cushion's history stays with its id",
      );
      assert.equal((await page('coastal-cotton-cushion-cover')).status, 404);
      const html = await (await page('porcelain-cup-lena')).text();
      assert.match(html, /Porcelain Cup &quot;Lena&quot;|Porcelain Cup "Lena"/);
      assert.doesNotMatch(html, /4\.6|209 reviews/);
    });

    it('keeps a stored product where the row truly names it: same SKU (with or without the id), or the same id and name', async () => {
      const before = new Map(store().catalog.data.products.map((product) => [product.sku, product]));
      await rate('LENA-1', 4.2, 7);
      const cup = bySku('LENA-1');
      const report = await importCatalogRows(
        store(),
        await catalogCsvRows([
          {
            Type: 'simple',
            SKU: 'LENA-1',
            Name: 'Porcelain Cup "Lena" (renamed)',
            'Regular price': 41,
            Categories: 'Tableware',
          },
          { ID: bySku('ZM-1').id, Type: 'simple', Name: 'Żółta miska', 'Regular price': 25, Categories: 'Tableware' },
          {
            ID: bySku('ZM-2').id,
            Type: 'simple',
            SKU: 'OTHER',
            Name: 'Something else',
            'Regular price': 26,
            Categories: 'Tableware',
          },
        ]),
        { mode: 'replace' },
      );
      assert.deepEqual(report.problems, []);
      const renamed = store().catalog.data.products.find((product) => product.title.endsWith('(renamed)'))!;
      assert.deepEqual(
        [renamed.id, renamed.slug, renamed.rating, renamed.rating_count, renamed.created_at],
        [cup.id, 'porcelain-cup-lena', 4.2, 7, cup.created_at],
      );
      const bowl = store().catalog.data.products.find((product) => product.title === 'Żółta miska')!;
      assert.equal(bowl.id, before.get('ZM-1')!.id, 'the same id and name, the SKU dropped: the same bowl');
      const other = bySku('OTHER');
      assert.notEqual(other.id, before.get('ZM-2')!.id, 'an id that names another product is not taken over');
      assert.equal(other.slug, 'something-else');
    });

    it("keeps a row's own id when this shop never used it, and the Slug column when the file has one", async () => {
      const unused = highestItemId(store().catalog.data) + 100;
      const report = await importCatalogRows(
        store(),
        await catalogCsvRows([
          { ID: unused, Type: 'simple', SKU: 'NEW-1', Name: 'Fresh Plate', 'Regular price': 10 },
          { Type: 'simple', SKU: 'NEW-2', Name: 'Fresh Bowl', Slug: 'my-bowl', 'Regular price': 12 },
          { Type: 'simple', SKU: 'NEW-3', Name: 'Fresh Bowl 2', Slug: 'My Bowl', 'Regular price': 12 },
        ]),
        { mode: 'replace' },
      );
      assert.deepEqual(report.problems, []);
      assert.equal(bySku('NEW-1').id, unused);
      assert.deepEqual([bySku('NEW-2').slug, bySku('NEW-3').slug], ['my-bowl', 'my-bowl-2']);
    });
  });

  describe('a merge import', () => {
    it('matches by SKU when the row has no ID, and changes only the columns the file has', async () => {
      const plate = bySku('NEW-1');
      await importCatalogRows(store(), await catalogCsvRows([{ SKU: 'NEW-1', Stock: 42 }]), { mode: 'merge' });
      const after = bySku('NEW-1');
      assert.equal(after.stock_quantity, 42);
      assert.notEqual(after.manage_stock, false, 'a quantity in the Stock column is counted from now on');
      assert.deepEqual(
        { ...after, stock_quantity: plate.stock_quantity, manage_stock: plate.manage_stock },
        plate,
        'nothing else changed',
      );
      const sale = await importCatalogRows(
        store(),
        await catalogCsvRows([{ SKU: 'NEW-1', 'Sale price': 8, 'Meta: gpsr_warnings': 'Keep dry' }]),
        { mode: 'merge' },
      );
      assert.deepEqual(sale.problems, []);
      assert.deepEqual(
        [bySku('NEW-1').regular_price, bySku('NEW-1').sale_price, bySku('NEW-1').title],
        [10, 8, 'Fresh Plate'],
      );
      const tooHigh = await importCatalogRows(store(), await catalogCsvRows([{ SKU: 'NEW-1', 'Sale price': 11 }]), {
        mode: 'merge',
      });
      assert.deepEqual(
        tooHigh.problems.map((problem) => [problem.row, problem.column]),
        [[2, 'Sale price']],
        'compared with the stored regular price',
      );
      await importCatalogRows(store(), await catalogCsvRows([{ SKU: 'NEW-1', Name: 'Fresh Plate XL' }]), {
        mode: 'merge',
      });
      assert.equal(bySku('NEW-1').meta?.gpsr_warnings, 'Keep dry', 'a file without the Meta column leaves it');
      assert.equal(bySku('NEW-1').slug, plate.slug, 'a renamed product keeps its address');
    });

    it('matches a variation by SKU and updates its stock alone', async () => {
      await importCatalogRows(
        store(),
        await catalogCsvRows([
          {
            ID: '',
            Type: 'variable',
            SKU: 'MV',
            Name: 'Mixed Vase',
            'Attribute 1 name': 'Size',
            'Attribute 1 value(s)': 'S, M',
          },
          {
            Type: 'variation',
            SKU: 'MV-S',
            'Regular price': 20,
            Parent: 'MV',
            'Attribute 1 name': 'Size',
            'Attribute 1 value(s)': 'S',
          },
          {
            Type: 'variation',
            SKU: 'MV-M',
            'Regular price': 25,
            Parent: 'MV',
            'Attribute 1 name': 'Size',
            'Attribute 1 value(s)': 'M',
          },
        ]),
        { mode: 'merge' },
      );
      const vase = bySku('MV');
      const report = await importCatalogRows(
        store(),
        await catalogCsvRows([{ Type: 'variation', SKU: 'MV-M', Stock: 9, Parent: 'MV' }]),
        { mode: 'merge' },
      );
      assert.deepEqual(report.problems, []);
      const variations = bySku('MV').variations!;
      assert.deepEqual(
        variations.map((variation) => [variation.id, variation.regular_price, variation.stock_quantity]),
        vase.variations!.map((variation) => [
          variation.id,
          variation.regular_price,
          variation.sku === 'MV-M' ? 9 : variation.stock_quantity,
        ]),
      );
    });

    it("gives a new product a fresh id when its ID was a deleted product's", async () => {
      const doomed = bySku('NEW-2');
      const deleted = await fetchJson(suite.server.restUrl(`/wc/v3/products/${doomed.id}?force=true`), {
        method: 'DELETE',
        headers: { authorization: suite.manager },
      });
      assert.equal(deleted.status, 200);
      const report = await importCatalogRows(
        store(),
        await catalogCsvRows([{ ID: doomed.id, SKU: 'REBORN', Name: 'Reborn', 'Regular price': 5 }]),
        { mode: 'merge' },
      );
      assert.deepEqual(report.problems, []);
      assert.ok(bySku('REBORN').id > doomed.id);
    });
  });

  it('makes API slugs from names, transliterated and unique, unless the request gives one', async () => {
    const create = (json: unknown) =>
      fetchJson(suite.server.restUrl('/wc/v3/products'), {
        method: 'POST',
        json,
        headers: { authorization: suite.manager },
      });
    assert.equal((await create({ name: 'Grüße aus Łódź', regular_price: '5' })).body.slug, 'grusse-aus-lodz');
    assert.equal((await create({ name: 'Grüße aus Łódź', regular_price: '5' })).body.slug, 'grusse-aus-lodz-2');
    assert.equal((await create({ name: 'Чашка', regular_price: '5' })).body.slug, 'chashka');
    assert.equal((await create({ name: 'Anything', slug: 'chosen', regular_price: '5' })).body.slug, 'chosen');
  });

  /** Ratings come from reviews, which this shop does not take through any API: set one as a review would. */
  async function rate(sku: string, rating: number, count: number): Promise<void> {
    await store().catalog.change((catalog) => {
      const product = catalog.products.find((candidate) => candidate.sku === sku)!;
      return {
        edit: { upsert: [{ ...product, rating, rating_count: count } satisfies Product], remove: [] },
        result: null,
      };
    });
  }
});
