// Conformance: `store.orders.place` takes the stock with the order, and `store.orders.change` gives it back with the
// order's change, each as one operation, on one instance or two.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, it } from 'node:test';
import type { CatalogData, Product } from '../../../../server/catalog/model.js';
import type { Order } from '../../../../server/store/schema.js';
import type { CatalogEdit, Store } from '../../../../server/store/store.js';
import { catalogMeta, checkbox, consent, OpenedData, product, type FreshLocation } from './fixtures.js';
import { newOrderFixture } from './shop-contract.js';
import { stockTakingEdit } from '../../../../server/shop/stock.js';

const stockOf = (store: Store, id: number) =>
  store.catalog.data.products.find((candidate) => candidate.id === id)!.stock_quantity;

/** Takes `quantity` of product 1, refusing when fewer are left. */
const take =
  (quantity: number) =>
  (catalog: CatalogData): CatalogEdit => {
    const current = catalog.products.find((candidate) => candidate.id === 1)!;
    if (current.stock_quantity < quantity) throw new Error(`only ${current.stock_quantity} left`);
    return { upsert: [{ ...current, stock_quantity: current.stock_quantity - quantity }], remove: [] };
  };

/** Cancels the order, giving its units of product 1 back unless it did already. */
const cancel = (order: Order, catalog: CatalogData | null) => {
  if (order.stock_returned) return { order, stock: null, result: false };
  const current: Product = catalog!.products.find((candidate) => candidate.id === 1)!;
  const quantity = order.lines[0]!.quantity;
  return {
    order: { ...order, status: 'cancelled' as const, stock_returned: true },
    stock: { upsert: [{ ...current, stock_quantity: current.stock_quantity + quantity }], remove: [] },
    result: true,
  };
};

export function describeOrderStockContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  it('place takes the stock and stores the order together; a refused take stores neither, nor its consent', async () => {
    let store = await data.open();
    await store.site.update((draft) => {
      draft.checkboxes.push(checkbox(1));
      draft.last_ids.checkbox = 1;
    });
    await store.catalog.replace(catalogMeta, [{ ...product(1), stock_quantity: 5 }]);
    const placed = await store.orders.place(newOrderFixture('a@example.com'), [consent(1, true, 1)], take(2));
    assert.equal(stockOf(store, 1), 3);
    await assert.rejects(
      store.orders.place(newOrderFixture('b@example.com'), [consent(1, true, 2)], take(4)),
      /only 3 left/,
    );
    assert.equal(stockOf(store, 1), 3);
    store = await data.reopen(store);
    assert.equal(stockOf(store, 1), 3);
    assert.deepEqual(
      (await store.orders.list()).map((order) => order.number),
      [placed.number],
    );
    assert.deepEqual(await store.orders.find(placed.id), placed);
    assert.deepEqual(
      (await store.consent.log()).map((record) => record.reference),
      [`order:${placed.number}`],
    );
  });

  it('keeps how stock is kept through an order and a reopen: untracked stays uncounted, backorders go below 0', async () => {
    let store = await data.open();
    await store.catalog.replace(catalogMeta, [
      { ...product(1), manage_stock: false, stock_quantity: 0 },
      { ...product(2), manage_stock: true, backorders: 'notify', stock_quantity: 1 },
    ]);
    const lines = [
      { product_id: 1, quantity: 3 },
      { product_id: 2, quantity: 3 },
    ];
    await store.orders.place(newOrderFixture('a@example.com'), [], (catalog) => stockTakingEdit(catalog, lines));
    store = await data.reopen(store);
    const [untracked, owed] = store.catalog.data.products;
    assert.deepEqual([untracked!.manage_stock, untracked!.stock_quantity, untracked!.in_stock], [false, 0, true]);
    assert.deepEqual(
      [owed!.manage_stock, owed!.backorders, owed!.stock_quantity, owed!.in_stock],
      [true, 'notify', -2, true],
    );
  });

  it('two instances placing orders for the last units at once: exactly the stock is sold', async () => {
    const first = await data.open();
    const second = await data.open();
    await first.catalog.replace(catalogMeta, [{ ...product(1), stock_quantity: 6 }]);
    await second.refresh();
    const attempts = Array.from({ length: 10 }, (_, index) =>
      (index % 2 ? first : second).orders.place(newOrderFixture(`o${index}@example.com`), [], take(1)),
    );
    const outcomes = await Promise.allSettled(attempts);
    assert.equal(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, 6);
    const reopened = await data.open();
    assert.equal(stockOf(reopened, 1), 0);
    assert.equal((await reopened.orders.list()).length, 6);
  });

  it('a change with the catalog gives the stock back once, however many instances try at once', async () => {
    const first = await data.open();
    await first.catalog.replace(catalogMeta, [{ ...product(1), stock_quantity: 5 }]);
    const placed = await first.orders.place(newOrderFixture('a@example.com'), [], take(2));
    const second = await data.open();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 ? first : second).orders.change(placed.id, cancel, { withCatalog: true }),
      ),
    );
    assert.equal(results.filter(Boolean).length, 1, 'one change gave the stock back');
    const reopened = await data.open();
    assert.equal(stockOf(reopened, 1), 5);
    const stored = (await reopened.orders.find(placed.id))!;
    assert.equal(stored.status, 'cancelled');
    assert.equal(stored.stock_returned, true);
  });

  it('a change that throws stores nothing, and an unknown order is refused', async () => {
    const store = await data.open();
    await store.catalog.replace(catalogMeta, [{ ...product(1), stock_quantity: 5 }]);
    const placed = await store.orders.place(newOrderFixture('a@example.com'), [], take(1));
    await assert.rejects(
      store.orders.change(
        placed.id,
        () => {
          throw new Error('refused');
        },
        { withCatalog: true },
      ),
      /refused/,
    );
    assert.deepEqual(await store.orders.find(placed.id), placed);
    await assert.rejects(store.orders.change(999, cancel), /no order/);
    assert.equal(stockOf(store, 1), 4);
  });
}
