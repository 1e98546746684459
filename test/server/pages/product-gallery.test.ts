/**
 * The product page's gallery, as the server sends it: every picture of the product (the main one and the gallery's)
 * in the strip, from the resized variants, each with its text alternative and a thumbnail linking to it; and a
 * variation's own picture, shown by the page's style rules while that variation is chosen, which it is when the
 * address names it.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { type GalleryCatalog, useGalleryCatalog } from '../support/gallery-catalog.js';
import { useTestServer } from '../support/test-server.js';

describe('the product page gallery', () => {
  const suite = useTestServer();
  let catalog: GalleryCatalog;
  before(async () => {
    catalog = await useGalleryCatalog(suite.server.store);
  });

  const page = async (path: string) => (await fetch(`${suite.server.url}${path}`)).text();
  const slides = (html: string) =>
    [...(/<div class="product__slides"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '').matchAll(/<img\b[^>]*>/g)].map(
      ([tag]) => tag,
    );

  it('shows every picture in the strip, each with a thumbnail that links to it', async () => {
    const html = await page('/product/rated-scarf');
    const strip = slides(html);
    assert.equal(strip.length, catalog.pictures.length, 'one slide per picture');
    const links = [...html.matchAll(/<a class="product__thumbnail" href="#([^"]+)">([\s\S]*?)<\/a>/g)];
    assert.equal(links.length, catalog.pictures.length, 'one thumbnail per picture');
    catalog.pictures.forEach((picture, index) => {
      const alt = picture.alt || 'Rated Scarf';
      const slide = strip[index]!;
      assert.ok(slide.includes(`alt="${alt}"`), slide);
      assert.ok(slide.includes(`/media/uploads/${picture.id}/1200w/${picture.name}.webp 1200w`), 'responsive variants');
      assert.match(slide, index === 0 ? /fetchpriority="high"/ : /loading="lazy"/);
      const [, target, inner] = links[index]!;
      assert.ok(slide.includes(`id="${target}"`), `thumbnail ${index + 1} links to its picture`);
      assert.ok(inner!.includes(`alt="Pokaż zdjęcie ${index + 1} z ${catalog.pictures.length}: ${alt}"`), inner);
      assert.match(inner!, /loading="lazy"/);
    });
    assert.match(
      html,
      /<div class="product__slides" tabindex="0" role="group"\s+aria-label="Zdjęcia produktu"/,
      'scrolled by keyboard',
    );
  });

  it('shows no thumbnails for a product with one picture', async () => {
    const html = await page('/product/plenty-gloves');
    assert.doesNotMatch(html, /product__thumbnail/);
    assert.deepEqual(
      slides(html).map((tag) => /src="([^"]+)"/.exec(tag)?.[1]),
      ['/media/products/1.svg'],
    );
  });

  it("has the variation's own picture, shown while it is chosen; the address chooses it", async () => {
    const plain = await page(`/product/${catalog.sweaterSlug}`);
    const picture = /<img[^>]*data-variation="32"[^>]*>/.exec(plain)?.[0] ?? '';
    assert.ok(picture.includes(`/media/uploads/${catalog.variationPicture.id}/600w/green.webp`), picture);
    assert.match(picture, /alt="The green sweater"/);
    assert.match(picture, /loading="lazy"/, 'not loaded until it may be shown');
    assert.doesNotMatch(plain, /data-variation="31"/, 'a variation without a picture has none');
    assert.ok(
      plain.includes(
        '.product__body:has(option[value="32"]:checked) .product__variation-picture[data-variation="32"]{display:block}',
      ),
      'the rule that shows it while chosen',
    );
    assert.doesNotMatch(plain, /<option[^>]*selected/);
    const green = await page(`/product/${catalog.sweaterSlug}?variation=32`);
    assert.match(/<option value="32"[^>]*>/.exec(green)?.[0] ?? '', / selected/);
    assert.match(/<img[^>]*data-variation="32"[^>]*>/.exec(green)?.[0] ?? '', /fetchpriority="high"/);
    assert.match(green, new RegExp(`<link rel="canonical" href="[^"]*/product/${catalog.sweaterSlug}" />`));
    assert.match(
      /<option value="31"[^>]*>/.exec(await page(`/product/${catalog.sweaterSlug}?variation=31`))?.[0] ?? '',
      / selected/,
    );
    for (const odd of ['99', 'abc', '31&variation=32', '1e3'])
      assert.doesNotMatch(await page(`/product/${catalog.sweaterSlug}?variation=${odd}`), /<option[^>]*selected/);
  });
});
