/**
 * The demo shop shows its compliance features. A fresh demo carries a plausible price history, dated
 * in the past, so its sale items show the Omnibus line; its brands carry GPSR data, so with GPSR on a product page has
 * its "Product safety" section; and a replace import inherits none of the demo's history.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { readCsvRows } from '../../../server/catalog/csv/csv-files.js';
import { variationsOf, type PricedItem } from '../../../server/catalog/model.js';
import { omnibusReferencePrice } from '../../../server/catalog/omnibus.js';
import { visibleText } from '../support/small-catalog.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

describe("the demo shop's compliance features", () => {
  const suite = useTestServer();
  const store = () => suite.server.store;
  const items = () =>
    store().catalog.data.products.flatMap((product) =>
      (variationsOf(product).length ? variationsOf(product) : [product]).map((item) => ({
        product,
        item: item as PricedItem & { id: number },
      })),
    );

  it("ships a price history dated in the past that ends at each item's catalog price", async () => {
    const all = items();
    const history = await store().priceHistory.forItems(all.map(({ item }) => item.id));
    const now = Date.now();
    assert.ok(history.length > all.length, 'earlier prices, not one record per item');
    assert.ok(
      history.every((change) => Date.parse(change.time) < now),
      'every record in the past',
    );
    const last = new Map(history.map((change) => [change.item_id, change]));
    for (const { item } of all) {
      const record = last.get(item.id);
      assert.ok(record, `item ${item.id} has a history`);
      assert.deepEqual(
        [record.regular_price, record.sale_price],
        [item.regular_price, item.sale_price],
        `item ${item.id}`,
      );
    }
    const byItem = new Map<number, typeof history>();
    for (const change of history) byItem.set(change.item_id, [...(byItem.get(change.item_id) ?? []), change]);
    const onSale = all.filter(({ item }) => item.sale_price !== null);
    const references = onSale.map(({ item }) => omnibusReferencePrice(byItem.get(item.id)!, 30, now));
    assert.ok(
      references.filter((price) => price !== null).length >= onSale.length * 0.9,
      'nearly every sale item has a reference price',
    );
    assert.ok(
      references.some((price, at) => price !== null && price < onSale[at]!.item.regular_price),
      'some were raised before their sale',
    );
    assert.ok(
      history.some((change) => change.sale_price !== null && !onSale.some(({ item }) => item.id === change.item_id)),
      'past promotions of items no longer on sale',
    );
  });

  it('shows the Omnibus line on the sale items of a fresh demo, in /shop, /filter and on product pages', async () => {
    const shop = visibleText(await (await fetch(`${suite.server.url}/shop?sf_orderby=price`)).text());
    assert.match(shop, /Najniższa cena z 30 dni przed obniżką: \d+,\d\d zł/);
    const { body } = await fetchJson(suite.server.restUrl('/facet/v1/filter'), { method: 'POST', json: { query: {} } });
    assert.match(body.results_html, /price-lowest/);
    const sale = items().find(({ product, item }) => product.type !== 'variable' && item.sale_price !== null)!;
    assert.match(
      visibleText(await (await fetch(`${suite.server.url}/product/${sale.product.slug}`)).text()),
      /Najniższa cena z 30 dni przed obniżką/,
    );
  });

  it("gives the demo's brands GPSR data, shown on product pages while GPSR is on, and leaves two brands for the report", async () => {
    const products = store().catalog.data.products;
    const nordkapp = products.find((product) => product.brand === 'Nordkapp')!;
    const html = visibleText(await (await fetch(`${suite.server.url}/product/${nordkapp.slug}`)).text());
    assert.equal(store().site.data.settings.compliance.gpsr_enabled, true);
    assert.match(html, /Bezpieczeństwo produktu/);
    assert.match(html, /Nordkapp AS/);
    assert.match(
      html,
      /Vitrine Import Sp\. z o\.o\./,
      'a manufacturer outside the EU names a responsible person in it',
    );
    const ecru = products.find((product) => product.brand === 'Maison Écru')!;
    assert.doesNotMatch(
      await (await fetch(`${suite.server.url}/product/${ecru.slug}`)).text(),
      /Bezpieczeństwo produktu/,
    );
    const report = await fetchJson(suite.server.restUrl('/compliance/v1/product-safety'), {
      headers: { authorization: suite.manager },
    });
    const brands = new Set(
      report.body.products.map((entry: any) => products.find((product) => product.id === entry.id)!.brand),
    );
    assert.deepEqual([...brands].sort(), ['Maison Écru', 'Urban Fox']);
  });

  it("lets a replace import inherit none of the demo's history", async () => {
    const rows = await readCsvRows(
      Readable.from(['ID,SKU,Name,Regular price\n1,OWN-1,Own Mug,10\n2,OWN-2,Own Cup,12\n']),
    );
    assert.deepEqual((await importCatalogRows(store(), rows, { mode: 'replace' })).problems, []);
    const own = store().catalog.data.products;
    const history = await store().priceHistory.forItems(own.map((product) => product.id));
    assert.deepEqual(
      history.map((change) => [change.item_id, change.regular_price]),
      own.map((product) => [product.id, product.regular_price]),
    );
  });
});
