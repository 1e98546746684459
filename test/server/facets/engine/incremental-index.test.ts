import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { emptyFilterState } from '../../../../client/facet-filter/query-state.js';
import type { CatalogData, Product } from '../../../../server/catalog/model.js';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig, type FacetConfig } from '../../../../server/facets/config.js';
import { FacetEngine, type FacetQueryResult } from '../../../../server/facets/engine/engine.js';
import { applyCatalogEdit } from '../../../../server/store/catalog-edits.js';
import { assertAgreesWithBruteForce } from '../support/brute-force-agreement.js';
import { queryArbitrary } from '../support/facet-queries.js';
import { wordFormsFor } from '../../../../server/catalog/word-forms/word-forms.js';
import type { WordForms } from '../../../../server/facets/engine/text-index.js';
import { editArbitrary, idSource } from '../support/random-edits.js';

/** Everything a shopper sees of an answer, with products by id. */
function visible(result: FacetQueryResult) {
  return {
    found: result.found,
    page: result.page,
    pages: result.pages,
    state: result.state,
    products: result.products.map((product) => product.id),
    facets: result.facets.map((facet) =>
      facet.kind === 'range'
        ? { name: facet.definition.name, min: facet.min, max: facet.max, selected: facet.selected }
        : {
            name: facet.definition.name,
            values: facet.values.map((info) => [info.value, info.label, info.depth, info.parent]),
            counts: [...facet.counts],
            selected: facet.selected,
          },
    ),
  };
}

function configFor(colorLogic: 'or' | 'and', withCategoryFacet: boolean): FacetConfig {
  const config = defaultFacetConfig();
  config.facets.find((facet) => facet.name === 'color')!.logic = colorLogic;
  // Without a category facet the widget's base category has an index of its own, which edits must keep up too.
  if (!withCategoryFacet) config.facets = config.facets.filter((facet) => facet.name !== 'category');
  return config;
}

/**
 * Builds an engine, applies random edits one by one (querying in between, so that cached counts must be dropped),
 * then checks random queries against a fresh build of the edited catalog and against the brute-force scan.
 */
function agreesAfterEdits(
  minProducts: number,
  maxProducts: number,
  numRuns: number,
  wordForms: WordForms | null = null,
): void {
  fc.assert(
    fc.property(
      fc.integer({ min: minProducts, max: maxProducts }),
      fc.integer({ min: 1, max: 1e6 }),
      fc.constantFrom('or', 'and') as fc.Arbitrary<'or' | 'and'>,
      fc.boolean(),
      fc.integer({ min: 1, max: 8 }),
      fc.gen(),
      (products, seed, colorLogic, withCategoryFacet, editCount, generate) => {
        let catalog: CatalogData = generateSyntheticCatalogData({ products, seed, brands: 12 });
        const config = configFor(colorLogic, withCategoryFacet);
        const engine = FacetEngine.build(catalog, config, { wordForms });
        const nextId = idSource(catalog);
        const categorySlugs = catalog.categories.map((category) => category.slug);
        for (let edit = 0; edit < editCount; edit++) {
          const change = generate(() => editArbitrary(catalog, nextId));
          catalog = applyCatalogEdit(catalog, change);
          assert.equal(engine.applyEdit(change), true, 'a small edit is applied, not left to a rebuild');
          const { state, baseCategory, perPage } = generate(() => queryArbitrary(engine, categorySlugs));
          engine.query(state, { baseCategory, perPage });
        }
        const fresh = FacetEngine.build(catalog, config, { wordForms });
        assert.deepEqual(engine.schema, fresh.schema);
        assert.deepEqual({ ...engine.stats, took_ms: 0 }, { ...fresh.stats, took_ms: 0 });
        for (let run = 0; run < 20; run++) {
          const { state, baseCategory, perPage } = generate(() => queryArbitrary(fresh, categorySlugs));
          const result = engine.query(state, { baseCategory, perPage });
          assert.deepEqual(visible(result), visible(fresh.query(state, { baseCategory, perPage })));
          assertAgreesWithBruteForce(result, catalog, config, baseCategory, perPage, wordForms);
        }
      },
    ),
    { numRuns, endOnFailure: true },
  );
}

describe('FacetEngine.applyEdit', () => {
  it('answers as a fresh build of the edited catalog, and as the brute-force scan over it', () => {
    agreesAfterEdits(0, 80, 60);
  });

  it('keeps the word forms of edited titles and brands, as a fresh build with them', () => {
    agreesAfterEdits(0, 120, 30, wordFormsFor('en-GB'));
  });

  // Thousands of products reach prefix sets of range facets, bitset (not list) value sets and clustered words.
  it('agrees on catalogs of thousands of products', () => {
    agreesAfterEdits(2000, 4000, 4);
  });

  // A word of rows with one combination of a facet's values is counted whole. Rows appended into the free slots of
  // such a word with no value of the facet (combination 0, which those slots already had) must still make it mixed:
  // here 40 products sized S and M fill one word and 8 rows of the next, then sizeless products are appended.
  it('does not count a product appended into a uniform word under values it lacks', () => {
    const base = {
      description: '',
      brand: 'Acme',
      category_ids: [1],
      regular_price: 10,
      sale_price: null,
      rating: 4,
      rating_count: 1,
      in_stock: true,
      stock_quantity: 1,
      total_sales: 1,
      created_at: '2026-01-01T00:00:00.000Z',
      image: '',
    };
    const product = (id: number, attributes: Record<string, string[]>): Product => ({
      ...base,
      id,
      slug: `p-${id}`,
      title: `P ${id}`,
      sku: `P${id}`,
      attributes,
    });
    const sized = (id: number) => product(id, { size: ['S', 'M'] });
    const sizeless = (id: number) => product(id, { color: ['Red'] });
    const config = defaultFacetConfig();
    // Right after the build (the word as the build saw it), and after a sized append (the word as an edit saw it).
    for (const edits of [[[sizeless(41)]], [[sized(41)], [sizeless(42)], [sizeless(43), sized(44)]]]) {
      let catalog: CatalogData = {
        categories: [{ id: 1, slug: 'all', name: 'All', parent: 0 }],
        attributes: [
          { name: 'color', label: 'Colour' },
          { name: 'size', label: 'Size' },
        ],
        products: Array.from({ length: 40 }, (_, index) => sized(index + 1)),
      };
      const engine = FacetEngine.build(catalog, config);
      for (const upsert of edits) {
        const edit = { upsert, remove: [] };
        catalog = applyCatalogEdit(catalog, edit);
        assert.equal(engine.applyEdit(edit), true);
        const state = emptyFilterState(engine.schema);
        const result = engine.query(state);
        assert.deepEqual(visible(result), visible(FacetEngine.build(catalog, config).query(state)));
        const sizes = result.facets.find((facet) => facet.definition.name === 'size');
        const expected = catalog.products.filter((entry) => entry.attributes.size).length;
        assert.deepEqual(
          sizes?.kind === 'list' && [...sizes.counts],
          [expected, expected],
          'only sized products count under S and M',
        );
      }
    }
  });

  it('leaves an edit of categories or attributes to a rebuild, changing nothing', () => {
    const catalog = generateSyntheticCatalogData({ products: 30, seed: 2 });
    const engine = FacetEngine.build(catalog, defaultFacetConfig());
    const before = visible(engine.query(emptyFilterState(engine.schema)));
    const product = { ...catalog.products[0]!, regular_price: 1 };
    const categories = [...catalog.categories, { id: 9999, slug: 'new', name: 'New', parent: 0 }];
    assert.equal(engine.applyEdit({ upsert: [product], remove: [], categories }), false);
    assert.equal(engine.applyEdit({ upsert: [product], remove: [], attributes: [] }), false);
    assert.deepEqual(visible(engine.query(before.state)), before);
    // The same categories again (a merge import that brought none) change no facet: the edit is applied.
    assert.equal(
      engine.applyEdit({ upsert: [product], remove: [], categories: structuredClone(catalog.categories) }),
      true,
    );
  });
});
