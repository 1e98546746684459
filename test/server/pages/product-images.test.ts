/**
 * Pictures on cards and product pages. A media-library image is offered as resized WebP variants from the
 * shop itself (`srcset`, `sizes`), made once and then served from the store; a product without a picture, or whose
 * picture is still an address elsewhere, shows the shop's placeholder; the demo's drawn SVGs stay as they are.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import sharp from 'sharp';
import { pictureBytes } from '../support/image-server.js';
import { useTestServer } from '../support/test-server.js';
import { SMALL_CATALOG } from '../support/small-catalog.js';

describe('product pictures on the storefront', () => {
  const suite = useTestServer();
  let photo = '';
  let photoId = 0;
  before(async () => {
    const store = suite.server.store;
    const item = await store.media.add(
      { filename: 'scarf.jpg', title: 'scarf', mime_type: 'image/jpeg', author_id: 1 },
      await pictureBytes('jpeg', '#884422', 2000, 1500),
    );
    photoId = item.id;
    photo = `/media/uploads/${item.id}/scarf.jpg`;
    const { products, ...meta } = structuredClone(SMALL_CATALOG);
    products[0]!.image = photo;
    products[1]!.image = '';
    products[2]!.image = 'https://elsewhere.example/gloves.jpg';
    await store.catalog.replace(meta, products);
  });
  const page = async (path: string) => (await fetch(`${suite.server.url}${path}`)).text();
  const imageTag = (html: string, className: string, alt: string) =>
    [...html.matchAll(/<img\b[^>]*>/g)]
      .map(([tag]) => tag)
      .find(
        (tag) => tag.includes(className) && (alt === '' ? tag.includes('--placeholder') : tag.includes(`alt="${alt}"`)),
      );

  it('offers a media-library picture in three widths of WebP from the shop, made once', async () => {
    const html = await page('/product/rated-scarf');
    const tag = imageTag(html, 'product__image', 'Rated Scarf');
    assert.ok(tag, html.slice(0, 500));
    assert.match(
      tag,
      new RegExp(
        `srcset="/media/uploads/${photoId}/300w/scarf.webp 300w, /media/uploads/${photoId}/600w/scarf.webp 600w, /media/uploads/${photoId}/1200w/scarf.webp 1200w"`,
      ),
    );
    assert.match(tag, /sizes="\(max-width: 40rem\) 100vw, 480px"/);
    assert.match(tag, /fetchpriority="high"/, "the product page's picture is not lazy");
    assert.doesNotMatch(tag, /loading="lazy"/);
    const variant = await fetch(`${suite.server.url}/media/uploads/${photoId}/600w/scarf.webp`);
    assert.equal(variant.status, 200);
    assert.equal(variant.headers.get('content-type'), 'image/webp');
    assert.match(variant.headers.get('cache-control') ?? '', /immutable/);
    const { width, format } = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    assert.deepEqual([format, width], ['webp', 600]);
    assert.ok(await suite.server.store.media.readVariant(photoId, 600), 'kept by the store, not made again');
    assert.equal(
      (await fetch(`${suite.server.url}/media/uploads/${photoId}/700w/scarf.webp`)).status,
      404,
      'only the offered widths',
    );
    assert.equal(
      (await fetch(`${suite.server.url}/media/uploads/${photoId}/600w/other.webp`)).status,
      404,
      'only under its own name',
    );
  });

  it('shows the placeholder for a product without a picture and one whose picture is elsewhere, never a broken image', async () => {
    const html = await page('/shop');
    for (const title of ['Sold Out Hat', 'Plenty Gloves']) {
      const card = html.slice(html.indexOf(`>${title}</a>`) - 600, html.indexOf(`>${title}</a>`));
      assert.match(
        card,
        /<img class="facet-filter__image facet-filter__image--placeholder" src="\/media\/placeholder.svg" alt=""/,
        title,
      );
    }
    assert.doesNotMatch(html, /elsewhere\.example/, 'an address elsewhere is never put in the page');
    const placeholder = await fetch(`${suite.server.url}/media/placeholder.svg`);
    assert.equal(placeholder.status, 200);
    assert.equal(placeholder.headers.get('content-type'), 'image/svg+xml');
    assert.doesNotMatch(await placeholder.text(), /<script|on\w+=/i);
    assert.ok(imageTag(await page('/product/sold-out-hat'), 'product__image', ''), 'the product page shows it too');
  });

  it("keeps the demo's drawn pictures as they are", async () => {
    await suite.server.store.catalog.replace(
      { categories: SMALL_CATALOG.categories, attributes: SMALL_CATALOG.attributes },
      structuredClone(SMALL_CATALOG.products),
    );
    const tag = imageTag(await page('/product/rated-scarf'), 'product__image', 'Rated Scarf');
    assert.match(tag ?? '', /src="\/media\/products\/1.svg"/);
    assert.doesNotMatch(tag ?? '', /srcset/);
  });
});
