import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { CatalogData } from '../../../../server/catalog/model.js';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import { FacetEngine } from '../../../../server/facets/engine/engine.js';
import { applyCatalogEdit } from '../../../../server/store/catalog-edits.js';
import { wordFormsFor } from '../../../../server/catalog/word-forms/word-forms.js';
import { assertAgreesWithBruteForce } from '../support/brute-force-agreement.js';
import { queryArbitrary, type RandomQuery } from '../support/facet-queries.js';
import { editArbitrary, idSource } from '../support/random-edits.js';

/**
 * A shopper's walk after a selection: the same selections and text at other pages, sort orders and page sizes. Each
 * answer after the first reuses the first's filtering and counts, and must still be what the scan over the catalog
 * gives for its own page and order.
 */
const walkArbitrary = fc.array(
  fc.record({ page: fc.integer({ min: 1, max: 5 }), order: fc.nat(), perPage: fc.integer({ min: 1, max: 7 }) }),
  { minLength: 1, maxLength: 6 },
);

/** The same query with thirty other search texts: thirty other states, as many kept states pushed out. */
const searchedOtherwise = (query: RandomQuery): RandomQuery[] =>
  Array.from({ length: 30 }, (_, page) => ({ ...query, state: { ...query.state, q: `${query.state.q} ${page}` } }));

describe('FacetEngine: other pages and orders of a state asked before', () => {
  it('answer as the brute-force scan does, sorted by relevance too', () => {
    const wordForms = wordFormsFor('en-GB');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.gen(),
        walkArbitrary,
        (products, seed, generate, walk) => {
          const catalog = generateSyntheticCatalogData({ products, seed, brands: 12 });
          const config = defaultFacetConfig();
          const engine = FacetEngine.build(catalog, config, { wordForms });
          const { state, baseCategory, perPage } = generate(() => queryArbitrary(engine));
          const first = engine.query(state, { baseCategory, perPage });
          assertAgreesWithBruteForce(first, catalog, config, baseCategory, perPage, wordForms);
          const orders = [...config.orderby_options, 'relevance'];
          // Other shoppers' states between the steps reuse the engine's scratch space, and past the states kept,
          // the arrays of the oldest.
          const others = generate(() => fc.array(queryArbitrary(engine), { minLength: 6, maxLength: 6 }));
          for (const [index, step] of walk.entries()) {
            const crowd =
              index % 2 === 0 ? others.slice(index, index + 1) : [...others, ...others.flatMap(searchedOtherwise)];
            for (const other of crowd) engine.query(other.state, { baseCategory: other.baseCategory });
            const next = { ...state, page: step.page, orderby: orders[step.order % orders.length]! };
            const result = engine.query(next, { baseCategory, perPage: step.perPage });
            assertAgreesWithBruteForce(result, catalog, config, baseCategory, step.perPage, wordForms);
            // Its facets are the first answer's own while kept: nothing is counted again.
            if (index === 0) assert.equal(result.facets, first.facets);
          }
        },
      ),
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('are counted again once an edit changed the catalog', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.gen(),
        (products, seed, generate) => {
          let catalog: CatalogData = generateSyntheticCatalogData({ products, seed, brands: 12 });
          const config = defaultFacetConfig();
          const engine = FacetEngine.build(catalog, config);
          const { state, baseCategory, perPage } = generate(() => queryArbitrary(engine));
          const before = engine.query(state, { baseCategory, perPage });
          const change = generate(() => editArbitrary(catalog, idSource(catalog)));
          catalog = applyCatalogEdit(catalog, change);
          assert.equal(engine.applyEdit(change), true);
          const after = engine.query({ ...state, page: state.page + 1 }, { baseCategory, perPage });
          assert.notEqual(after.facets, before.facets);
          assertAgreesWithBruteForce(after, catalog, config, baseCategory, perPage);
        },
      ),
      { numRuns: 60, endOnFailure: true },
    );
  });
});
