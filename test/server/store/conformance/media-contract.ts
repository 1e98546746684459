// Conformance: `store.media` keeps every byte, describes each file the same way on both stores, shares uploads
// between instances (one server uploads, another serves), survives a restart, and deletes for good; it finds an
// image by the address it was fetched from, and keeps resized variants beside their original, deleted with it.
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
    const a = await first.media.add(
      { filename: 'photo.jpg', title: 'Żółw photo', mime_type: 'image/jpeg', author_id: 3 },
      photo,
    );
    const b = await second.media.add(
      { filename: 'banner.png', title: 'Banner', mime_type: 'image/png', author_id: 4 },
      banner,
    );
    assert.deepEqual([a.id, b.id], [1, 2], 'ids are unique across instances');
    assert.deepEqual(
      { ...a, created_at: '' },
      {
        id: 1,
        filename: 'photo.jpg',
        title: 'Żółw photo',
        mime_type: 'image/jpeg',
        size: photo.length,
        author_id: 3,
        created_at: '',
        fetched_from: null,
      },
    );
    assert.ok(!Number.isNaN(Date.parse(a.created_at)));

    assert.deepEqual(
      (await first.media.list()).map((item) => item.id),
      [2, 1],
    );
    const read = await first.media.read(2);
    assert.deepEqual(read?.item, b);
    assert.ok(read?.bytes.equals(banner));
    const restarted = await data.reopen(first);
    assert.ok((await restarted.media.read(1))?.bytes.equals(photo), 'every byte survives a restart');
    assert.deepEqual(await restarted.media.get(1), a);

    assert.equal(await restarted.media.delete(1), true);
    assert.equal(await second.media.delete(1), false, 'gone for the other instance too');
    assert.equal(await second.media.read(1), null);
    assert.deepEqual(
      (await (await data.reopen(restarted)).media.list()).map((item) => item.id),
      [2],
    );
  });

  it('finds the newest item fetched from an address, on every instance and after a restart', async () => {
    const first = await data.open();
    const second = await data.open();
    const url = 'https://cdn.example/shirts/red.jpg?v=2';
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    assert.equal(await first.media.findFetched(url), null);
    const older = await first.media.add(
      { filename: 'red.jpg', title: 'red', mime_type: 'image/jpeg', author_id: 0, fetched_from: url },
      bytes,
    );
    const newer = await second.media.add(
      { filename: 'red.jpg', title: 'red', mime_type: 'image/jpeg', author_id: 0, fetched_from: url },
      bytes,
    );
    await first.media.add({ filename: 'upload.jpg', title: 'upload', mime_type: 'image/jpeg', author_id: 1 }, bytes);
    assert.equal(older.fetched_from, url);
    assert.deepEqual(await first.media.findFetched(url), newer, 'the newest one, seen by the other instance');
    assert.equal(await first.media.findFetched('https://cdn.example/shirts/red.jpg'), null, 'the exact address only');
    assert.deepEqual(await (await data.reopen(second)).media.findFetched(url), newer);
  });

  it('keeps resized variants beside their original, replaces them, and deletes them with it', async () => {
    const first = await data.open();
    const second = await data.open();
    const item = await first.media.add(
      { filename: 'photo.jpg', title: 'photo', mime_type: 'image/jpeg', author_id: 1 },
      Buffer.from([0xff, 0xd8, 0xff, 1]),
    );
    const small = Buffer.from('RIFF small WEBP');
    assert.equal(await first.media.readVariant(item.id, 300), null, 'none made yet');
    assert.equal(await first.media.saveVariant(item.id, 300, Buffer.from('RIFF old WEBP')), true);
    assert.equal(await second.media.saveVariant(item.id, 300, small), true, 'saving again replaces');
    assert.equal(await first.media.saveVariant(item.id, 600, Buffer.from('RIFF large WEBP')), true);
    assert.ok((await first.media.readVariant(item.id, 300))?.equals(small));
    assert.ok(
      (await (await data.reopen(second)).media.readVariant(item.id, 600))?.equals(Buffer.from('RIFF large WEBP')),
    );
    assert.equal(await first.media.readVariant(item.id, 1200), null);
    assert.equal(await first.media.saveVariant(999, 300, small), false, 'no variant of a missing item');
    assert.equal(await first.media.delete(item.id), true);
    assert.equal(await first.media.readVariant(item.id, 300), null, 'the variants went with the item');
    const again = await first.media.add(
      { filename: 'photo.jpg', title: 'photo', mime_type: 'image/jpeg', author_id: 1 },
      Buffer.from([0xff, 0xd8, 0xff, 2]),
    );
    assert.equal(await first.media.readVariant(again.id, 300), null, 'a new item starts without variants');
  });
}
