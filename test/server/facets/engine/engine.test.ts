import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig, type FacetConfig } from '../../../../server/facets/config.js';
import { FacetEngine } from '../../../../server/facets/engine/engine.js';
import { emptyFilterState } from '../../../../client/facet-filter/query-state.js';
import { assertAgreesWithBruteForce } from '../support/brute-force-agreement.js';
import { queryArbitrary } from '../support/facet-queries.js';
import { wordFormsFor } from '../../../../server/catalog/word-forms/word-forms.js';
import type { WordForms } from '../../../../server/facets/engine/text-index.js';

/** Polish titles in several forms of their words, for queries such as `kubki` or `koszule` to find by lemma. */
const POLISH_TITLES = [
  'Kubek ceramiczny biały',
  'Buty skórzane czarne',
  'Koszula lniana męska',
  'Kubki do kawy',
  'Koszule bawełniane',
  'Zestaw butów zimowych',
];

/** A random catalog of up to `maxProducts`, with products in a shuffled order so that ordinals differ from ids. */
const catalogArbitrary = (minProducts: number, maxProducts: number) =>
  fc
    .record({
      products: fc.integer({ min: minProducts, max: maxProducts }),
      seed: fc.integer({ min: 1, max: 1e6 }),
      shuffle: fc.integer(),
    })
    .map(({ products, seed, shuffle }) => {
      const catalog = generateSyntheticCatalogData({ products, seed, brands: 12 });
      catalog.products.sort(
        (a, b) => (((a.id * 2654435761 + shuffle) >>> 0) % 97) - (((b.id * 2654435761 + shuffle) >>> 0) % 97),
      );
      return catalog;
    });

function configWith(colorLogic: 'or' | 'and'): FacetConfig {
  const config = defaultFacetConfig();
  config.facets.find((facet) => facet.name === 'color')!.logic = colorLogic;
  return config;
}

/**
 * Runs random queries on random catalogs and checks every answer against the brute-force scan.
 * @param wordForms the word forms both the engine and the scan match text by
 */
function agreesWithBruteForce(
  catalogs: fc.Arbitrary<ReturnType<typeof generateSyntheticCatalogData>>,
  numRuns: number,
  wordForms: WordForms | null = null,
): void {
  fc.assert(
    fc.property(
      catalogs,
      fc.constantFrom('or', 'and') as fc.Arbitrary<'or' | 'and'>,
      fc.gen(),
      (catalog, colorLogic, generate) => {
        const config = configWith(colorLogic);
        const engine = FacetEngine.build(catalog, config, { wordForms });
        for (let run = 0; run < 25; run++) {
          const { state, baseCategory, perPage } = generate(() => queryArbitrary(engine));
          const result = engine.query(state, { baseCategory, perPage });
          assertAgreesWithBruteForce(result, catalog, config, baseCategory, perPage, wordForms);
        }
      },
    ),
    { numRuns },
  );
}

describe('FacetEngine.query', () => {
  it('agrees with a brute-force scan on found, page order, every count and range bounds', () => {
    agreesWithBruteForce(catalogArbitrary(0, 120), 30);
  });

  // Bigger catalogs take the paths that small ones never reach: ranges from prefix sets with fix-ups at both ends,
  // counting by popcount and by whole clustered words, complements of cached counts, pages picked from a heap.
  it('agrees with the brute-force scan on catalogs of thousands of products', () => {
    agreesWithBruteForce(catalogArbitrary(2000, 5000), 4);
  });

  it('agrees with the brute-force scan when text matches by the word forms of English', () => {
    agreesWithBruteForce(catalogArbitrary(0, 400), 20, wordFormsFor('en-GB'));
  });

  it('agrees with the brute-force scan when text matches by the word forms of Polish', () => {
    const polish = catalogArbitrary(0, 200).map((catalog) => ({
      ...catalog,
      products: catalog.products.map((product, index) => ({
        ...product,
        title: `${POLISH_TITLES[index % POLISH_TITLES.length]} ${product.title}`,
      })),
    }));
    agreesWithBruteForce(polish, 10, wordFormsFor('pl-PL'));
  });

  it('finds the other forms of a word, keeps the last word a prefix, and ranks title matches first', () => {
    const catalog = generateSyntheticCatalogData({ products: 6, seed: 3 });
    POLISH_TITLES.slice(0, 3).forEach((title, index) => (catalog.products[index]!.title = title));
    const engine = FacetEngine.build(catalog, defaultFacetConfig(), { wordForms: wordFormsFor('pl-PL') });
    const titlesFound = (q: string) =>
      engine
        .query({ ...emptyFilterState(engine.schema), q })
        .products.map((product) => product.title)
        .sort();
    assert.deepEqual(titlesFound('kubki'), ['Kubek ceramiczny biały']);
    assert.deepEqual(titlesFound('butów'), ['Buty skórzane czarne']);
    assert.deepEqual(titlesFound('butow'), ['Buty skórzane czarne']);
    assert.deepEqual(titlesFound('koszule lniane'), ['Koszula lniana męska']);
    assert.deepEqual(titlesFound('kub'), ['Kubek ceramiczny biały']);
    assert.deepEqual(titlesFound('kubki zielone'), []);
    assert.equal(
      FacetEngine.build(catalog, defaultFacetConfig()).query({ ...emptyFilterState(engine.schema), q: 'kubki' }).found,
      0,
    );
  });

  it('drops unknown values and clamps the page in the applied state', () => {
    const catalog = generateSyntheticCatalogData({ products: 30, seed: 4 });
    const engine = FacetEngine.build(catalog, defaultFacetConfig());
    const result = engine.query({
      ...emptyFilterState(engine.schema),
      values: { color: ['no-such-colour'] },
      page: 99,
    });
    assert.deepEqual(result.state.values, {});
    assert.equal(result.page, 2);
    assert.equal(result.found, 30);
  });

  it('reports what it indexed and how long it took', () => {
    const engine = FacetEngine.build(generateSyntheticCatalogData({ products: 40, seed: 4 }), defaultFacetConfig());
    assert.equal(engine.stats.indexed, 40);
    assert.equal(engine.stats.facets, 7);
    assert.ok(engine.stats.values > 0 && engine.stats.took_ms >= 0);
  });
});
