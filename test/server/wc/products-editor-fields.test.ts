/**
 * The server's half: what the product editor writes through `wc/v3` beyond the fields it had:
 * weight and dimensions (WooCommerce's names), image alt texts, a variation's own image, the brand, the delivery time
 * and unit price (meta_data keys, checked), and the lists of tags and brands in use. A real server on lowdb files.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unitPrice, salesMetaProblem, unitPricePairProblem } from '../../../server/catalog/sales-meta.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

describe("wc/v3: the product editor's fields", () => {
  const suite = useTestServer();
  const call = (method: string, path: string, json?: unknown) =>
    fetchJson(suite.server.restUrl(path), { method, json, headers: { authorization: suite.manager } });
  const stored = (id: number) => suite.server.store.catalog.data.products.find((product) => product.id === id)!;

  it('stores weight and dimensions as WooCommerce names them, answers them as strings, and clears them with ""', async () => {
    const created = await call('POST', '/wc/v3/products', {
      name: 'Parcel test',
      regular_price: '10',
      weight: '1.25',
      dimensions: { length: 30, width: '20.5', height: '' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.weight, '1.25');
    assert.deepEqual(created.body.dimensions, { length: '30', width: '20.5', height: '' });
    assert.equal(stored(created.body.id).weight, 1.25);
    assert.deepEqual(stored(created.body.id).dimensions, { length: 30, width: 20.5 });

    const changed = await call('PUT', `/wc/v3/products/${created.body.id}`, {
      weight: '',
      dimensions: { width: null },
    });
    assert.equal(changed.body.weight, '');
    assert.deepEqual(changed.body.dimensions, { length: '30', width: '', height: '' }, 'an absent side is kept');
    assert.equal(stored(created.body.id).weight, undefined);

    const refused = await call('PUT', `/wc/v3/products/${created.body.id}`, {
      weight: '1,5',
      dimensions: { height: -2 },
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(Object.keys(refused.body.data.params).sort(), ['dimensions.height', 'weight']);
    assert.match(refused.body.data.params.weight, /kilograms/);
  });

  it("keeps each image's alt text in its place, and a variation's own image", async () => {
    const created = await call('POST', '/wc/v3/products', {
      name: 'Alt test',
      type: 'variable',
      attributes: [{ name: 'Size', options: ['S', 'M'] }],
      images: [
        { src: '/media/uploads/1/a.jpg', alt: 'A red mug' },
        { src: '/media/uploads/2/b.jpg' },
        { src: '/media/uploads/3/c.jpg', alt: 'Its handle' },
      ],
      brands: [{ name: 'Acme' }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(
      created.body.images.map((image: { alt: string }) => image.alt),
      ['A red mug', '', 'Its handle'],
    );
    assert.deepEqual(
      created.body.brands.map((brand: { name: string }) => brand.name),
      ['Acme'],
    );
    const id = created.body.id as number;

    const variation = await call('POST', `/wc/v3/products/${id}/variations`, {
      regular_price: '5',
      attributes: [{ name: 'Size', option: 'S' }],
      image: { src: '/media/uploads/4/s.jpg', alt: 'The small one' },
    });
    assert.equal(variation.status, 201, JSON.stringify(variation.body));
    assert.deepEqual(variation.body.image, {
      id: 0,
      src: `${suite.server.url}/media/uploads/4/s.jpg`,
      name: '',
      alt: 'The small one',
    });
    const removed = await call('PUT', `/wc/v3/products/${id}/variations/${variation.body.id}`, { image: null });
    assert.equal(removed.body.image, null);
    const bad = await call('PUT', `/wc/v3/products/${id}/variations/${variation.body.id}`, {
      image: { src: 'javascript:alert(1)' },
    });
    assert.equal(bad.status, 400);
    assert.ok('image' in bad.body.data.params);

    const twoBrands = await call('PUT', `/wc/v3/products/${id}`, { brands: [{ name: 'A' }, { name: 'B' }] });
    assert.equal(twoBrands.status, 400);
    assert.match(twoBrands.body.data.params.brands, /one brand/);
    const reordered = await call('PUT', `/wc/v3/products/${id}`, {
      images: [{ src: '/media/uploads/3/c.jpg', alt: 'Its handle' }],
      brands: [],
    });
    assert.deepEqual(
      reordered.body.images.map((image: { alt: string }) => image.alt),
      ['Its handle'],
    );
    assert.deepEqual(reordered.body.brands, []);
  });

  it("shows a product's alt text on its page and card, and its name where none is given", async () => {
    const created = await call('POST', '/wc/v3/products', {
      name: 'Alt mug',
      regular_price: '8',
      images: [{ src: '/media/products/1.svg', alt: 'A white mug, "handle" left' }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const page = await fetch(`${suite.server.url}/product/${created.body.slug}`);
    assert.match(await page.text(), /<img class="product__image"[^>]*alt="A white mug, &quot;handle&quot; left"/);
    await call('PUT', `/wc/v3/products/${created.body.id}`, { images: [{ src: '/media/products/1.svg' }] });
    const plain = await (await fetch(`${suite.server.url}/product/${created.body.slug}`)).text();
    assert.match(plain, /<img class="product__image"[^>]*alt="Alt mug"/);
  });

  it("checks the delivery time and the unit price in meta_data, the unit price's two keys together", async () => {
    const created = await call('POST', '/wc/v3/products', {
      name: 'Coffee 500 g',
      regular_price: '19.50',
      meta_data: [
        { key: 'delivery_time', value: '2-3 working days' },
        { key: 'unit_price_unit', value: 'kg' },
        { key: 'unit_price_quantity', value: '0.5' },
      ],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(unitPrice(19.5, stored(created.body.id).meta), { amount: 39, unit: 'kg', reference: 1 });

    const refused = await call('PUT', `/wc/v3/products/${created.body.id}`, {
      meta_data: [
        { key: 'unit_price_unit', value: 'lb' },
        { key: 'unit_price_quantity', value: '0,5' },
        { key: 'delivery_time', value: 'one\ntwo' },
      ],
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(Object.keys(refused.body.data.params).sort(), [
      'meta_data.delivery_time',
      'meta_data.unit_price_quantity',
      'meta_data.unit_price_unit',
    ]);

    const unpaired = await call('PUT', `/wc/v3/products/${created.body.id}`, {
      meta_data: [{ key: 'unit_price_quantity', value: null }],
    });
    assert.equal(unpaired.status, 400);
    assert.match(unpaired.body.data.params['meta_data.unit_price_quantity'], /must be given with unit_price_unit/);
    const both = await call('PUT', `/wc/v3/products/${created.body.id}`, {
      meta_data: [
        { key: 'unit_price_quantity', value: null },
        { key: 'unit_price_unit', value: '' },
      ],
    });
    assert.equal(both.status, 200, 'both removed together');
  });

  it('lists the tags, brands and attribute terms in use with their counts, searchable', async () => {
    await call('POST', '/wc/v3/products', {
      name: 'Tagged',
      regular_price: '3',
      tags: [{ name: 'Żółty prezent' }, { name: 'Gift' }],
      brands: [{ name: 'Zebra Works' }],
    });
    const tags = await call('GET', '/wc/v3/products/tags?search=zolty');
    assert.equal(tags.status, 200);
    assert.deepEqual(tags.body, [{ id: 0, name: 'Żółty prezent', slug: 'zolty-prezent', count: 1 }]);
    const brands = await call('GET', '/wc/v3/products/brands?per_page=100');
    assert.ok(
      brands.body.some((brand: { name: string; count: number }) => brand.name === 'Zebra Works' && brand.count === 1),
    );
    assert.equal(brands.headers.get('x-wp-total'), String(brands.body.length));
    const attributes = await call('GET', '/wc/v3/products/attributes');
    const colour = attributes.body.find((attribute: { slug: string }) => attribute.slug === 'pa_color');
    assert.equal(colour.name, 'Colour');
    const colours = await call('GET', `/wc/v3/products/attributes/${colour.id}/terms?per_page=100`);
    assert.ok(colours.body.length > 1 && colours.body.every((term: { count: number }) => term.count > 0));
    assert.equal(
      (await call('GET', '/wc/v3/products/attributes/999/terms')).body.code,
      'woocommerce_rest_taxonomy_invalid',
    );
    const anonymous = await fetchJson(suite.server.restUrl('/wc/v3/products/tags'));
    assert.equal(anonymous.status, 401);
  });
});

describe('sales meta (server/catalog/sales-meta.ts)', () => {
  it("computes the price per unit from the pack's quantity", () => {
    assert.deepEqual(unitPrice(19.5, { unit_price_unit: 'kg', unit_price_quantity: '0.5' }), {
      amount: 39,
      unit: 'kg',
      reference: 1,
    });
    assert.deepEqual(unitPrice(4.99, { unit_price_unit: 'l', unit_price_quantity: '1.5' }), {
      amount: 3.33,
      unit: 'l',
      reference: 1,
    });
    // Grams and millilitres per 100 unless the product names its own reference quantity.
    assert.deepEqual(unitPrice(9.99, { unit_price_unit: 'g', unit_price_quantity: '250' }), {
      amount: 4,
      unit: 'g',
      reference: 100,
    });
    assert.deepEqual(
      unitPrice(9.99, { unit_price_unit: 'g', unit_price_quantity: '250', unit_price_reference: '1000' }),
      { amount: 39.96, unit: 'g', reference: 1000 },
    );
    assert.equal(unitPrice(10, { unit_price_unit: 'kg' }), null);
    assert.equal(unitPrice(10, undefined), null);
  });

  it('names what is wrong with each key, and an unpaired unit or quantity', () => {
    assert.equal(salesMetaProblem('unit_price_unit', 'm2'), null);
    assert.match(salesMetaProblem('unit_price_unit', 'lb')!, /one of kg, g, l, ml, m, m2, piece/);
    assert.match(salesMetaProblem('unit_price_quantity', '0')!, /above 0/);
    assert.equal(salesMetaProblem('unit_price_reference', '100'), null);
    assert.match(salesMetaProblem('unit_price_reference', 'per 100')!, /unit_price_reference must be a number above 0/);
    assert.equal(salesMetaProblem('other_key', 'anything'), null);
    assert.deepEqual(unitPricePairProblem({ unit_price_unit: 'kg' })?.key, 'unit_price_quantity');
    assert.equal(unitPricePairProblem({}), null);
  });
});
