// Conformance: `store.media` keeps every byte, describes each file the same way on both stores, shares uploads
// between instances (one server uploads, another serves), survives a restart, and deletes for good.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, it } from 'node:test';
import { OpenedData, type FreshLocation } from './fixtures.js';

export function describeMediaContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  it('stores bytes exactly, lists newest first, is seen by another instance and after a restart, and deletes', async () => {
    const first = await data.open();
    const second = await data.open();
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300_000)]);
    const banner = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const a = await first.media.add({ filename: 'photo.jpg', title: 'Żółw photo', mime_type: 'image/jpeg', author_id: 3 }, photo);
    const b = await second.media.add({ filename: 'banner.png', title: 'Banner', mime_type: 'image/png', author_id: 4 }, banner);
    assert.deepEqual([a.id, b.id], [1, 2], 'ids are unique across instances');
    assert.deepEqual({ ...a, created_at: '' }, { id: 1, filename: 'photo.jpg', title: 'Żółw photo', mime_type: 'image/jpeg', size: photo.length, author_id: 3, created_at: '' });
    assert.ok(!Number.isNaN(Date.parse(a.created_at)));

    assert.deepEqual((await first.media.list()).map((item) => item.id), [2, 1]);
    const read = await first.media.read(2);
    assert.deepEqual(read?.item, b);
    assert.ok(read?.bytes.equals(banner));
    const restarted = await data.reopen(first);
    assert.ok((await restarted.media.read(1))?.bytes.equals(photo), 'every byte survives a restart');
    assert.deepEqual(await restarted.media.get(1), a);

    assert.equal(await restarted.media.delete(1), true);
    assert.equal(await second.media.delete(1), false, 'gone for the other instance too');
    assert.equal(await second.media.read(1), null);
    assert.deepEqual((await (await data.reopen(restarted)).media.list()).map((item) => item.id), [2]);
  });
}
