import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateSyntheticCatalog, generateSyntheticCatalogData } from '../../../server/catalog/synthetic-catalog.js';

describe('generateSyntheticCatalog', () => {
  it('gives byte-identical output for the same seed, and a different one for another seed', () => {
    const first = JSON.stringify(generateSyntheticCatalogData({ products: 500, seed: 11 }));
    assert.equal(JSON.stringify(generateSyntheticCatalogData({ products: 500, seed: 11 })), first);
    assert.notEqual(JSON.stringify(generateSyntheticCatalogData({ products: 500, seed: 12 })), first);
  });

  it('can be iterated twice with the same products (a re-iterable stream)', () => {
    const catalog = generateSyntheticCatalog({ products: 50, seed: 2 });
    assert.deepEqual([...catalog.products], [...catalog.products]);
  });

  it('builds a three-level tree of about 200 categories with unique slugs', () => {
    const { categories } = generateSyntheticCatalog({ products: 0 });
    assert.ok(categories.length >= 150 && categories.length <= 300, `${categories.length} categories`);
    assert.equal(new Set(categories.map((category) => category.slug)).size, categories.length);
    const byId = new Map(categories.map((category) => [category.id, category]));
    const depth = (id: number): number => (id === 0 ? 0 : 1 + depth(byId.get(id)!.parent));
    assert.deepEqual(new Set(categories.map((category) => depth(category.id))), new Set([1, 2, 3]));
  });

  it('produces realistic products: leaf categories, sale prices below regular, ~15% on sale, some unrated', () => {
    const data = generateSyntheticCatalogData({ products: 5000, seed: 9 });
    const parents = new Set(data.categories.map((category) => category.parent));
    let onSale = 0;
    let unrated = 0;
    for (const product of data.products) {
      assert.ok(
        product.category_ids.every((id) => !parents.has(id)),
        'products are filed under leaf categories',
      );
      if (product.sale_price !== null) {
        onSale++;
        assert.ok(product.sale_price < product.regular_price);
      }
      if (product.rating === 0) unrated++;
      assert.equal(product.image, `/media/products/${product.id}.svg`);
      assert.ok(product.attributes.color!.length >= 1);
    }
    assert.ok(onSale > 600 && onSale < 900, `${onSale} on sale`);
    assert.ok(unrated > 700 && unrated < 1300, `${unrated} unrated`);
    const brands = new Map<string, number>();
    for (const product of data.products) brands.set(product.brand, (brands.get(product.brand) ?? 0) + 1);
    const counts = [...brands.values()].sort((a, b) => b - a);
    assert.ok(counts[0]! > 20 * counts[Math.floor(counts.length / 2)]!, 'brand popularity is long-tailed');
  });
});
