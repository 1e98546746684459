/**
 * On the data folder: the catalog journal line that moves an order's stock carries the order, and is
 * the one write that commits both. A process killed after that line but before orders.json (or the consent log) was
 * written leaves the order to be stored by the next start or writer, exactly once: here the files are put back as
 * such a crash leaves them, and a reopened store must show the order, its consent proof and the stock that agree.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Order } from '../../../server/store/schema.js';
import { catalogMeta, consent, product } from './conformance/fixtures.js';
import { stock, take, useCrashFolder } from './conformance/journal-crash.js';
import { newOrderFixture } from './conformance/shop-contract.js';
import { newCoupon } from './conformance/coupons-contract.js';
import type { Coupon } from '../../../server/store/coupons-store.js';

const giveBack = (order: Order, catalog: { products: readonly ReturnType<typeof product>[] } | null) => {
  if (order.stock_returned) return { order, result: false };
  const current = catalog!.products.find((candidate) => candidate.id === 1)!;
  return {
    order: { ...order, status: 'cancelled' as const, stock_returned: true },
    stock: { upsert: [{ ...current, stock_quantity: current.stock_quantity + order.lines[0]!.quantity }], remove: [] },
    result: true,
  };
};

describe('lowdb: an order and its stock survive a crash between the journal and orders.json', () => {
  const { open, file, fileNow, putBack: putBackFile } = useCrashFolder('vitrine-order-journal-');
  /** orders.json as it is now (null: not written yet), to put back as a crash would have left it. */
  const ordersFile = () => fileNow('orders.json');
  const putBack = (content: string | null) => putBackFile('orders.json', content);

  it('stores an order whose stock line was written but not its file nor its consent, once, with the same number', async () => {
    const store = await open();
    const before = await ordersFile();
    const placed = await store.orders.place(newOrderFixture('a@example.com'), [consent(1, true, 1)], take(2));
    // The crash: orders.json and the consent log as they were before the order; the journal line is on disk.
    await putBack(before);
    await writeFile(file('consent-log.ndjson'), '');
    const restarted = await open();
    assert.equal(stock(restarted), 3);
    assert.deepEqual(await restarted.orders.find(placed.id), placed);
    assert.deepEqual(
      (await restarted.consent.log()).map((record) => record.reference),
      [`order:${placed.number}`],
    );
    const next = await restarted.orders.place(newOrderFixture('b@example.com'), [], take(1));
    assert.equal(next.id, placed.id + 1, 'the next order takes the next number');
    const again = await open();
    assert.equal((await again.orders.list()).length, 2);
    assert.equal((await again.consent.log()).length, 1, 'the consent proof is not written twice');
  });

  it('counts the coupon use of an order whose line was written but not its file, once, so the last use stays used', async () => {
    const store = await open();
    const coupon = await store.coupons.create(newCoupon('last', { usage_limit: 1 }));
    const before = await ordersFile();
    const use = {
      codes: ['last'],
      usedBy: 'a@example.com',
      check: (coupons: readonly (Coupon | null)[]) => {
        if (coupons.some((found) => !found || found.usage_count >= (found.usage_limit ?? Infinity))) {
          throw new Error('used up');
        }
      },
    };
    const order = {
      ...newOrderFixture('a@example.com'),
      coupon_lines: [{ coupon_id: coupon.id, code: 'last', discount: 100, discount_tax: 19 }],
    };
    const placed = await store.orders.place(order, [], take(1), undefined, use);
    await putBack(before);
    const restarted = await open();
    assert.deepEqual(await restarted.orders.find(placed.id), placed);
    const counted = (await restarted.coupons.find(coupon.id))!;
    assert.deepEqual([counted.usage_count, counted.used_by], [1, ['a@example.com']]);
    await assert.rejects(
      restarted.orders.place({ ...order, email: 'b@example.com' }, [], take(1), undefined, use),
      /used up/,
    );
    const again = await open();
    assert.equal((await again.coupons.find(coupon.id))!.usage_count, 1, 'settled once, not on every start');
  });

  it("gives a cancelled order's coupon use back with its stock when only the journal line survived, once", async () => {
    const store = await open();
    const coupon = await store.coupons.create(newCoupon('zwrot', { usage_limit: 1 }));
    const order = {
      ...newOrderFixture('a@example.com'),
      coupon_lines: [{ coupon_id: coupon.id, code: 'zwrot', discount: 100, discount_tax: 19 }],
    };
    const use = { codes: ['zwrot'], usedBy: 'a@example.com', check: () => {} };
    const placed = await store.orders.place(order, [], take(2), undefined, use);
    const before = await ordersFile();
    assert.equal(await store.orders.change(placed.id, giveBack, { withCatalog: true }), true);
    await putBack(before);
    const restarted = await open();
    assert.equal(stock(restarted), 5);
    assert.deepEqual((await restarted.coupons.find(coupon.id))!.used_by, []);
    assert.equal(await restarted.orders.change(placed.id, giveBack, { withCatalog: true }), false);
    assert.equal((await (await open()).coupons.find(coupon.id))!.usage_count, 0, 'given back once');
  });

  it('records a stock return whose line was written but not its order, so that it is never given back twice', async () => {
    const store = await open();
    const placed = await store.orders.place(newOrderFixture('a@example.com'), [], take(2));
    const before = await ordersFile();
    assert.equal(await store.orders.change(placed.id, giveBack, { withCatalog: true }), true);
    await putBack(before);
    const restarted = await open();
    assert.equal(stock(restarted), 5);
    const stored = (await restarted.orders.find(placed.id))!;
    assert.deepEqual([stored.status, stored.stock_returned], ['cancelled', true]);
    assert.equal(await restarted.orders.change(placed.id, giveBack, { withCatalog: true }), false);
    assert.equal(stock(restarted), 5);
  });

  it('a running instance settles what a process that died left, before its own next stock change', async () => {
    const running = await open();
    const dying = await open();
    const before = await ordersFile();
    const placed = await dying.orders.place(newOrderFixture('a@example.com'), [], take(2));
    await putBack(before);
    // The running instance places an order after the crash: it must not reuse the dead one's number.
    const next = await running.orders.place(newOrderFixture('b@example.com'), [], take(1));
    assert.equal(next.id, placed.id + 1);
    assert.deepEqual((await running.orders.list()).map((order) => order.id).sort(), [placed.id, next.id]);
    assert.equal(stock(running), 2);
  });

  it('a catalog replaced after such a crash keeps the order the emptied journal held', async () => {
    const running = await open();
    const dying = await open();
    const before = await ordersFile();
    const placed = await dying.orders.place(newOrderFixture('a@example.com'), [consent(1, true, 1)], take(2));
    await putBack(before);
    await writeFile(file('consent-log.ndjson'), '');
    // A replace rewrites catalog.json and empties the journal: the order it carried must be stored first.
    await running.catalog.replace(catalogMeta, [{ ...product(1), stock_quantity: 9 }]);
    assert.deepEqual(await running.orders.find(placed.id), placed);
    assert.deepEqual(
      (await running.consent.log()).map((record) => record.reference),
      [`order:${placed.number}`],
    );
  });
});

describe("lowdb: an order's messages survive the same crash", () => {
  const { open, file, fileNow, putBack } = useCrashFolder('vitrine-order-journal-mail-');
  const message = (id: string) => ({
    kind: 'order-confirmation',
    to: 'a@example.com',
    reply_to: null,
    subject: id,
    text: id,
    html: `<p>${id}</p>`,
    message_id: `<${id}@shop.test>`,
    redact: [],
    created_at: new Date().toISOString(),
  });

  it('queues the confirmation of an order whose journal line was written but not orders.json, once', async () => {
    const store = await open();
    const before = await fileNow('orders.json');
    const placed = await store.orders.place(newOrderFixture('a@example.com'), [], take(1), (order) => [
      message(`confirm-${order.number}`),
    ]);
    await putBack('orders.json', before);
    const restarted = await open();
    assert.deepEqual(await restarted.orders.find(placed.id), placed);
    const { messages } = await restarted.outbox.list({ page: 1, perPage: 10 });
    assert.deepEqual(
      messages.map((queued) => queued.message_id),
      [`<confirm-${placed.number}@shop.test>`],
    );
    const again = await open();
    assert.equal((await again.outbox.list({ page: 1, perPage: 10 })).total, 1, 'not queued twice');
  });

  it('queues the message of a stock-returning move whose line was written but not orders.json', async () => {
    const store = await open();
    const placed = await store.orders.place(newOrderFixture('a@example.com'), [], take(2));
    const before = await readFile(file('orders.json'), 'utf8');
    await store.orders.change(
      placed.id,
      (order, catalog) => ({ ...giveBack(order, catalog), outbox: [message('cancelled')] }),
      { withCatalog: true },
    );
    await writeFile(file('orders.json'), before);
    const restarted = await open();
    assert.equal((await restarted.orders.find(placed.id))!.stock_returned, true);
    assert.deepEqual(
      (await restarted.outbox.list({ page: 1, perPage: 10 })).messages.map((queued) => queued.message_id),
      ['<cancelled@shop.test>'],
    );
  });
});
