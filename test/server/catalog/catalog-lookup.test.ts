import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { productById, productBySlug, variationById } from '../../../server/store/catalog-lookup.js';
import type { CatalogData, Product } from '../../../server/catalog/model.js';
import { applyCatalogEdit } from '../../../server/store/catalog-edits.js';
import { generateSyntheticCatalogData } from '../../../server/catalog/synthetic-catalog.js';
import { editArbitrary, idSource } from '../facets/support/random-edits.js';

/** Every answer the lookups give for the ids and slugs of both catalogs. */
function answers(products: readonly Product[], keys: { ids: number[]; slugs: string[] }) {
  return {
    byId: keys.ids.map((id) => productById(products, id)),
    bySlug: keys.slugs.map((slug) => productBySlug(products, slug)),
    byVariation: keys.ids.map((id) => variationById(products, id)),
  };
}

describe('catalog lookups through edits', () => {
  it('answer for an edited catalog as lookups built from it afresh', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.gen(),
        (size, editCount, generate) => {
          const first: CatalogData = generateSyntheticCatalogData({ products: size, seed: size + editCount });
          let catalog = first;
          productById(catalog.products, 0); // built now, so that every edit carries it
          const nextId = idSource(catalog);
          for (let edit = 0; edit < editCount; edit++) {
            const change = generate(() => editArbitrary(catalog, nextId));
            // Sometimes a product takes another's slug: the lookup must not guess which one wins.
            if (change.upsert.length > 1 && generate(() => fc.boolean()))
              (change.upsert as Product[])[0] = { ...change.upsert[0]!, slug: change.upsert[1]!.slug };
            catalog = applyCatalogEdit(catalog, change);
          }
          const all = [...first.products, ...catalog.products];
          const keys = {
            ids: all.flatMap((product) => [product.id, ...(product.variations ?? []).map((variation) => variation.id)]),
            slugs: all.map((product) => product.slug),
          };
          assert.deepEqual(answers(catalog.products, keys), answers([...catalog.products], keys));
        },
      ),
      { numRuns: 100, endOnFailure: true },
    );
  });
});
