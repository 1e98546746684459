// Conformance: `store.catalog.change` and `editsSince` (single-product edits).
import assert from 'node:assert/strict';
import { afterEach, beforeEach, it } from 'node:test';
import { applyCatalogEdit } from '../../../../server/store/catalog-edits.js';
import { highestItemId } from '../../../../server/catalog/model.js';
import type { CatalogData, Product } from '../../../../server/catalog/model.js';
import type { CatalogEdit, Store } from '../../../../server/store/store.js';
import { catalogMeta, nextChange, OpenedData, product, type FreshLocation } from './fixtures.js';

const ids = (products: readonly Product[]) => products.map((p) => p.id);
const priced = (id: number, price: number, stock = 5): Product => ({ ...product(id, price), stock_quantity: stock });

/** Takes `quantity` of product `id` only when that many are in stock: the check and the write must be one step. */
function takeStock(store: Store, id: number, quantity: number): Promise<boolean> {
  return store.catalog.change((catalog) => {
    const current = catalog.products.find((p) => p.id === id)!;
    if (current.stock_quantity < quantity) return { edit: null, result: false };
    return {
      edit: { upsert: [{ ...current, stock_quantity: current.stock_quantity - quantity }], remove: [] },
      result: true,
    };
  });
}

export function describeCatalogEditsContract(freshLocation: FreshLocation, options: { catalogNoticeMs: number }): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  it('an edit replaces products in place, adds new ones last, removes others, and survives a reopen', async () => {
    let store = await data.open();
    await store.catalog.replace(catalogMeta, [product(1), product(2), product(3)]);
    const result = await store.catalog.change(() => ({
      edit: { upsert: [priced(2, 7.5), priced(9, 1)], remove: [1] },
      result: 'done',
    }));
    assert.equal(result, 'done');
    const expected = [product(3), priced(2, 7.5), priced(9, 1)];
    assert.deepEqual(new Set(ids(store.catalog.data.products)), new Set([2, 3, 9]));
    assert.deepEqual(ids(store.catalog.data.products), [2, 3, 9]);
    assert.deepEqual(
      store.catalog.data.products.find((p) => p.id === 2),
      priced(2, 7.5),
    );
    store = await data.reopen(store);
    assert.deepEqual(
      [...store.catalog.data.products].sort((a, b) => a.id - b.id),
      [...expected].sort((a, b) => a.id - b.id),
    );
    assert.deepEqual(ids(store.catalog.data.products), [2, 3, 9], 'the order is kept across a reopen');
  });

  it('editsSince gives the edits made after an array, [] for the current one and null across a replace', async () => {
    const store = await data.open();
    await store.catalog.replace(catalogMeta, [product(1), product(2)]);
    const start = store.catalog.data.products;
    const first: CatalogEdit = { upsert: [priced(1, 3)], remove: [] };
    const second: CatalogEdit = { upsert: [], remove: [2] };
    await store.catalog.change(() => ({ edit: first, result: null }));
    const middle = store.catalog.data.products;
    assert.notEqual(middle, start, 'an edit gives a new products array');
    await store.catalog.change(() => ({ edit: second, result: null }));
    assert.deepEqual(store.catalog.editsSince(start), [first, second]);
    assert.deepEqual(store.catalog.editsSince(middle), [second]);
    assert.deepEqual(store.catalog.editsSince(store.catalog.data.products), []);
    let rebuilt: CatalogData = { ...catalogMeta, products: start };
    for (const edit of store.catalog.editsSince(start)!) rebuilt = applyCatalogEdit(rebuilt, edit);
    assert.deepEqual(
      rebuilt.products,
      store.catalog.data.products,
      'the edits turn the old array into the current one',
    );
    await store.catalog.replace(catalogMeta, [product(4)]);
    assert.equal(store.catalog.editsSince(middle), null);
  });

  it('a change that throws or returns no edit stores nothing', async () => {
    let store = await data.open();
    await store.catalog.replace(catalogMeta, [product(1)]);
    const before = store.catalog.data.products;
    await assert.rejects(
      store.catalog.change(() => {
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.equal(await store.catalog.change(() => ({ edit: null, result: 7 })), 7);
    await assert.rejects(
      store.catalog.change(() => ({ edit: { upsert: [], remove: [42] }, result: null })),
      /42/,
    );
    assert.equal(store.catalog.data.products, before);
    store = await data.reopen(store);
    assert.deepEqual(store.catalog.data.products, [product(1)]);
  });

  it('categories given with an edit replace the old ones', async () => {
    let store = await data.open();
    await store.catalog.replace(catalogMeta, [product(1)]);
    const categories = [...catalogMeta.categories, { id: 99, slug: 'new', name: 'New', parent: 0 }];
    await store.catalog.change(() => ({ edit: { upsert: [], remove: [], categories }, result: null }));
    assert.deepEqual(store.catalog.data.categories, categories);
    store = await data.reopen(store);
    assert.deepEqual(store.catalog.data.categories, categories);
  });

  it('another instance applies the edits (refresh and notice), then reads on from the edited catalog', async () => {
    const a = await data.open();
    const b = await data.open({ watch: true });
    await a.catalog.replace(catalogMeta, [product(1), product(2)]);
    await b.refresh();
    const before = b.catalog.data.products;
    const heard = nextChange(b, 'catalog', options.catalogNoticeMs);
    await a.catalog.change(() => ({ edit: { upsert: [priced(2, 4)], remove: [1] }, result: null }));
    await heard;
    assert.deepEqual(b.catalog.data.products, [priced(2, 4)]);
    assert.deepEqual(
      b.catalog.editsSince(before),
      [{ upsert: [priced(2, 4)], remove: [1] }],
      'applied as an edit, not a reload',
    );
    // b edits on top of a's edit: b's change sees a's product.
    await b.catalog.change((catalog) => ({
      edit: { upsert: [{ ...catalog.products[0]!, title: 'B' }], remove: [] },
      result: null,
    }));
    await a.refresh();
    assert.equal(a.catalog.data.products[0]!.title, 'B');
    assert.equal(a.catalog.data.products[0]!.regular_price, 4);
  });

  it('concurrent stock takes across two instances never sell more than is in stock', async () => {
    const a = await data.open();
    const b = await data.open();
    await a.catalog.replace(catalogMeta, [priced(1, 10, 25)]);
    await b.refresh();
    const attempts = Array.from({ length: 40 }, (_, index) => takeStock(index % 2 ? a : b, 1, 1));
    const taken = (await Promise.all(attempts)).filter(Boolean).length;
    assert.equal(taken, 25, 'exactly the stock was taken');
    const reopened = await data.reopen(a);
    assert.equal(reopened.catalog.data.products[0]!.stock_quantity, 0);
  });

  it('a replace after edits wins over them, also after a reopen', async () => {
    let store = await data.open();
    await store.catalog.replace(catalogMeta, [product(1)]);
    await store.catalog.change(() => ({ edit: { upsert: [priced(1, 2), priced(2, 3)], remove: [] }, result: null }));
    await store.catalog.replace(catalogMeta, [product(5)]);
    store = await data.reopen(store);
    assert.deepEqual(store.catalog.data.products, [product(5)]);
  });

  it("remembers the highest id ever used, so that a deleted product's id is never given again", async () => {
    let store = await data.open();
    await store.catalog.replace(catalogMeta, [product(1), product(2)]);
    assert.equal(store.catalog.data.highest_id, undefined, 'nothing to remember while every id is in use');
    await store.catalog.change(() => ({ edit: { upsert: [product(7)], remove: [] }, result: null }));
    await store.catalog.change(() => ({ edit: { upsert: [], remove: [7] }, result: null }));
    assert.equal(highestItemId(store.catalog.data), 7);
    store = await data.reopen(store);
    assert.equal(highestItemId(store.catalog.data), 7, 'kept across a reopen');
    await store.catalog.replace(catalogMeta, [product(1)]);
    assert.equal(highestItemId(store.catalog.data), 7, 'a replace keeps the ids of the old catalog used');
    const other = await data.open();
    assert.equal(highestItemId(other.catalog.data), 7, 'another instance knows it');
  });
}
