/**
 * Facets match variations. A shirt sold as red S (in stock, 10), blue M (out of stock, 20) and
 * red M (in stock, 30), beside a simple blue M mug (15). Expected answers are worked out by hand.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogData, Product } from '../../../../server/catalog/model.js';
import { parseFilterState } from '../../../../client/facet-filter/query-state.js';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import { FacetEngine } from '../../../../server/facets/engine/engine.js';
import { formatPriceHtml } from '../../../../server/catalog/price-format.js';

const base = {
  description: '',
  brand: 'Acme',
  category_ids: [1],
  rating: 4,
  rating_count: 1,
  total_sales: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  image: '',
};
const shirt: Product = {
  ...base,
  id: 1,
  slug: 'shirt',
  title: 'Shirt',
  sku: 'SH',
  type: 'variable',
  attributes: { color: ['Red', 'Blue'], size: ['S', 'M'] },
  regular_price: 10,
  sale_price: null,
  in_stock: true,
  stock_quantity: 8,
  variations: [
    {
      id: 11,
      sku: 'SH-RS',
      attributes: { color: 'Red', size: 'S' },
      regular_price: 10,
      sale_price: null,
      in_stock: true,
      stock_quantity: 5,
    },
    {
      id: 12,
      sku: 'SH-BM',
      attributes: { color: 'Blue', size: 'M' },
      regular_price: 20,
      sale_price: null,
      in_stock: false,
      stock_quantity: 0,
    },
    {
      id: 13,
      sku: 'SH-RM',
      attributes: { color: 'Red', size: 'M' },
      regular_price: 30,
      sale_price: null,
      in_stock: true,
      stock_quantity: 3,
    },
  ],
};
const mug: Product = {
  ...base,
  id: 2,
  slug: 'mug',
  title: 'Mug',
  sku: 'MUG',
  type: 'simple',
  attributes: { color: ['Blue'], size: ['M'] },
  regular_price: 15,
  sale_price: null,
  in_stock: true,
  stock_quantity: 2,
};
const catalog: CatalogData = {
  categories: [{ id: 1, slug: 'all', name: 'All', parent: 0 }],
  attributes: [
    { name: 'color', label: 'Colour' },
    { name: 'size', label: 'Size' },
  ],
  products: [shirt, mug],
};
const engine = FacetEngine.build(catalog, defaultFacetConfig());

function query(params: Record<string, string>) {
  const result = engine.query(parseFilterState(params, engine.schema));
  const counts = (name: string) => {
    const facet = result.facets.find((entry) => entry.definition.name === name);
    if (facet?.kind !== 'list') return {};
    return Object.fromEntries(
      facet.values.map((value, index) => [value.value, facet.counts[index]]).filter(([, count]) => count !== 0),
    );
  };
  const price = result.facets.find((entry) => entry.definition.name === 'price');
  return {
    ids: result.products.map((product) => product.id).sort(),
    found: result.found,
    counts,
    price: price?.kind === 'range' ? [price.min, price.max] : null,
  };
}

describe('facets over variations', () => {
  it('finds a product only when one variation has every selected term', () => {
    assert.deepEqual(query({ sf_color: 'red', sf_size: 'm' }).ids, [1]);
    assert.deepEqual(
      query({ sf_color: 'blue', sf_size: 's' }).ids,
      [],
      'no variation is blue and S, though the shirt has blue and S',
    );
    assert.deepEqual(query({ sf_color: 'blue', sf_size: 'm' }).ids, [1, 2]);
  });

  it('applies the in-stock filter to the matching variation', () => {
    assert.deepEqual(query({ sf_color: 'blue', sf_in_stock: '1' }).ids, [2], 'the blue shirt is out of stock');
    assert.deepEqual(query({ sf_color: 'red', sf_in_stock: '1' }).ids, [1]);
  });

  it('counts a product once per value that one of its matching variations has', () => {
    // With size M selected, the shirt's M variations are red and blue; the mug is blue: red 1, blue 2.
    assert.deepEqual(query({ sf_size: 'm' }).counts('color'), { red: 1, blue: 2 });
    // With blue and in stock, only the mug's M remains; the shirt's S is red, so S does not count.
    assert.deepEqual(query({ sf_color: 'blue', sf_in_stock: '1' }).counts('size'), { m: 1 });
    // No selection: the shirt counts once for red though two variations are red.
    assert.deepEqual(query({}).counts('color'), { red: 1, blue: 2 });
    assert.equal(query({}).found, 2);
  });

  it("matches a price range against a variation's price, with bounds from the matching variations", () => {
    assert.deepEqual(query({ sf_price: '25-35' }).ids, [1], 'the red M shirt costs 30');
    assert.deepEqual(query({ sf_price: '11-14' }).ids, []);
    assert.deepEqual(query({ sf_price: '25-35', sf_color: 'blue' }).ids, [], 'the blue shirt costs 20');
    assert.deepEqual(query({ sf_color: 'red' }).price, [10, 30]);
    assert.deepEqual(query({ sf_in_stock: '1', sf_size: 'm' }).price, [15, 30]);
  });

  it('shows a "From" price on the card of a product whose variations cost different amounts', () => {
    assert.match(
      formatPriceHtml(shirt, { currency: 'EUR', locale: 'en-IE' }),
      /^<span class="price price--from">From .*10\.00/,
    );
    assert.doesNotMatch(formatPriceHtml(mug, { currency: 'EUR', locale: 'en-IE' }), /From/);
  });
});
