// The Omnibus line must not cost one store query per card, nor show a stale price after a change.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { priceHistoriesOf, recordPriceChanges } from '../../../server/catalog/price-history-cache.js';
import type { PriceChange, Store } from '../../../server/store/store.js';

/** A store with only what the cache touches: the catalog's revision and an in-memory history that counts reads. */
function fakeStore() {
  const records: PriceChange[] = [];
  const reads: number[][] = [];
  const store = {
    catalog: { revision: 'r1' },
    priceHistory: {
      async append(changes: readonly PriceChange[]) {
        records.push(...changes);
      },
      async forItems(ids: readonly number[]) {
        reads.push([...ids]);
        return records.filter((record) => ids.includes(record.item_id));
      },
    },
  };
  return { store: store as unknown as Store, raw: store, reads };
}
const record = (item: number, regular: number): PriceChange => ({
  item_id: item,
  product_id: item,
  time: '2026-01-01T00:00:00.000Z',
  regular_price: regular,
  sale_price: null,
  date_on_sale_from: null,
  date_on_sale_to: null,
});

describe('priceHistoriesOf', () => {
  it('reads the missing items in one query, and none once they are cached', async () => {
    const { store, reads } = fakeStore();
    await recordPriceChanges(store, [record(1, 10), record(2, 20)]);
    const first = await priceHistoriesOf(store, [1, 2, 3]);
    assert.deepEqual(reads, [[1, 2, 3]]);
    assert.equal(first.get(1)![0]!.regular_price, 10);
    assert.deepEqual(first.get(3), [], 'an item without history is remembered as such');
    await priceHistoriesOf(store, [1, 2, 3]);
    await priceHistoriesOf(store, [2, 4]);
    assert.deepEqual(reads, [[1, 2, 3], [4]]);
  });

  it('reads again after an append through recordPriceChanges, and after the catalog changed', async () => {
    const { store, raw, reads } = fakeStore();
    await priceHistoriesOf(store, [1]);
    await recordPriceChanges(store, [record(1, 15)]);
    assert.equal((await priceHistoriesOf(store, [1])).get(1)![0]!.regular_price, 15);
    raw.catalog.revision = 'r2';
    await priceHistoriesOf(store, [1]);
    assert.equal(reads.length, 3);
  });

  it('does not keep what a read started before an append returned', async () => {
    const { store, raw, reads } = fakeStore();
    await recordPriceChanges(store, [record(2, 20)]);
    await priceHistoriesOf(store, [2]);
    let release!: () => void;
    const forItems = raw.priceHistory.forItems;
    raw.priceHistory.forItems = async (ids) => {
      const result = await forItems(ids);
      await new Promise<void>((resolve) => (release = resolve));
      return result;
    };
    const slowRead = priceHistoriesOf(store, [1, 2]);
    await new Promise((resolve) => setImmediate(resolve));
    await recordPriceChanges(store, [record(1, 30)]);
    release();
    const answered = await slowRead;
    assert.deepEqual(answered.get(1), [], 'the slow read answers what it read');
    assert.equal(answered.get(2)![0]!.regular_price, 20, 'and what was cached when it started');
    raw.priceHistory.forItems = forItems;
    assert.equal((await priceHistoriesOf(store, [1])).get(1)![0]!.regular_price, 30, 'and was not cached');
    assert.equal(reads.length, 3);
  });
});
