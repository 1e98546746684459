// The `field:on_sale` source: a product is on sale when it, or one of its variations, has a sale price
// active now (sale dates respected). As a toggle, found and every count equal the brute-force scan.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { emptyFilterState } from '../../../../client/facet-filter/query-state.js';
import { isOnSale, variationsOf, type CatalogData } from '../../../../server/catalog/model.js';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig, validateFacetConfig, type FacetConfig } from '../../../../server/facets/config.js';
import { FacetEngine } from '../../../../server/facets/engine/engine.js';
import { availableSources } from '../../../../server/facets/sources.js';
import { assertAgreesWithBruteForce } from '../support/brute-force-agreement.js';
import { queryArbitrary } from '../support/facet-queries.js';

const DAY = 86_400_000;

/** A synthetic catalog where some sales have ended, some have not started, and some variations are on sale alone. */
function catalogWithSaleDates(products: number, seed: number): CatalogData {
  const catalog = generateSyntheticCatalogData({ products, seed, brands: 8 });
  catalog.products.forEach((product, index) => {
    if (index % 5 === 1)
      Object.assign(product, {
        sale_price: product.regular_price / 2,
        date_on_sale_to: new Date(Date.now() - DAY).toISOString(),
      });
    if (index % 5 === 2)
      Object.assign(product, {
        sale_price: product.regular_price / 2,
        date_on_sale_from: new Date(Date.now() + DAY).toISOString(),
      });
    variationsOf(product).forEach((variation, at) => {
      variation.sale_price = (index + at) % 3 === 0 ? variation.regular_price / 2 : null;
      if ((index + at) % 6 === 3) variation.date_on_sale_from = new Date(Date.now() + DAY).toISOString();
    });
  });
  return catalog;
}

function configWithOnSale(): FacetConfig {
  const config = defaultFacetConfig();
  config.facets.push({
    ...config.facets.find((facet) => facet.name === 'in_stock')!,
    name: 'on_sale',
    label: 'On sale',
    source: 'field:on_sale',
  });
  return config;
}

describe('field:on_sale', () => {
  it('is a source of the catalog, usable as a toggle', () => {
    const catalog = catalogWithSaleDates(20, 3);
    assert.ok(
      availableSources(catalog).some((spec) => spec.source === 'field:on_sale' && spec.types.includes('toggle')),
    );
    assert.equal(validateFacetConfig(configWithOnSale(), availableSources(catalog)).ok, true);
  });

  it('finds the products on sale now, a variable one when one of its variations is', () => {
    const catalog = catalogWithSaleDates(150, 7);
    const engine = FacetEngine.build(catalog, configWithOnSale());
    const result = engine.query({ ...emptyFilterState(engine.schema), values: { on_sale: ['1'] } }, { perPage: 1000 });
    const onSale = (product: CatalogData['products'][number]) => {
      const variations = variationsOf(product);
      return variations.length ? variations.some((variation) => isOnSale(variation)) : isOnSale(product);
    };
    const expected = catalog.products
      .filter(onSale)
      .map((product) => product.id)
      .sort();
    assert.ok(expected.length > 0 && expected.length < catalog.products.length);
    assert.deepEqual(result.products.map((product) => product.id).sort(), expected);
  });

  it('agrees with the brute-force scan under random states', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.gen(),
        (products, seed, generate) => {
          const catalog = catalogWithSaleDates(products, seed);
          const config = configWithOnSale();
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
