/**
 * Fuzzed with fast-check: whatever category tree the store holds (deep chains, cycles, parents that
 * do not exist, products filed anywhere) or an import brings (random paths, random depths), the shop's pages and
 * answers stay 200. Stored trees stand for data written before the limits existed; imports must refuse what is too
 * deep and apply the rest.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CATALOG_LIMITS } from '../../../server/catalog/catalog-limits.js';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import type { Category, Product } from '../../../server/catalog/model.js';
import { catalogCsvRows } from '../support/catalog-csv.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

const ATTRIBUTES = [
  { name: 'color', label: 'Colour' },
  { name: 'size', label: 'Size' },
];

function product(id: number, categoryIds: number[]): Product {
  return {
    id,
    slug: `fuzz-${id}`,
    title: `Fuzz item ${id}`,
    description: '',
    sku: `FZ-${id}`,
    category_ids: categoryIds,
    brand: 'Fuzz',
    attributes: { color: ['Red'], size: ['M'] },
    regular_price: 10 + id,
    sale_price: null,
    rating: 0,
    rating_count: 0,
    in_stock: true,
    stock_quantity: 3,
    total_sales: id,
    created_at: '2026-01-01T00:00:00.000Z',
    image: '',
  };
}

/** A stored tree: each category's parent is the top, an earlier category, a later one (cycles) or a missing one. */
const storedTree = fc
  .record({
    size: fc.integer({ min: 1, max: 120 }),
    parents: fc.array(fc.oneof(fc.constant(0), fc.nat(), fc.integer({ min: 10_000, max: 10_010 })), {
      minLength: 120,
      maxLength: 120,
    }),
    chain: fc.integer({ min: 0, max: 3000 }),
    filings: fc.array(fc.array(fc.nat(), { maxLength: 3 }), { minLength: 1, maxLength: 12 }),
  })
  .map(({ size, parents, chain, filings }) => {
    const categories: Category[] = [];
    for (let id = 1; id <= size; id++) {
      const raw = parents[id - 1]!;
      const parent = raw === 0 || raw >= 10_000 ? raw : raw % (size + 1);
      categories.push({ id, slug: `c-${id}`, name: `Category ${id}`, parent: parent === id ? 0 : parent });
    }
    // One long chain below the first category, as an import without limits could once store.
    for (let level = 1; level <= chain; level++)
      categories.push({
        id: size + level,
        slug: `c-${size + level}`,
        name: `Deep ${level}`,
        parent: level === 1 ? 1 : size + level - 1,
      });
    const total = categories.length;
    const products = filings.map((ids, index) =>
      product(
        100_000 + index,
        ids.map((id) => (id % (total + 3)) + 1),
      ),
    );
    return { categories, products };
  });

/** Import rows: each product filed under one path of random depth (past the limit too) and random names. */
const importedPaths = fc.array(
  fc.record({
    depth: fc.integer({ min: 1, max: CATALOG_LIMITS.categoryDepth + 20 }),
    name: fc.string({ minLength: 1, maxLength: 12 }),
  }),
  { minLength: 1, maxLength: 8 },
);

describe('category trees, fuzzed', () => {
  const suite = useTestServer();

  async function assertPagesAnswer(categorySlugs: string[], productSlugs: string[]): Promise<void> {
    const paths = [
      '/shop',
      '/',
      ...categorySlugs.slice(0, 3).map((slug) => `/product-category/${slug}`),
      ...productSlugs.slice(0, 2).map((slug) => `/product/${slug}`),
    ];
    for (const path of paths) {
      const response = await fetch(`${suite.server.url}${path}`, { redirect: 'manual' });
      assert.equal(response.status, 200, path);
      await response.arrayBuffer();
    }
    for (const widget of [{}, { category: categorySlugs.at(-1) ?? '' }]) {
      const filter = await fetchJson(suite.server.restUrl('/facet/v1/filter'), {
        method: 'POST',
        json: { query: {}, widget },
      });
      assert.equal(filter.status, 200, JSON.stringify(widget));
    }
    assert.equal((await fetchJson(suite.server.restUrl('/compliance/v1/search?q=fuzz'))).status, 200);
    assert.equal(
      (
        await fetchJson(suite.server.restUrl('/wc/v3/products/categories?per_page=100'), {
          headers: { authorization: suite.manager },
        })
      ).status,
      200,
    );
  }

  it('answers 200 for any stored tree: deep chains, cycles, missing parents', async () => {
    await fc.assert(
      fc.asyncProperty(storedTree, async ({ categories, products }) => {
        await suite.server.store.catalog.replace({ categories, attributes: ATTRIBUTES }, products);
        const reachable = categories.filter((category) => category.parent === 0 || category.id > categories.length - 5);
        await assertPagesAnswer(
          reachable
            .map((category) => category.slug)
            .filter((slug) => /^c-\d+$/.test(slug))
            .slice(-3),
          products.map((item) => item.slug),
        );
      }),
      { numRuns: 15 },
    );
  });

  it('refuses imported paths deeper than the limit, applies the rest, and answers 200', async () => {
    await fc.assert(
      fc.asyncProperty(importedPaths, async (paths) => {
        const rows = await catalogCsvRows(
          paths.map(({ depth, name }, index) => {
            const path = Array.from(
              { length: depth },
              (_, level) => `${name.replaceAll('>', '').replaceAll(',', '').trim() || 'x'} ${level}`,
            ).join(' > ');
            // An empty ID column: new products, matched by SKU.
            return {
              ID: '',
              Type: 'simple',
              SKU: `IMP-${index}`,
              Name: `Fuzz import ${index}`,
              'Regular price': 10,
              Categories: path,
            };
          }),
        );
        const report = await importCatalogRows(suite.server.store, rows, { mode: 'merge' });
        const tooDeep = paths.filter(({ depth }) => depth > CATALOG_LIMITS.categoryDepth).length;
        assert.equal(
          new Set(report.problems.filter((problem) => problem.column === 'Categories').map((problem) => problem.row))
            .size,
          tooDeep,
        );
        const { categories, products } = suite.server.store.catalog.data;
        await assertPagesAnswer(
          categories.slice(-2).map((category) => category.slug),
          products.slice(-2).map((item) => item.slug),
        );
      }),
      { numRuns: 15 },
    );
  });
});
