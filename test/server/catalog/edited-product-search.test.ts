import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { EditedProductSearch, productSearchIndexFor } from '../../../server/catalog/edited-product-search.js';
import type { CatalogData, Product } from '../../../server/catalog/model.js';
import { ProductSearchIndex } from '../../../server/catalog/product-search-index.js';
import { productSearchText } from '../../../server/catalog/search-text.js';
import { applyCatalogEdit } from '../../../server/store/catalog-edits.js';
import { buildDemoCatalog } from '../../../server/demo/demo-catalog.js';
import type { CatalogEdit } from '../../../server/store/store.js';
import { editArbitrary, idSource } from '../facets/support/random-edits.js';

const ids = (products: Product[]) => products.map((product) => product.id);

describe('EditedProductSearch', () => {
  it('answers as a fresh index over the edited catalog', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 10 }),
        fc.gen(),
        (size, editCount, generate) => {
          let catalog: CatalogData = buildDemoCatalog(size);
          const search = new EditedProductSearch(
            new ProductSearchIndex(catalog.products, catalog.categories),
            catalog.products,
            catalog.categories,
          );
          const nextId = idSource(catalog);
          for (let edit = 0; edit < editCount; edit++) {
            const change = generate(() => editArbitrary(catalog, nextId));
            catalog = applyCatalogEdit(catalog, change);
            assert.equal(search.applyEdit(change), true);
            search.search('a', { limit: 3 }); // a search between edits builds the small index, which the next edit must drop
          }
          const fresh = new ProductSearchIndex(catalog.products, catalog.categories);
          const vocabulary = [
            ...new Set(catalog.products.flatMap((product) => productSearchText(product, catalog.categories).all)),
            'zolty',
            'creme',
            'zz',
          ];
          for (let run = 0; run < 30; run++) {
            const words = generate(() =>
              fc.array(
                fc
                  .constantFrom(...vocabulary)
                  .chain((word) => fc.integer({ min: 1, max: word.length }).map((length) => word.slice(0, length))),
                { minLength: 1, maxLength: 2 },
              ),
            );
            const limit = generate(() => fc.integer({ min: 1, max: 20 }));
            const query = words.join(' ');
            const expected = fresh.search(query, { limit });
            const found = search.search(query, { limit });
            assert.deepEqual(
              { ids: ids(found.products), total: found.total },
              { ids: ids(expected.products), total: expected.total },
              query,
            );
          }
        },
      ),
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('declines an edit that brings new categories, so that a fresh index is built', () => {
    const catalog = buildDemoCatalog(20);
    const search = new EditedProductSearch(
      new ProductSearchIndex(catalog.products, catalog.categories),
      catalog.products,
      catalog.categories,
    );
    const categories = [...catalog.categories, { id: 9999, slug: 'new', name: 'New', parent: 0 }];
    assert.equal(search.applyEdit({ upsert: [], remove: [], categories }), false);
    assert.equal(search.applyEdit({ upsert: [], remove: [], categories: structuredClone(catalog.categories) }), true);
  });
});

describe("productSearchIndexFor with the store's edits", () => {
  it('brings the last search up to date instead of building a new one', () => {
    const first: CatalogData = buildDemoCatalog(50);
    const before = productSearchIndexFor(first);
    const edit: CatalogEdit = { upsert: [{ ...first.products[0]!, title: 'Quetzal Teapot' }], remove: [] };
    const second = applyCatalogEdit(first, edit);
    const after = productSearchIndexFor(second, (products) => (products === first.products ? [edit] : null));
    assert.equal(after, before);
    assert.deepEqual(ids(after.search('quetzal', { limit: 8 }).products), [first.products[0]!.id]);
    const replaced = { ...second, products: [...second.products] };
    assert.notEqual(
      productSearchIndexFor(replaced, () => null),
      after,
      'a replaced catalog gets a fresh index',
    );
  });
});
