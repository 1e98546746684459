/**
 * A snapshot of an older catalog, read back (detached: no products) and brought up to date with the edits since and
 * the products they touch as they were, answers every query as a fresh build of the edited catalog; so does a
 * snapshot of the result, read back again.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { CatalogData, Product } from '../../../../server/catalog/model.js';
import { publicCatalog, publicEdit } from '../../../../server/catalog/public-catalog.js';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import {
  engineSnapshot,
  restoreEngine,
  restoreEngineOfAnyRevision,
  snapshotKey,
} from '../../../../server/facets/engine/engine-snapshot.js';
import { FacetEngine, type FacetQueryResult } from '../../../../server/facets/engine/engine.js';
import { applyCatalogEdit } from '../../../../server/store/catalog-edits.js';
import type { CatalogEdit } from '../../../../server/store/catalog-types.js';
import { queryArbitrary } from '../support/facet-queries.js';
import { editArbitrary, idSource } from '../support/random-edits.js';

/** Everything a shopper sees of an answer, products by id (a detached engine knows no more). */
function visible(result: FacetQueryResult) {
  return {
    found: result.found,
    page: result.page,
    pages: result.pages,
    state: result.state,
    productIds: result.productIds,
    facets: result.facets.map((facet) =>
      facet.kind === 'range'
        ? { name: facet.definition.name, min: facet.min, max: facet.max }
        : { name: facet.definition.name, values: facet.values.map((info) => info.value), counts: [...facet.counts] },
    ),
  };
}

/** Each product the edits touch, as `catalog` holds it: what the store gives with its changes. */
function touchedBefore(catalog: CatalogData, edits: readonly CatalogEdit[]): Map<number, Product> {
  const ids = new Set(edits.flatMap((edit) => [...edit.upsert.map((product) => product.id), ...edit.remove]));
  return new Map(catalog.products.filter((product) => ids.has(product.id)).map((product) => [product.id, product]));
}

describe('FacetEngine.catchUpDetached', () => {
  it('brings a snapshot of an older catalog up to date as a fresh build of the edited one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 10 }),
        fc.gen(),
        (products, seed, editCount, generate) => {
          const config = defaultFacetConfig();
          const original = generateSyntheticCatalogData({ products, seed, brands: 12 });
          const bytes = engineSnapshot(FacetEngine.build(publicCatalog(original), config), 'old');
          let catalog = original;
          const nextId = idSource(catalog);
          const edits: CatalogEdit[] = [];
          for (let edit = 0; edit < editCount; edit++) {
            const change = generate(() => editArbitrary(catalog, nextId));
            edits.push(change);
            catalog = applyCatalogEdit(catalog, change);
          }
          const restored = restoreEngineOfAnyRevision(bytes, snapshotKey('new', config));
          assert.ok(!('reason' in restored));
          assert.equal(restored.catalogRevision, 'old');
          const { engine } = restored;
          assert.equal(engine.catchUpDetached(edits.map(publicEdit), touchedBefore(original, edits)), true);
          assert.equal(engine.attached, false, 'still without products');

          const fresh = FacetEngine.build(publicCatalog(catalog), config);
          const again = restoreEngine(engineSnapshot(engine, 'new'), snapshotKey('new', config));
          assert.ok(!('reason' in again));
          assert.deepEqual(engine.schema, fresh.schema);
          assert.equal(engine.stats.indexed, fresh.stats.indexed);
          const categories = catalog.categories.map((category) => category.slug);
          for (let run = 0; run < 15; run++) {
            const { state, baseCategory, perPage } = generate(() => queryArbitrary(fresh, categories));
            const expected = visible(fresh.query(state, { baseCategory, perPage }));
            assert.deepEqual(visible(engine.query(state, { baseCategory, perPage })), expected);
            assert.deepEqual(visible(again.engine.query(state, { baseCategory, perPage })), expected);
          }
          // Attached later to the edited catalog (a cart loads it), it takes edits as a built one does.
          assert.equal(engine.attach(publicCatalog(catalog)), true);
        },
      ),
      { numRuns: 25, endOnFailure: true },
    );
  });

  it('declines, for a rebuild, when it is not given a touched product as the snapshot indexed it', () => {
    const config = defaultFacetConfig();
    const catalog = generateSyntheticCatalogData({ products: 30, seed: 5 });
    const bytes = engineSnapshot(FacetEngine.build(catalog, config), 'old');
    const product = catalog.products[3]!;
    const edit: CatalogEdit = { upsert: [{ ...product, regular_price: product.regular_price + 1 }], remove: [] };
    const restored = restoreEngineOfAnyRevision(bytes, snapshotKey('new', config));
    assert.ok(!('reason' in restored));
    assert.equal(restored.engine.catchUpDetached([edit], new Map()), false);
  });
});
