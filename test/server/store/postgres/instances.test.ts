// Two PostgreSQL store instances on one database: catalog replace, refresh and change notifications.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Product } from '../../../../server/catalog/model.js';
import { openPostgresStore } from '../../../../server/store/postgres/index.js';
import type { Store, StoreChange } from '../../../../server/store/store.js';
import { createTestDatabase } from '../../../support/postgres.js';

let a: Store;
let b: Store;
let url: string;

before(async () => {
  url = await createTestDatabase();
  a = await openPostgresStore(url);
  b = await openPostgresStore(url);
});
after(() => Promise.all([a.close(), b.close()]));

const product = (id: number): Product => ({
  id,
  slug: `p-${id}`,
  title: `Product ${id}`,
  description: 'Żółty',
  sku: `SKU${id}`,
  category_ids: [1],
  brand: 'Acme',
  attributes: { color: ['Red'] },
  regular_price: 10.5,
  sale_price: null,
  rating: 4.5,
  rating_count: 3,
  in_stock: true,
  stock_quantity: 4,
  total_sales: id,
  created_at: '2026-01-02T03:04:05.000Z',
  image: '/p.png',
});
const meta = {
  categories: [{ id: 1, slug: 'c', name: 'C', parent: 0 }],
  attributes: [{ name: 'color', label: 'Colour' }],
};

function nextChange(store: Store, wanted: StoreChange): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${wanted} notification within 5 s`)), 5000);
    const stop = store.onChange((change) => {
      if (change !== wanted) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

test('catalog.replace writes in batches, in order, and another instance is notified and reloads it', async () => {
  const heard = nextChange(b, 'catalog');
  const progress: number[] = [];
  const ids = Array.from({ length: 2500 }, (_, i) => 2500 - i); // order is position, not id
  function* products() {
    for (const id of ids) yield product(id);
  }
  const before = a.catalog.data.products;
  const started = performance.now();
  await a.catalog.replace(meta, products(), (written) => progress.push(written));
  console.log(`# catalog.replace of 2,500 products: ${Math.round(performance.now() - started)} ms`);
  assert.deepEqual(progress, [1000, 2000, 2500]);
  assert.notEqual(a.catalog.data.products, before, 'a new products array');
  await heard;
  assert.deepEqual(
    b.catalog.data.products.map((p) => p.id),
    ids,
  );
  assert.deepEqual(b.catalog.data.products[0], product(2500));
  assert.deepEqual(b.catalog.data.categories, meta.categories);
  const reopened = await openPostgresStore(url, { listen: false });
  assert.equal(reopened.catalog.data.products.length, 2500);
  await reopened.close();
});

test('a site change by one instance is seen by the other after refresh(), with onChange("site")', async () => {
  const changes: StoreChange[] = [];
  const stop = b.onChange((change) => changes.push(change));
  await a.site.update((draft) => {
    draft.settings.general.shop_name = 'From A';
  });
  await b.refresh();
  assert.equal(b.site.data.settings.general.shop_name, 'From A');
  assert.ok(changes.includes('site'));
  stop();
});

test('an instance does not hear its own writes as changes from elsewhere', async () => {
  const changes: StoreChange[] = [];
  const stop = a.onChange((change) => changes.push(change));
  const heardByB = nextChange(b, 'site');
  await a.site.update((draft) => {
    draft.wizard.steps.one = true;
  });
  await heardByB;
  await a.refresh();
  assert.deepEqual(changes, []);
  stop();
});

test('the listening connection comes back after it drops, and changes made meanwhile are loaded', async () => {
  (b as unknown as { simulateListenerDrop(): void }).simulateListenerDrop();
  await a.catalog.replace(meta, [product(1)]);
  await nextChange(b, 'catalog');
  assert.deepEqual(
    b.catalog.data.products.map((p) => p.id),
    [1],
  );
  const heard = nextChange(b, 'catalog');
  await a.catalog.replace(meta, [product(2)]);
  await heard;
  assert.deepEqual(
    b.catalog.data.products.map((p) => p.id),
    [2],
  );
});
