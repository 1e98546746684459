/**
 * Conformance: `Store.snapshots` keeps derived data (the facet index) beside the data: bytes come
 * back as written, a write replaces whole, large ones (many parts on PostgreSQL) survive, and another process
 * on the same data reads what one wrote.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, it } from 'node:test';
import { OpenedData, type FreshLocation } from './fixtures.js';

export function describeSnapshotsContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  it('reads back what was written, and null for a name never written', async () => {
    const store = await data.open();
    assert.equal(await store.snapshots.read('facets'), null);
    const bytes = randomBytes(1000);
    await store.snapshots.write('facets', bytes);
    assert.deepEqual(await store.snapshots.read('facets'), bytes);
    assert.equal(await store.snapshots.read('other'), null);
  });

  it('replaces a snapshot whole, whatever the sizes, and shows it to another process', async () => {
    const store = await data.open();
    const large = randomBytes(9 * 1024 * 1024 + 17);
    await store.snapshots.write('facets', large);
    const other = await data.open();
    assert.ok((await other.snapshots.read('facets'))!.equals(large));
    const small = randomBytes(10);
    await other.snapshots.write('facets', small);
    assert.deepEqual(await store.snapshots.read('facets'), small);
    await store.snapshots.write('facets', new Uint8Array(0));
    assert.deepEqual(await other.snapshots.read('facets'), Buffer.alloc(0));
  });

  it('refuses names that are not [a-z0-9-]', async () => {
    const store = await data.open();
    await assert.rejects(store.snapshots.write('../site', Buffer.from('x')), /Not a snapshot name/);
    await assert.rejects(store.snapshots.read('A B'), /Not a snapshot name/);
  });
}
