/**
 * Conformance: a catalog opened lazily (the server's) holds no products until `load()`, yet
 * reports the same revision as a loaded one, names its categories and attributes, reads products by id and by slug
 * from the files or the database, and follows edits made elsewhere.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, it } from 'node:test';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { CatalogNotLoadedError } from '../../../../server/store/store.js';
import { OpenedData, type FreshLocation } from './fixtures.js';

export function describeLazyCatalogContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  it('reads products by id and reports the revision of a loaded catalog, then loads them all', async () => {
    const writer = await data.open({ watch: false });
    const catalog = generateSyntheticCatalogData({ products: 300, seed: 11 });
    await writer.catalog.replace(catalog, catalog.products);
    const lazy = await data.open({ watch: false, lazyCatalog: true });
    assert.equal(lazy.catalog.loaded, false);
    assert.throws(() => lazy.catalog.data, CatalogNotLoadedError);
    assert.equal(lazy.catalog.revision, writer.catalog.revision);
    // A listing page names its category without the products.
    assert.deepEqual(lazy.catalog.taxonomy.categories, catalog.categories);
    assert.deepEqual(lazy.catalog.taxonomy.attributes, catalog.attributes);
    const [first, last] = [catalog.products[0]!, catalog.products.at(-1)!];
    assert.deepEqual(await lazy.catalog.productsByIds([last.id, 999_999, first.id]), [last, first]);
    assert.deepEqual(await writer.catalog.productsByIds([first.id]), [first]);

    // An edit made elsewhere: the lazy catalog follows it without loading the products.
    const middle = catalog.products[150]!;
    assert.deepEqual(await lazy.catalog.productBySlug(middle.slug), middle, 'a product found by its slug');
    assert.equal(await lazy.catalog.productBySlug('no-such-slug'), undefined);
    const changed = { ...first, title: 'Renamed', slug: 'renamed-first' };
    const renamedCategories = catalog.categories.map((category, index) =>
      index === 0 ? { ...category, name: 'Renamed category' } : category,
    );
    await writer.catalog.change(() => ({
      edit: { upsert: [changed], remove: [last.id], categories: renamedCategories },
      result: null,
    }));
    assert.notEqual(writer.catalog.revision, lazy.catalog.revision);
    await lazy.refresh();
    assert.equal(lazy.catalog.loaded, false);
    assert.equal(lazy.catalog.revision, writer.catalog.revision);
    assert.deepEqual(await lazy.catalog.productsByIds([first.id, last.id]), [changed]);
    assert.deepEqual(lazy.catalog.taxonomy.categories, renamedCategories, 'and its categories');
    assert.deepEqual(await lazy.catalog.productBySlug('renamed-first'), changed, 'a product at its new slug');
    assert.equal(await lazy.catalog.productBySlug(first.slug), undefined, 'and no longer at its old one');
    assert.equal(await lazy.catalog.productBySlug(last.slug), undefined, 'nor a removed one');

    await lazy.catalog.load();
    assert.equal(lazy.catalog.loaded, true);
    assert.deepEqual(await lazy.catalog.productBySlug('renamed-first'), changed, 'the same once loaded');
    assert.deepEqual(await lazy.catalog.productBySlug(middle.slug), middle);
    assert.deepEqual(lazy.catalog.data.products, writer.catalog.data.products);
    assert.equal(lazy.catalog.revision, writer.catalog.revision);
  });

  it('gives every process the same revision for the same contents, and a new one after a replace', async () => {
    const writer = await data.open({ watch: false });
    const before = writer.catalog.revision;
    const catalog = generateSyntheticCatalogData({ products: 5, seed: 2 });
    await writer.catalog.replace(catalog, catalog.products);
    assert.notEqual(writer.catalog.revision, before);
    const reader = await data.open({ watch: false });
    assert.equal(reader.catalog.revision, writer.catalog.revision);
  });

  it('gives the edits since an earlier revision, with the products they touch as they were then', async () => {
    const writer = await data.open({ watch: false });
    const catalog = generateSyntheticCatalogData({ products: 40, seed: 4 });
    await writer.catalog.replace(catalog, catalog.products);
    const lazy = await data.open({ watch: false, lazyCatalog: true });
    const [priced, stocked, deleted] = [catalog.products[1]!, catalog.products[2]!, catalog.products[3]!];
    const earlier = { ...priced, regular_price: priced.regular_price + 1 };
    await writer.catalog.change(() => ({ edit: { upsert: [earlier], remove: [] }, result: null }));
    const from = writer.catalog.revision;
    assert.equal(lazy.catalog.canCatchUpFrom(from), false, 'a revision this process has not reached yet');
    const { variations: _none, ...simple } = catalog.products[0]!;
    const added = { ...simple, id: 90_000, slug: 'added', sku: 'ADDED', type: 'simple' as const };
    const edits = [
      { upsert: [{ ...earlier, regular_price: earlier.regular_price + 2 }], remove: [] },
      { upsert: [{ ...stocked, stock_quantity: 0, in_stock: false }], remove: [] },
      { upsert: [added], remove: [] },
      { upsert: [], remove: [deleted.id] },
      { upsert: [{ ...earlier, regular_price: 1 }], remove: [] },
    ];
    for (const edit of edits) await writer.catalog.change(() => ({ edit, result: null }));
    await lazy.refresh();
    assert.equal(lazy.catalog.canCatchUpFrom(from), true);
    const changes = await lazy.catalog.changesSince(from);
    assert.equal(lazy.catalog.loaded, false, 'read without loading the products');
    assert.deepEqual(changes?.edits, edits);
    assert.deepEqual(
      changes?.before,
      new Map([
        [priced.id, earlier],
        [stocked.id, stocked],
        [deleted.id, deleted],
      ]),
      'the added product did not exist then',
    );
    assert.equal(changes?.revision, lazy.catalog.revision);
    assert.deepEqual((await lazy.catalog.changesSince(lazy.catalog.revision))?.edits, []);
    assert.equal(await lazy.catalog.changesSince('not a revision'), null);

    await writer.catalog.replace(catalog, catalog.products);
    await lazy.refresh();
    assert.equal(await lazy.catalog.changesSince(from), null, 'not across a replace');
  });
}
