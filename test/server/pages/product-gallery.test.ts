/**
 * The product page's gallery, as a browser without JavaScript gets it: every picture of the product (the main one and
 * the gallery's), each thumbnail a link to the larger picture with its own text alternative and the resized
 * variants; and a variation named in the address shows its own picture and is the option chosen.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Product } from '../../../server/catalog/model.js';
import { pictureBytes } from '../support/image-server.js';
import { SMALL_CATALOG } from '../support/small-catalog.js';
import { useTestServer } from '../support/test-server.js';

describe('the product page gallery', () => {
  const suite = useTestServer();
  const pictures: { id: number; name: string; alt: string }[] = [];
  let sweaterSlug = '';
  let variationImage = { id: 0, name: 'green' };

  before(async () => {
    const store = suite.server.store;
    for (const [name, colour, alt] of [
      ['front', '#aa2222', 'The scarf from the front'],
      ['back', '#22aa22', 'The scarf from the back'],
      ['folded', '#2222aa', ''],
      ['green', '#00ff00', ''],
    ] as const) {
      const item = await store.media.add(
        { filename: `${name}.jpg`, title: name, mime_type: 'image/jpeg', author_id: 1 },
        await pictureBytes('jpeg', colour, 400, 400),
      );
      if (name === 'green') variationImage = { id: item.id, name };
      else pictures.push({ id: item.id, name, alt });
    }
    const { products, ...meta } = structuredClone(SMALL_CATALOG);
    const [front, ...gallery] = pictures.map((picture) => `/media/uploads/${picture.id}/${picture.name}.jpg`);
    products[0]!.image = front!;
    products[0]!.gallery = gallery;
    products[0]!.image_alts = pictures.map((picture) => picture.alt);
    const sweater: Product = {
      ...structuredClone(products[2]!),
      id: 30,
      slug: 'two-colour-sweater',
      title: 'Two Colour Sweater',
      type: 'variable',
      attributes: { color: ['Red', 'Green'] },
      variations: [
        {
          id: 31,
          sku: 'SW-R',
          attributes: { color: 'Red' },
          regular_price: 100,
          sale_price: null,
          in_stock: true,
          stock_quantity: 5,
        },
        {
          id: 32,
          sku: 'SW-G',
          attributes: { color: 'Green' },
          regular_price: 100,
          sale_price: null,
          in_stock: true,
          stock_quantity: 5,
          image: `/media/uploads/${variationImage.id}/green.jpg`,
          image_alt: 'The green sweater',
        },
      ],
    };
    sweaterSlug = sweater.slug;
    await store.catalog.replace(meta, [...products, sweater]);
  });

  const page = async (path: string) => (await fetch(`${suite.server.url}${path}`)).text();
  const mainImage = (html: string) => /<img class="product__image"[^>]*>/.exec(html)?.[0] ?? '';

  it('shows every picture: the main one, and each as a thumbnail linking to its largest variant', async () => {
    const html = await page('/product/rated-scarf');
    const links = [...html.matchAll(/<a class="product__thumbnail" href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)];
    assert.equal(links.length, pictures.length, 'one thumbnail per picture');
    pictures.forEach((picture, index) => {
      const [, href, inner] = links[index]!;
      assert.equal(
        href,
        `/media/uploads/${picture.id}/1200w/${picture.name}.webp`,
        'a plain link to the large picture',
      );
      const alt = picture.alt || 'Rated Scarf';
      assert.ok(
        inner!.includes(`alt="Pokaż zdjęcie ${index + 1} z ${pictures.length}: ${alt}"`),
        `thumbnail ${index + 1} names its picture: ${inner}`,
      );
      assert.match(inner!, /loading="lazy"/);
      assert.ok(inner!.includes(`/media/uploads/${picture.id}/300w/${picture.name}.webp 300w`), 'responsive variants');
    });
    assert.match(links[0]![0], /aria-current="true"/, 'the shown picture is marked');
    assert.ok(mainImage(html).includes(`alt="${pictures[0]!.alt}"`));
    assert.match(html, /<ul class="product__thumbnails" aria-label="Zdjęcia produktu">/);
  });

  it('shows no thumbnails for a product with one picture', async () => {
    const html = await page('/product/plenty-gloves');
    assert.doesNotMatch(html, /product__thumbnail/);
    assert.match(mainImage(html), /src="\/media\/products\/1\.svg"/);
  });

  it("shows the variation named in the address with its own picture, chosen in the form; the product's otherwise", async () => {
    const plain = await page(`/product/${sweaterSlug}`);
    assert.match(mainImage(plain), /src="\/media\/products\/1\.svg"/);
    assert.doesNotMatch(plain, /<option[^>]*selected/);
    const green = await page(`/product/${sweaterSlug}?variation=32`);
    assert.ok(mainImage(green).includes(`src="/media/uploads/${variationImage.id}/600w/green.webp"`), mainImage(green));
    assert.match(mainImage(green), /alt="The green sweater"/);
    const option = /<option value="32"[^>]*>/.exec(green)?.[0] ?? '';
    assert.match(option, / selected/);
    assert.ok(option.includes(`data-image-src="/media/uploads/${variationImage.id}/600w/green.webp"`), option);
    const red = await page(`/product/${sweaterSlug}?variation=31`);
    assert.match(
      mainImage(red),
      /src="\/media\/products\/1\.svg"/,
      "a variation without a picture shows the product's",
    );
    assert.match(/<option value="31"[^>]*>/.exec(red)?.[0] ?? '', / selected/);
    for (const odd of ['99', 'abc', '31&variation=32', '1e3'])
      assert.match(
        mainImage(await page(`/product/${sweaterSlug}?variation=${odd}`)),
        /src="\/media\/products\/1\.svg"/,
      );
  });
});
