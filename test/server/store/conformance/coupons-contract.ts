// Conformance: `store.coupons`, and the uses of a coupon counted by `store.orders.place` in the order's own operation.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, it } from 'node:test';
import type { Coupon, CouponUse, NewCoupon } from '../../../../server/store/coupons-store.js';
import type { CatalogData } from '../../../../server/catalog/model.js';
import type { Order } from '../../../../server/store/schema.js';
import { StoreConflictError, StoreNotFoundError, type Store } from '../../../../server/store/store.js';
import { catalogMeta, OpenedData, product, type FreshLocation } from './fixtures.js';
import { newOrderFixture } from './shop-contract.js';
import { blankCoupon } from '../../../../server/wc/wc-coupon-input.js';

const RACERS = 100;

export const newCoupon = (code: string, changes: Partial<NewCoupon> = {}): NewCoupon => ({
  ...blankCoupon('2026-03-01T10:00:00.000Z'),
  code,
  discount_type: 'percent',
  amount: 1000,
  ...changes,
});

/** The limits as a test states them on its own: the coupon exists, has uses left, and has uses left for `usedBy`. */
const limitsKept =
  (usedBy: string) =>
  (coupons: readonly (Coupon | null)[]): void => {
    for (const coupon of coupons) {
      if (!coupon) throw new Error('no such coupon');
      if (coupon.usage_limit !== null && coupon.usage_count >= coupon.usage_limit) throw new Error('used up');
      const mine = coupon.used_by.filter((user) => user === usedBy).length;
      if (coupon.usage_limit_per_user !== null && mine >= coupon.usage_limit_per_user)
        throw new Error('used up by you');
    }
  };

const use = (code: string, usedBy: string): CouponUse => ({ codes: [code], usedBy, check: limitsKept(usedBy) });

/** An order of one unit of product 1 that used `coupon`. */
const orderUsing = (coupon: Coupon, email: string) => ({
  ...newOrderFixture(email),
  coupon_lines: [{ coupon_id: coupon.id, code: coupon.code, discount: 105, discount_tax: 20 }],
});

const takeOne = (catalog: CatalogData) => {
  const current = catalog.products.find((candidate) => candidate.id === 1)!;
  return { upsert: [{ ...current, stock_quantity: current.stock_quantity - 1 }], remove: [] };
};

const stockOf = async (store: Store) => {
  await store.refresh();
  return store.catalog.data.products.find((candidate) => candidate.id === 1)!.stock_quantity;
};

export function describeCouponsContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  it('create() keeps the code in lower case and unique in any case; find, findByCode and list see it after a reopen', async () => {
    let store = await data.open({ watch: false });
    const created = await store.coupons.create(newCoupon('  Lato10 '));
    assert.deepEqual(created, { ...newCoupon('lato10'), id: created.id, usage_count: 0, used_by: [] });
    await assert.rejects(
      store.coupons.create(newCoupon('LATO10')),
      (error) => error instanceof StoreConflictError && error.field === 'code',
    );
    const other = await store.coupons.create(newCoupon('zima', { discount_type: 'fixed_cart', amount: 2500 }));
    store = await data.reopen(store, { watch: false });
    assert.deepEqual(await store.coupons.find(created.id), created);
    assert.deepEqual(await store.coupons.findByCode('LaTo10'), created);
    assert.equal(await store.coupons.findByCode('nothing'), null);
    assert.deepEqual(await store.coupons.list(), [created, other]);
  });

  it('update() changes a coupon but not its count, refuses another coupon code and an unknown id; remove() deletes it', async () => {
    const store = await data.open({ watch: false });
    const first = await store.coupons.create(newCoupon('first'));
    const second = await store.coupons.create(newCoupon('second'));
    const changed = await store.coupons.update(first.id, (coupon) => ({
      ...coupon,
      code: 'Renamed',
      amount: 1550,
      usage_count: 99,
      used_by: ['forged'],
    }));
    assert.deepEqual(changed, { ...first, code: 'renamed', amount: 1550 });
    await assert.rejects(
      store.coupons.update(first.id, (coupon) => ({ ...coupon, code: 'SECOND' })),
      (error) => error instanceof StoreConflictError && error.field === 'code',
    );
    await assert.rejects(
      store.coupons.update(second.id + 10, (coupon) => coupon),
      StoreNotFoundError,
    );
    assert.deepEqual(await store.coupons.find(first.id), changed);
    assert.deepEqual(await store.coupons.remove(second.id), second);
    assert.equal(await store.coupons.remove(second.id), null);
    assert.deepEqual(await store.coupons.list(), [changed]);
  });

  it(`gives the last use of a coupon to exactly one of ${RACERS} orders placed at once on two instances`, async () => {
    const [first, second] = [await data.open(), await data.open()];
    await first.catalog.replace(catalogMeta, [{ ...product(1), stock_quantity: 1000 }]);
    await second.refresh();
    const coupon = await first.coupons.create(newCoupon('last', { usage_limit: 3 }));
    for (const shopper of ['early1@example.com', 'early2@example.com']) {
      await first.orders.place(orderUsing(coupon, shopper), [], takeOne, undefined, use('last', shopper));
    }
    const results = await Promise.allSettled(
      Array.from({ length: RACERS }, (_, i) => {
        const shopper = `racer${i}@example.com`;
        const store = i % 2 ? second : first;
        return store.orders.place(orderUsing(coupon, shopper), [], takeOne, undefined, use('LAST', shopper));
      }),
    );
    const placed = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    assert.equal(placed.length, 1, `${placed.length} orders got the last use`);
    assert.deepEqual(new Set(refused), new Set(['Error: used up']));
    const reopened = await data.open({ watch: false });
    const stored = (await reopened.coupons.find(coupon.id))!;
    assert.equal(stored.usage_count, 3);
    assert.deepEqual(stored.used_by, ['early1@example.com', 'early2@example.com', placed[0]!.email]);
    assert.equal((await reopened.orders.list()).length, 3, 'the refused orders were not stored');
    assert.equal(await stockOf(reopened), 997, 'nor did they take stock');
  });

  it(`holds the per-customer limit when one customer places ${RACERS} orders at once with it`, async () => {
    const [first, second] = [await data.open(), await data.open()];
    await first.catalog.replace(catalogMeta, [{ ...product(1), stock_quantity: 1000 }]);
    await second.refresh();
    const coupon = await first.coupons.create(newCoupon('once', { usage_limit_per_user: 2 }));
    const results = await Promise.allSettled(
      Array.from({ length: RACERS }, (_, i) =>
        (i % 2 ? second : first).orders.place(
          orderUsing(coupon, 'same@example.com'),
          [],
          takeOne,
          undefined,
          use('once', 'same@example.com'),
        ),
      ),
    );
    assert.equal(results.filter((result) => result.status === 'fulfilled').length, 2);
    await first.orders.place(
      orderUsing(coupon, 'other@example.com'),
      [],
      takeOne,
      undefined,
      use('once', 'other@example.com'),
    );
    const stored = (await first.coupons.find(coupon.id))!;
    assert.equal(stored.usage_count, 3);
    assert.deepEqual([...stored.used_by].sort(), ['other@example.com', 'same@example.com', 'same@example.com']);
    assert.equal(await stockOf(first), 997);
  });

  it('stores the order with its coupon lines; a refused coupon (unknown code) stores no order, stock or use', async () => {
    let store = await data.open();
    await store.catalog.replace(catalogMeta, [{ ...product(1), stock_quantity: 5 }]);
    const coupon = await store.coupons.create(newCoupon('kept'));
    const placed = await store.orders.place(
      orderUsing(coupon, 'a@example.com'),
      [],
      takeOne,
      undefined,
      use('kept', 'a@example.com'),
    );
    assert.deepEqual(placed.coupon_lines, orderUsing(coupon, 'a@example.com').coupon_lines);
    await assert.rejects(
      store.orders.place(orderUsing(coupon, 'b@example.com'), [], takeOne, undefined, {
        codes: ['kept', 'unknown'],
        usedBy: 'b@example.com',
        check: limitsKept('b@example.com'),
      }),
      /no such coupon/,
    );
    store = await data.reopen(store);
    assert.deepEqual(await store.orders.find(placed.id), placed);
    assert.equal((await store.orders.list()).length, 1);
    assert.equal((await store.coupons.find(coupon.id))!.usage_count, 1);
    assert.equal(await stockOf(store), 4);
  });

  it("gives a cancelled order's coupon use back in the cancelling change, once, so another shopper can have it", async () => {
    let store = await data.open();
    await store.catalog.replace(catalogMeta, [{ ...product(1), stock_quantity: 5 }]);
    const coupon = await store.coupons.create(newCoupon('jeden', { usage_limit: 1 }));
    const placed = await store.orders.place(
      orderUsing(coupon, 'A@example.com'),
      [],
      takeOne,
      undefined,
      use('jeden', 'a@example.com'),
    );
    await assert.rejects(
      store.orders.place(orderUsing(coupon, 'b@example.com'), [], takeOne, undefined, use('jeden', 'b@example.com')),
      /used up/,
    );
    const cancel = (order: Order) => ({ order: { ...order, status: 'cancelled' as const }, result: null });
    await store.orders.change(placed.id, cancel);
    await store.orders.change(placed.id, cancel);
    store = await data.reopen(store);
    const released = (await store.coupons.find(coupon.id))!;
    assert.deepEqual([released.usage_count, released.used_by], [0, []]);
    await store.orders.place(
      orderUsing(coupon, 'b@example.com'),
      [],
      takeOne,
      undefined,
      use('jeden', 'b@example.com'),
    );
    assert.deepEqual((await store.coupons.find(coupon.id))!.used_by, ['b@example.com']);
  });
}
