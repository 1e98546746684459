/**
 * `wc/v3` product writes that name images by the id of a media library item, as WooCommerce takes them: the product
 * gets the item's address (nothing is fetched), reads answer the id back, an id wins over `src`, and an unknown id is
 * WooCommerce's 400 `woocommerce_product_invalid_image_id`, changing nothing (in a batch: that item only).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { mediaUrl } from '../../../server/store/media-addresses.js';
import type { MediaItem } from '../../../server/store/media.js';
import { pictureBytes } from '../support/image-server.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

describe('wc/v3 product images by media id', () => {
  const suite = useTestServer();
  const write = (method: string, path: string, json: unknown) =>
    fetchJson(suite.server.restUrl(`/wc/v3${path}`), { method, json, headers: { authorization: suite.manager } });
  const product = (id: number) => suite.server.store.catalog.data.products.find((entry) => entry.id === id)!;
  let red: MediaItem;
  let blue: MediaItem;

  before(async () => {
    const { store } = suite.server;
    await store.catalog.load();
    red = await store.media.add(
      { filename: 'red-mug.png', title: 'Red mug', mime_type: 'image/png', author_id: 1 },
      await pictureBytes('png', '#c0392b', 40, 30),
    );
    blue = await store.media.add(
      { filename: 'blue-mug.jpg', title: 'Blue mug', mime_type: 'image/jpeg', author_id: 1 },
      await pictureBytes('jpeg', '#2c6fbb', 40, 30),
    );
  });

  it('creates a product with library images named by id, answered with their ids, and fetches nothing', async () => {
    const created = await write('POST', '/products', {
      name: 'Mug by ids',
      regular_price: '12',
      images: [{ id: red.id, alt: 'A red mug' }, { id: String(blue.id) }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.headers.get('x-vitrine-image-fetch'), null);
    assert.deepEqual(
      created.body.images.map((image: { id: number; src: string; alt: string }) => [image.id, image.src, image.alt]),
      [
        [red.id, `${suite.server.url}${mediaUrl(red)}`, 'A red mug'],
        [blue.id, `${suite.server.url}${mediaUrl(blue)}`, ''],
      ],
    );
    assert.equal(product(created.body.id).image, mediaUrl(red));
    assert.deepEqual(product(created.body.id).gallery, [mediaUrl(blue)]);
    const read = await fetchJson(suite.server.restUrl(`/wc/v3/products/${created.body.id}`), {
      headers: { authorization: suite.manager },
    });
    assert.deepEqual(read.body.images, created.body.images);
  });

  it('takes the id over src, and src when the id is 0', async () => {
    const id = (await write('POST', '/products', { name: 'Switched mug', regular_price: '9' })).body.id;
    const byId = await write('PUT', `/products/${id}`, {
      images: [{ id: blue.id, src: 'https://elsewhere.example/other.jpg' }],
    });
    assert.equal(byId.status, 200, JSON.stringify(byId.body));
    assert.equal(byId.headers.get('x-vitrine-image-fetch'), null);
    assert.equal(product(id).image, mediaUrl(blue));
    const bySrc = await write('PUT', `/products/${id}`, { images: [{ id: 0, src: mediaUrl(red) }] });
    assert.equal(bySrc.body.images[0].id, red.id, 'an address of a library item is that item');
    assert.equal(product(id).image, mediaUrl(red));
  });

  it("refuses an unknown id with WooCommerce's error, changing nothing", async () => {
    const id = (await write('POST', '/products', { name: 'Kept mug', regular_price: '9', images: [{ id: red.id }] }))
      .body.id;
    const refused = await write('PUT', `/products/${id}`, {
      name: 'Renamed',
      images: [{ id: red.id }, { id: 999999 }],
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(
      [refused.body.code, refused.body.message],
      ['woocommerce_product_invalid_image_id', '#999999 is an invalid image ID.'],
    );
    assert.deepEqual([product(id).title, product(id).image, product(id).gallery], ['Kept mug', mediaUrl(red), []]);
    const created = await write('POST', '/products', {
      name: 'Never made',
      regular_price: '1',
      images: [{ id: 999999 }],
    });
    assert.equal(created.body.code, 'woocommerce_product_invalid_image_id');
    assert.equal(
      suite.server.store.catalog.data.products.some((entry) => entry.title === 'Never made'),
      false,
    );
  });

  it("sets a variation's image by id", async () => {
    const parent = suite.server.store.catalog.data.products.find(
      (entry) => entry.type === 'variable' && (entry.variations?.length ?? 0) > 0,
    )!;
    const variation = parent.variations![0]!;
    const updated = await write('PUT', `/products/${parent.id}/variations/${variation.id}`, {
      image: { id: blue.id, alt: 'Blue' },
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.deepEqual([updated.body.image.id, updated.body.image.alt], [blue.id, 'Blue']);
    assert.equal(product(parent.id).variations!.find((entry) => entry.id === variation.id)!.image, mediaUrl(blue));
    const refused = await write('PUT', `/products/${parent.id}/variations/${variation.id}`, { image: { id: 999999 } });
    assert.equal(refused.body.code, 'woocommerce_product_invalid_image_id');
  });

  it('answers a batch item with an unknown id with its error and applies the others', async () => {
    const existing = (await write('POST', '/products', { name: 'Batch mug', regular_price: '9' })).body.id;
    const batch = await write('POST', '/products/batch', {
      create: [
        { name: 'Bad image', regular_price: '1', images: [{ id: 999999 }] },
        { name: 'Good image', regular_price: '1', images: [{ id: red.id }] },
      ],
      update: [{ id: existing, images: [{ id: 999998 }] }],
    });
    assert.equal(batch.status, 200, JSON.stringify(batch.body));
    assert.equal(batch.body.create[0].error.code, 'woocommerce_product_invalid_image_id');
    assert.equal(batch.body.create[1].images[0].id, red.id);
    assert.deepEqual(
      [batch.body.update[0].id, batch.body.update[0].error.code],
      [existing, 'woocommerce_product_invalid_image_id'],
    );
    assert.equal(product(existing).image, '');
  });
});
