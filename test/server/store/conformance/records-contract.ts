// Conformance: `store.consent` and `store.catalog`.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { Product } from '../../../../server/catalog/model.js';
import { catalogMeta, checkbox, consent, nextChange, OpenedData, product, type FreshLocation } from './fixtures.js';

export interface RecordsContractOptions {
  /** How long another instance may take to hear that the catalog was replaced (lowdb polls the file). */
  catalogNoticeMs: number;
}

const ids = (products: readonly Product[]) => products.map((p) => p.id);

export function describeRecordsContract(freshLocation: FreshLocation, options: RecordsContractOptions): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  describe('consent', () => {
    it('log() returns the records in order; counters() counts each as shown and as accepted when it was', async () => {
      let store = await data.open();
      await store.site.update((draft) => {
        draft.checkboxes.push(checkbox(1), checkbox(2));
        draft.last_ids.checkbox = 2;
      });
      assert.deepEqual(await store.consent.log(), []);
      assert.deepEqual(await store.consent.counters(), {});
      const first = [consent(1, true, 1), consent(2, false, 1), consent(1, false, 1)];
      const second = [consent(2, true, 2)];
      const third = [consent(1, true, 3), consent(1, true, 3)];
      await store.consent.record(first);
      await store.consent.record(second);
      await store.consent.record([]);
      await store.consent.record(third);
      const expectedCounters = { 1: { shown: 4, accepted: 3 }, 2: { shown: 2, accepted: 1 } };
      assert.deepEqual(await store.consent.log(), [...first, ...second, ...third]);
      assert.deepEqual(await store.consent.counters(), expectedCounters);
      store = await data.reopen(store);
      assert.deepEqual(await store.consent.log(), [...first, ...second, ...third]);
      assert.deepEqual(await store.consent.counters(), expectedCounters);
    });

    it('an empty list of records changes nothing', async () => {
      const store = await data.open();
      await store.site.update((draft) => {
        draft.checkboxes.push(checkbox(1));
      });
      await store.consent.record([]);
      assert.deepEqual(await store.consent.log(), []);
      assert.deepEqual(await store.consent.counters(), {});
      await store.consent.record([consent(1, false, 7)]);
      await store.consent.record([]);
      assert.deepEqual(await store.consent.log(), [consent(1, false, 7)]);
      assert.deepEqual(await store.consent.counters(), { 1: { shown: 1, accepted: 0 } });
    });

    it('records made through two instances all land in one log and one set of counters', async () => {
      const a = await data.open();
      const b = await data.open();
      await a.site.update((draft) => {
        draft.checkboxes.push(checkbox(1));
      });
      await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => a.consent.record([consent(1, true, i)])),
        ...Array.from({ length: 10 }, (_, i) => b.consent.record([consent(1, false, 10 + i)])),
      ]);
      const seconds = (await b.consent.log()).map((record) => Number(record.time.slice(17, 19))).sort((x, y) => x - y);
      assert.deepEqual(
        seconds,
        Array.from({ length: 20 }, (_, i) => i),
      );
      assert.deepEqual(await a.consent.counters(), { 1: { shown: 20, accepted: 10 } });
    });
  });

  describe('catalog', () => {
    it('is empty after open; replace with an array stores it, reports progress, and survives a reopen', async () => {
      let store = await data.open();
      assert.deepEqual(store.catalog.data, { categories: [], attributes: [], products: [] });
      const products = [product(3), product(1, 99.99), product(2)];
      const progress: number[] = [];
      await store.catalog.replace(catalogMeta, products, (written) => progress.push(written));
      assert.equal(progress.at(-1), 3, `progress ${JSON.stringify(progress)}`);
      assert.deepEqual(store.catalog.data, { ...catalogMeta, products: [product(3), product(1, 99.99), product(2)] });
      store = await data.reopen(store);
      assert.deepEqual(store.catalog.data, { ...catalogMeta, products: [product(3), product(1, 99.99), product(2)] });
    });

    it('replace streams a generator, replaces the whole catalog, and a reopened store reads the new one', async () => {
      let store = await data.open();
      await store.catalog.replace(catalogMeta, [product(1), product(2)]);
      const before = store.catalog.data.products;
      const count = 2500;
      let pulled = 0;
      function* generate(): Generator<Product> {
        for (let id = count; id >= 1; id--) {
          pulled++;
          yield product(id + 100, id / 4);
        }
      }
      const progress: number[] = [];
      const newMeta = { categories: [{ id: 7, slug: 'mugs', name: 'Mugs', parent: 0 }], attributes: [] };
      await store.catalog.replace(newMeta, generate(), (written) => progress.push(written));
      assert.equal(pulled, count);
      assert.equal(progress.at(-1), count, `progress ${JSON.stringify(progress)}`);
      assert.deepEqual(
        progress,
        [...progress].sort((x, y) => x - y),
        'progress only grows',
      );
      assert.notEqual(store.catalog.data.products, before, 'a new products array');
      const expectedIds = Array.from({ length: count }, (_, i) => count - i + 100);
      assert.deepEqual(ids(store.catalog.data.products), expectedIds);
      assert.deepEqual(store.catalog.data.products[count - 1], product(101, 0.25));
      assert.deepEqual(store.catalog.data.categories, newMeta.categories);
      store = await data.reopen(store);
      assert.deepEqual(ids(store.catalog.data.products), expectedIds, 'the old products 1 and 2 are gone');
      assert.deepEqual(store.catalog.data.categories, newMeta.categories);
      await store.catalog.replace(catalogMeta, []);
      // The replaced products' ids stay used (catalog-edits-contract): the empty catalog remembers the highest.
      assert.deepEqual((await data.reopen(store)).catalog.data, {
        ...catalogMeta,
        products: [],
        highest_id: count + 100,
      });
    });

    it("another instance hears onChange('catalog') and holds the new catalog", async () => {
      const a = await data.open();
      const b = await data.open({ watch: true });
      const heard = nextChange(b, 'catalog', options.catalogNoticeMs);
      await a.catalog.replace(catalogMeta, [product(5), product(6)]);
      await heard;
      assert.deepEqual(b.catalog.data, { ...catalogMeta, products: [product(5), product(6)] });
    });

    it("refresh() brings a catalog replaced by another instance up to date, with onChange('catalog')", async () => {
      const a = await data.open();
      const b = await data.open({ watch: false });
      const changes: string[] = [];
      b.onChange((change) => changes.push(change));
      await a.catalog.replace(catalogMeta, [product(8), product(9)]);
      await b.refresh();
      assert.deepEqual(b.catalog.data, { ...catalogMeta, products: [product(8), product(9)] });
      assert.deepEqual(changes, ['catalog']);
    });
  });
}
