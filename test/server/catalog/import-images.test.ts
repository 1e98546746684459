/**
 * "Images are the shop's own": a CSV that names images by URL (as WooCommerce's exporter does), imported
 * through the vitrine/v1 job on both stores. The products are stored at once; the images are fetched from a supplier
 * server started by the test into the media library (each address once), the products then name the library's
 * copies, every image /shop shows comes from the shop itself (checked in the HTML and fetched), a failing address
 * is reported with its row (and tried twice when trying again may help), and a product without a picture shows the
 * placeholder. The command `vitrine catalog import` does the same before it exits.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { catalogCsv } from '../support/catalog-csv.js';
import { vitrine } from '../support/processes.js';
import { startImageServer, type ImageServer } from '../support/image-server.js';
import { STORE_KINDS } from '../support/store-kinds.js';
import { fetchJson, startTestServer, type TestServer } from '../support/test-server.js';

/** The supplier's catalog: its products name their pictures by address on the image server. */
function supplierCatalog(images: ImageServer): string {
  const kitchen = { Type: 'simple', Published: 1, 'In stock?': 1, Categories: 'Kitchen' };
  return catalogCsv(
    [
      // No IDs: the products are new, and a merge matches them by SKU.
      // Two products share the red picture: it is fetched once.
      {
        ID: '',
        ...kitchen,
        SKU: 'IMG-1',
        Name: 'Red mug',
        'Regular price': '12.50',
        Stock: 4,
        Images: `${images.url('/red.png')}, ${images.url('/blue.jpg')}`,
      },
      { ...kitchen, SKU: 'IMG-2', Name: 'Red plate', 'Regular price': 20, Stock: 2, Images: images.url('/red.png') },
      { ...kitchen, SKU: 'IMG-3', Name: 'Lost bowl', 'Regular price': 9, Stock: 2, Images: images.url('/missing.jpg') },
      { ...kitchen, SKU: 'IMG-4', Name: 'Fake cup', 'Regular price': 7, Stock: 2, Images: images.url('/page.jpg') },
      {
        ...kitchen,
        SKU: 'IMG-5',
        Name: 'Huge jug',
        'Regular price': 30,
        Stock: 2,
        Images: images.url('/oversized.jpg'),
      },
      { ...kitchen, SKU: 'IMG-6', Name: 'Plain spoon', 'Regular price': 3, Stock: 9 },
    ],
    { lineEnd: '\r\n' },
  );
}

/** Every `<img>` of a page with its `src` and each `srcset` candidate's address. */
function imageAddresses(html: string): { tag: string; addresses: string[] }[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => {
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1] ?? '';
    const srcset = /\ssrcset="([^"]*)"/.exec(tag)?.[1] ?? '';
    const candidates = srcset
      .split(',')
      .map((entry) => entry.trim().split(/\s+/)[0]!)
      .filter(Boolean);
    return { tag, addresses: [src, ...candidates].map((address) => address.replaceAll('&amp;', '&')) };
  });
}

async function finishedJob(server: TestServer, authorization: string, jobPath: string): Promise<any> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const { status, body } = await fetchJson(server.restUrl(jobPath), { headers: { authorization } });
    assert.equal(status, 200, JSON.stringify(body));
    if (body.status !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`${jobPath} did not finish`);
}

for (const kind of STORE_KINDS) {
  describe(`importing a CSV whose images are URLs (${kind.name})`, () => {
    let images: ImageServer;
    let server: TestServer;
    let manager: string;
    let imageJob: any;
    before(async () => {
      images = await startImageServer();
      const env: NodeJS.ProcessEnv = { ...(await kind.freshShop()), IMAGE_FETCH_ALLOW_HOSTS: '127.0.0.1' };
      server = await startTestServer({ dataDir: env.DATA_DIR, env });
      manager = await server.basicAuthFor('shop_manager');
      const upload = await fetchJson(server.restUrl('/vitrine/v1/catalog/import?mode=replace'), {
        method: 'POST',
        headers: { authorization: manager, 'content-type': 'text/csv' },
        body: supplierCatalog(images),
      });
      assert.equal(upload.status, 202, JSON.stringify(upload.body));
      const job = await finishedJob(server, manager, `/vitrine/v1/catalog/import/${upload.body.id}`);
      assert.equal(job.status, 'done', job.error);
      assert.equal(job.report.applied, true);
      assert.ok(job.images, 'the import names its image job');
      imageJob = await finishedJob(server, manager, `/vitrine/v1/media/fetches/${job.images.id}`);
    });
    after(async () => {
      await server?.stop();
      await images?.close();
    });

    it('fetches each address once into the media library, and the products name its copies', async () => {
      assert.equal(imageJob.status, 'done', imageJob.error);
      assert.equal(imageJob.percent, 100);
      assert.deepEqual([imageJob.images, imageJob.fetched, imageJob.failed], [5, 2, 3]);
      assert.equal(images.hits('/red.png'), 1, 'the address two products share is fetched once');
      const media = await server.store.media.list();
      assert.deepEqual(media.map((item) => [item.mime_type, item.fetched_from]).sort(), [
        ['image/jpeg', images.url('/blue.jpg')],
        ['image/png', images.url('/red.png')],
      ]);
      const bySku = new Map(server.store.catalog.data.products.map((product) => [product.sku, product]));
      const red = media.find((item) => item.mime_type === 'image/png')!;
      const blue = media.find((item) => item.mime_type === 'image/jpeg')!;
      assert.equal(bySku.get('IMG-1')?.image, `/media/uploads/${red.id}/${red.filename}`);
      assert.deepEqual(bySku.get('IMG-1')?.gallery, [`/media/uploads/${blue.id}/${blue.filename}`]);
      assert.equal(bySku.get('IMG-2')?.image, bySku.get('IMG-1')?.image);
      assert.equal(
        bySku.get('IMG-3')?.image,
        images.url('/missing.jpg'),
        'a failed address stays, to be fetched by a later import',
      );
      assert.ok(
        (await server.store.media.read(red.id))?.bytes.equals(images.png),
        'the bytes as the supplier sent them',
      );
    });

    it('reports each failing address with its row and reason, tried again once when that may help', () => {
      const byRow = new Map(imageJob.problems.map((problem: any) => [problem.row, problem]));
      assert.deepEqual([...byRow.keys()].sort(), [4, 5, 6]);
      assert.deepEqual(byRow.get(4), {
        row: 4,
        column: 'Images',
        url: images.url('/missing.jpg'),
        reason: 'was answered 404 Not Found',
        attempts: 2,
      });
      assert.equal(images.hits('/missing.jpg'), 2, 'retried once');
      assert.match((byRow.get(5) as any).reason, /is HTML or SVG, not a picture/);
      assert.equal((byRow.get(5) as any).attempts, 1, 'content that is not an image is not asked for again');
      assert.match((byRow.get(6) as any).reason, /is larger than 8 MB/);
    });

    it('shows on /shop only images served by the shop itself, each an image, and the placeholder for the others', async () => {
      const page = await fetch(`${server.url}/shop`);
      assert.match(
        page.headers.get('content-security-policy') ?? '',
        /img-src 'self' data:/,
        'the policy still allows only own images',
      );
      const html = await page.text();
      const tags = imageAddresses(html).filter((tag) => /facet-filter__image/.test(tag.tag));
      assert.ok(tags.length >= 6, 'a picture per card');
      const addresses = new Set(tags.flatMap((tag) => tag.addresses));
      for (const address of addresses) {
        const url = new URL(address, server.url);
        assert.equal(url.origin, server.url, `${address} is on the shop's own origin`);
        const response = await fetch(url);
        assert.equal(response.status, 200, address);
        assert.match(response.headers.get('content-type') ?? '', /^image\/(webp|png|jpeg|svg\+xml)/, address);
        await response.arrayBuffer();
      }
      const mug = tags.find((tag) => /alt="Red mug"/.test(tag.tag))!;
      assert.match(mug.tag, /srcset="[^"]*300w[^"]*600w[^"]*1200w"/);
      assert.match(mug.tag, /sizes="/);
      const variant = await fetch(new URL(mug.addresses.find((address) => address.includes('/300w/'))!, server.url));
      assert.equal(variant.headers.get('content-type'), 'image/webp');
      assert.match(variant.headers.get('cache-control') ?? '', /max-age=31536000, immutable/);
      const placeholders = tags.filter((tag) => tag.addresses[0] === '/media/placeholder.svg');
      assert.equal(placeholders.length, 4, 'the spoon without a picture, and the three whose picture failed');
      assert.ok(!/loading="lazy"/.test(tags[0]!.tag), 'the first row loads at once');
      assert.match(tags.at(-1)!.tag, /loading="lazy"/, 'cards below it load lazily');
    });
  });
}

describe('vitrine catalog import with image URLs', () => {
  let images: ImageServer;
  before(async () => {
    images = await startImageServer();
  });
  after(() => images?.close());

  it('fetches the images before it exits, lists each failure with its row on stderr, and exits 1', async () => {
    const env: NodeJS.ProcessEnv = { ...(await STORE_KINDS[0]!.freshShop()), IMAGE_FETCH_ALLOW_HOSTS: '127.0.0.1' };
    const file = path.join(env.DATA_DIR!, 'products.csv');
    await writeFile(file, supplierCatalog(images));
    const outcome = await vitrine(['catalog', 'import', file, '--mode', 'merge', '--data', env.DATA_DIR!], env);
    assert.equal(outcome.code, 1, outcome.stderr);
    assert.match(
      outcome.stderr,
      new RegExp(
        `row 4, Images: ${images.url('/missing.jpg').replace(/[.?]/g, '\\$&')} was answered 404 Not Found \\(tried twice\\); the product is kept`,
      ),
    );
    assert.match(outcome.stderr, /row 5, Images: .* is HTML or SVG/);
    assert.match(
      outcome.stdout,
      /Images: 2 fetched, 0 already in the media library, 3 failed; 2 products now show the media library's copies/,
    );
    const server = await startTestServer({ dataDir: env.DATA_DIR, env });
    try {
      const mug = server.store.catalog.data.products.find((product) => product.sku === 'IMG-1');
      assert.match(mug?.image ?? '', /^\/media\/uploads\/\d+\/red\.png$/);
      const again = await vitrine(['catalog', 'import', file, '--mode', 'replace', '--data', env.DATA_DIR!], env);
      assert.match(
        again.stdout,
        /Images: 0 fetched, 2 already in the media library/,
        'an address fetched before is reused',
      );
    } finally {
      await server.stop();
    }
  });
});
