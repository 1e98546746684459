/**
 * `wc/v3` product writes whose `images[].src` name images elsewhere. The write is answered at once with
 * the job that fetches them (`X-Vitrine-Image-Fetch`); the product then names the media library's copy, a failing
 * address is reported by its field, and an address on the shop itself (a client writing back what GET answered) is
 * shortened to its path, never fetched.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startImageServer, type ImageServer } from '../support/image-server.js';
import { fetchJson, startTestServer, type TestServer } from '../support/test-server.js';

describe('wc/v3 product writes with images by URL', () => {
  let images: ImageServer;
  let server: TestServer;
  let manager: string;
  const write = (method: string, restPath: string, json: unknown) =>
    fetchJson(server.restUrl(`/wc/v3${restPath}`), { method, headers: { authorization: manager }, json });
  async function finishedJob(address: string | null): Promise<any> {
    assert.ok(address, 'the answer names the image job');
    for (let attempt = 0; attempt < 400; attempt++) {
      const { status, body } = await fetchJson(address, { headers: { authorization: manager } });
      assert.equal(status, 200, JSON.stringify(body));
      if (body.status !== 'running') return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail('the image job did not finish');
  }
  const product = (id: number) => server.store.catalog.data.products.find((entry) => entry.id === id)!;

  before(async () => {
    images = await startImageServer();
    server = await startTestServer({ env: { IMAGE_FETCH_ALLOW_HOSTS: '127.0.0.1' } });
    manager = await server.basicAuthFor('shop_manager');
  });
  after(async () => {
    await server?.stop();
    await images?.close();
  });

  it('creates the product at once, then swaps its picture for the media library copy; a failure names its field', async () => {
    const created = await write('POST', '/products', {
      name: 'Fetched mug',
      regular_price: '10',
      images: [{ src: images.url('/red.png') }, { src: images.url('/missing.jpg') }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.images[0].src, images.url('/red.png'), 'answered before the image is fetched');
    const job = await finishedJob(created.headers.get('x-vitrine-image-fetch'));
    assert.deepEqual([job.status, job.fetched, job.failed], ['done', 1, 1]);
    assert.deepEqual(job.problems, [
      { field: 'images[1].src', url: images.url('/missing.jpg'), reason: 'was answered 404 Not Found', attempts: 2 },
    ]);
    const stored = product(created.body.id);
    assert.match(stored.image, /^\/media\/uploads\/\d+\/red\.png$/);
    const answered = await fetchJson(server.restUrl(`/wc/v3/products/${created.body.id}`), {
      headers: { authorization: manager },
    });
    assert.equal(answered.body.images[0].src, `${server.url}${stored.image}`, "the API names the shop's own copy");
  });

  it("names each batch item's images by their place in the request, and reuses an image fetched before", async () => {
    const batch = await write('POST', '/products/batch', {
      create: [
        { name: 'No picture', regular_price: '1' },
        {
          name: 'Blue bowl',
          regular_price: '5',
          images: [{ src: images.url('/blue.jpg') }, { src: images.url('/page.jpg') }],
        },
      ],
      update: [],
    });
    assert.equal(batch.status, 200, JSON.stringify(batch.body));
    const job = await finishedJob(batch.headers.get('x-vitrine-image-fetch'));
    assert.equal(job.problems.length, 1);
    assert.equal(job.problems[0].field, 'create[1].images[1].src');
    assert.match(job.problems[0].reason, /is HTML or SVG/);
    assert.match(product(batch.body.create[1].id).image, /^\/media\/uploads\/\d+\/blue\.jpg$/);

    const hits = images.hits('/red.png');
    const again = await write('POST', '/products', {
      name: 'Another red mug',
      regular_price: '11',
      images: [{ src: images.url('/red.png') }],
    });
    const reused = await finishedJob(again.headers.get('x-vitrine-image-fetch'));
    assert.deepEqual([reused.fetched, reused.reused], [0, 1]);
    assert.equal(images.hits('/red.png'), hits, 'not fetched again');
  });

  it("keeps the shop's own absolute addresses as paths without fetching them, and starts no job without images", async () => {
    const created = await write('POST', '/products', {
      name: 'Round trip',
      regular_price: '3',
      images: [{ src: images.url('/red.png') }],
    });
    await finishedJob(created.headers.get('x-vitrine-image-fetch'));
    const answered = await fetchJson(server.restUrl(`/wc/v3/products/${created.body.id}`), {
      headers: { authorization: manager },
    });
    const written = await write('PUT', `/products/${created.body.id}`, { images: answered.body.images });
    const job = await finishedJob(written.headers.get('x-vitrine-image-fetch'));
    assert.deepEqual([job.own, job.fetched, job.failed], [1, 0, 0]);
    assert.equal(product(created.body.id).image, new URL(answered.body.images[0].src).pathname);
    const priced = await write('PUT', `/products/${created.body.id}`, { regular_price: '4' });
    assert.equal(priced.status, 200);
    assert.equal(priced.headers.get('x-vitrine-image-fetch'), null);
  });
});
