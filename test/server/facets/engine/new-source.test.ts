// The `field:new` source: a product is new when it was published (`created_at`) within its facet's
// `new_days` (default 30). As a toggle, found and every count equal the brute-force scan; new_days is validated.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { emptyFilterState } from '../../../../client/facet-filter/query-state.js';
import type { CatalogData } from '../../../../server/catalog/model.js';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig, validateFacetConfig, type FacetConfig } from '../../../../server/facets/config.js';
import { FacetEngine } from '../../../../server/facets/engine/engine.js';
import { availableSources } from '../../../../server/facets/sources.js';
import { assertAgreesWithBruteForce } from '../support/brute-force-agreement.js';
import { queryArbitrary } from '../support/facet-queries.js';

const DAY = 86_400_000;

/** Products published over the last 90 days, the newest now (the synthetic catalog spreads them over three years). */
function recentCatalog(products: number, seed: number): CatalogData {
  const catalog = generateSyntheticCatalogData({ products, seed, brands: 8 });
  catalog.products.forEach(
    (product, index) =>
      (product.created_at = new Date(Date.now() - ((index * 7919) % 90) * DAY - 3_600_000).toISOString()),
  );
  return catalog;
}

function configWithNew(newDays?: number): FacetConfig {
  const config = defaultFacetConfig();
  const toggle = config.facets.find((facet) => facet.name === 'in_stock')!;
  config.facets.push({
    ...toggle,
    name: 'new',
    label: 'New',
    source: 'field:new',
    ...(newDays === undefined ? {} : { new_days: newDays }),
  });
  return config;
}

describe('field:new', () => {
  it('is a source of the catalog, usable as a toggle, with new_days from 1 to 365 on it alone', () => {
    const sources = availableSources(recentCatalog(5, 1));
    assert.ok(sources.some((spec) => spec.source === 'field:new' && spec.types.includes('toggle')));
    assert.equal(validateFacetConfig(configWithNew(7), sources).ok, true);
    for (const days of [0, 366, 2.5, '7']) {
      const result = validateFacetConfig(configWithNew(days as number), sources);
      assert.equal(result.ok, false);
      assert.match(
        (result as { errors: Record<string, string> }).errors['facets[7].new_days']!,
        /new_days must be a whole number from 1 to 365/,
      );
    }
    const onBrand = defaultFacetConfig();
    (onBrand.facets[1] as { new_days?: number }).new_days = 7;
    assert.deepEqual(validateFacetConfig(onBrand, sources), {
      ok: false,
      errors: { 'facets[1].new_days': 'new_days applies to the source field:new only.' },
    });
  });

  for (const days of [undefined, 7, 45]) {
    it(`finds the products published in the last ${days ?? '30 (the default)'} days`, () => {
      const catalog = recentCatalog(200, 11);
      const engine = FacetEngine.build(catalog, configWithNew(days));
      const result = engine.query({ ...emptyFilterState(engine.schema), values: { new: ['1'] } }, { perPage: 1000 });
      const expected = catalog.products
        .filter((product) => Date.parse(product.created_at) > Date.now() - (days ?? 30) * DAY)
        .map((product) => product.id)
        .sort();
      assert.ok(expected.length > 0 && expected.length < catalog.products.length);
      assert.deepEqual(result.products.map((product) => product.id).sort(), expected);
    });
  }

  it('agrees with the brute-force scan under random states', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 120 }),
        fc.gen(),
        (products, seed, days, generate) => {
          const catalog = recentCatalog(products, seed);
          const config = configWithNew(days);
          const engine = FacetEngine.build(catalog, config);
          for (let run = 0; run < 20; run++) {
            const { state, baseCategory, perPage } = generate(() => queryArbitrary(engine));
            assertAgreesWithBruteForce(
              engine.query(state, { baseCategory, perPage }),
              catalog,
              config,
              baseCategory,
              perPage,
            );
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
