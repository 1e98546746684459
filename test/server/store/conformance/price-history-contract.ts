// Conformance: `store.priceHistory`, append-only and read per item.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, it } from 'node:test';
import type { PriceChange } from '../../../../server/store/store.js';
import { OpenedData, type FreshLocation } from './fixtures.js';

const change = (
  item: number,
  product: number,
  day: number,
  regular: number,
  sale: number | null = null,
): PriceChange => ({
  item_id: item,
  product_id: product,
  time: new Date(Date.UTC(2026, 0, day)).toISOString(),
  regular_price: regular,
  sale_price: sale,
  date_on_sale_from: sale === null ? null : new Date(Date.UTC(2026, 0, day + 1)).toISOString(),
  date_on_sale_to: null,
});

export function describePriceHistoryContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  it('forItems() returns the changes of the asked items only, oldest first, also after a restart', async () => {
    let store = await data.open({ watch: false });
    assert.deepEqual(await store.priceHistory.forItems([1]), []);
    const first = [change(1, 1, 1, 10), change(7, 5, 1, 20.5), change(8, 5, 1, 21)];
    const second = [change(7, 5, 3, 20.5, 15.99), change(1, 1, 4, 12)];
    await store.priceHistory.append(first);
    await store.priceHistory.append([]);
    await store.priceHistory.append(second);
    const expected = [first[0]!, first[1]!, second[0]!, second[1]!];
    assert.deepEqual(await store.priceHistory.forItems([7, 1]), expected);
    assert.deepEqual(await store.priceHistory.forItems([8]), [first[2]]);
    assert.deepEqual(await store.priceHistory.forItems([]), []);
    store = await data.reopen(store, { watch: false });
    assert.deepEqual(await store.priceHistory.forItems([1, 7]), expected);
  });

  it('a change appended by one instance is read by another at once', async () => {
    const writer = await data.open({ watch: false });
    const reader = await data.open({ watch: false });
    await writer.priceHistory.append([change(3, 3, 2, 9.99)]);
    assert.deepEqual(await reader.priceHistory.forItems([3]), [change(3, 3, 2, 9.99)]);
  });

  it("an import's worth of changes (megabytes, read in slices) is read back whole after a restart, each item's in order", async () => {
    let store = await data.open({ watch: false });
    const changes = Array.from({ length: 12_000 }, (_, at) =>
      change(at % 4000, at % 4000, 1 + Math.floor(at / 4000), 10 + at / 100, at % 3 === 0 ? 5 : null),
    );
    await store.priceHistory.append(changes);
    assert.deepEqual(await store.priceHistory.all(), changes, 'as the instance that appended them knows them');
    store = await data.reopen(store, { watch: false });
    assert.deepEqual(await store.priceHistory.all(), changes);
    assert.deepEqual(await store.priceHistory.forItems([3999, 0]), [
      changes[0],
      changes[3999],
      changes[4000],
      changes[7999],
      changes[8000],
      changes[11999],
    ]);
  });

  it("two instances appending in turn each read both's changes, in the order they were appended", async () => {
    const one = await data.open({ watch: false });
    const other = await data.open({ watch: false });
    assert.deepEqual(await one.priceHistory.forItems([1]), []);
    await one.priceHistory.append([change(1, 1, 1, 10)]);
    await other.priceHistory.append([change(1, 1, 2, 11)]);
    await one.priceHistory.append([change(1, 1, 3, 12)]);
    const expected = [change(1, 1, 1, 10), change(1, 1, 2, 11), change(1, 1, 3, 12)];
    assert.deepEqual(await one.priceHistory.forItems([1]), expected);
    assert.deepEqual(await other.priceHistory.forItems([1]), expected);
    await other.priceHistory.append([change(1, 1, 4, 13)]);
    assert.deepEqual(await one.priceHistory.all(), [...expected, change(1, 1, 4, 13)]);
  });
}
