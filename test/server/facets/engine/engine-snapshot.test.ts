/**
 * An engine read back from its snapshot answers every query as the engine it was written from
 * (found, pages, counts, bounds, the page's product ids), and, once attached to its catalog, applies edits as a
 * fresh build of the edited catalog would. A damaged, foreign or stale snapshot is refused with the reason.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseFilterState } from '../../../../client/facet-filter/query-state.js';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import { FacetEngine, type FacetQueryResult } from '../../../../server/facets/engine/engine.js';
import {
  engineSnapshot,
  rekeyedSnapshot,
  restoreEngine,
  restoreEngineInSteps,
  snapshotKey,
} from '../../../../server/facets/engine/engine-snapshot.js';
import { applyCatalogEdit } from '../../../../server/store/catalog-edits.js';
import { queryArbitrary } from '../support/facet-queries.js';
import { wordFormsFor } from '../../../../server/catalog/word-forms/word-forms.js';
import type { WordForms } from '../../../../server/facets/engine/text-index.js';
import { editArbitrary, idSource } from '../support/random-edits.js';

function visible(result: FacetQueryResult) {
  return {
    found: result.found,
    page: result.page,
    pages: result.pages,
    state: result.state,
    ids: result.productIds,
    facets: result.facets.map((facet) =>
      facet.kind === 'range' ? [facet.min, facet.max] : [facet.values.map((info) => info.value), [...facet.counts]],
    ),
  };
}

function restored(engine: FacetEngine, revision = 'r1', wordForms: WordForms | null = null): FacetEngine {
  const outcome = restoreEngine(
    engineSnapshot(engine, revision),
    snapshotKey(revision, engine.config, wordForms),
    wordForms,
  );
  assert.ok('engine' in outcome, 'reason' in outcome ? outcome.reason : '');
  return outcome.engine;
}

describe('engine snapshots', () => {
  it('answers every query as the engine it was written from', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.gen(),
        (products, seed, generate) => {
          const catalog = generateSyntheticCatalogData({ products, seed, brands: 12 });
          const built = FacetEngine.build(catalog, defaultFacetConfig());
          const copy = restored(built);
          assert.equal(copy.attached, false);
          assert.deepEqual(copy.schema, built.schema);
          assert.deepEqual(copy.stats, built.stats);
          for (let run = 0; run < 15; run++) {
            const { state, baseCategory, perPage } = generate(() => queryArbitrary(built));
            const result = copy.query(state, { baseCategory, perPage });
            assert.deepEqual(visible(result), visible(built.query(state, { baseCategory, perPage })));
            assert.deepEqual(result.products, [], 'a detached engine knows products by id');
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('answers as the engine it was written from when its text matches by word forms', () => {
    const wordForms = wordFormsFor('en-GB');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.gen(),
        (products, seed, generate) => {
          const built = FacetEngine.build(
            generateSyntheticCatalogData({ products, seed, brands: 12 }),
            defaultFacetConfig(),
            { wordForms },
          );
          const copy = restored(built, 'r1', wordForms);
          assert.equal(copy.wordFormsId, wordForms!.id);
          for (let run = 0; run < 15; run++) {
            const { state, baseCategory, perPage } = generate(() => queryArbitrary(built));
            assert.deepEqual(
              visible(copy.query(state, { baseCategory, perPage })),
              visible(built.query(state, { baseCategory, perPage })),
            );
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it('applies edits once attached to its catalog, as a fresh build of the edited catalog', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.gen(),
        fc.boolean(),
        (products, seed, generate, withWordForms) => {
          let catalog = generateSyntheticCatalogData({ products, seed, brands: 12 });
          const config = defaultFacetConfig();
          const wordForms = withWordForms ? wordFormsFor('en-GB') : null;
          const engine = restored(FacetEngine.build(catalog, config, { wordForms }), 'r1', wordForms);
          const nextId = idSource(catalog);
          const edit = generate(() => editArbitrary(catalog, nextId));
          assert.equal(engine.applyEdit(edit), false, 'a detached engine leaves edits to a rebuild');
          assert.equal(engine.attach(catalog), true);
          catalog = applyCatalogEdit(catalog, edit);
          assert.equal(engine.applyEdit(edit), true);
          const fresh = FacetEngine.build(catalog, config, { wordForms });
          for (let run = 0; run < 10; run++) {
            const { state, baseCategory, perPage } = generate(() => queryArbitrary(fresh));
            const result = engine.query(state, { baseCategory, perPage });
            assert.deepEqual(visible(result), visible(fresh.query(state, { baseCategory, perPage })));
            assert.deepEqual(
              result.products.map((product) => product.id),
              result.productIds,
            );
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('refuses to attach to a catalog that does not hold its products', () => {
    const catalog = generateSyntheticCatalogData({ products: 50, seed: 3 });
    const engine = restored(FacetEngine.build(catalog, defaultFacetConfig()));
    assert.equal(engine.attach({ ...catalog, products: catalog.products.slice(1) }), false);
    assert.equal(engine.attached, false);
  });

  it('refuses a damaged, foreign or stale snapshot, saying why', () => {
    const catalog = generateSyntheticCatalogData({ products: 200, seed: 5 });
    const config = defaultFacetConfig();
    const bytes = engineSnapshot(FacetEngine.build(catalog, config), 'r7');
    const reasonOf = (data: Buffer, key = snapshotKey('r7', config)) => {
      const outcome = restoreEngine(data, key);
      return 'reason' in outcome ? outcome.reason : 'restored';
    };
    assert.equal(reasonOf(bytes), 'restored');
    const damaged = Buffer.from(bytes);
    damaged[damaged.length >> 1]! ^= 0xff;
    assert.match(reasonOf(damaged), /checksum/);
    assert.match(reasonOf(bytes.subarray(0, bytes.length - 100)), /checksum|unreadable/);
    assert.match(reasonOf(Buffer.from('{"products":[]}')), /not a snapshot/);
    assert.match(
      reasonOf(bytes, snapshotKey('r8', config)),
      /stale: built for catalog revision r7, the catalog is at r8/,
    );
    assert.match(reasonOf(bytes, snapshotKey('r7', { ...config, per_page: 12 })), /another facet configuration/);
    assert.match(reasonOf(bytes, { ...snapshotKey('r7', config), format: 999 }), /engine format/);
    assert.match(
      reasonOf(bytes, snapshotKey('r7', config, wordFormsFor('en-GB'))),
      /stale: built with word forms none, the shop's language uses en:snowball-english/,
    );
    const english = engineSnapshot(FacetEngine.build(catalog, config, { wordForms: wordFormsFor('en-GB') }), 'r7');
    assert.match(
      reasonOf(english, snapshotKey('r7', config, wordFormsFor('de-DE'))),
      /stale: built with word forms en:snowball-english.*, the shop's language uses de:snowball-german/,
    );
    assert.match(
      reasonOf(english, snapshotKey('r7', config)),
      /stale: built with word forms en:snowball-english.*, the shop's language uses none/,
    );
  });

  it('read back in steps, answers as read back at once', async () => {
    const built = FacetEngine.build(generateSyntheticCatalogData({ products: 1500, seed: 8 }), defaultFacetConfig());
    const outcome = await restoreEngineInSteps(engineSnapshot(built, 'r1'), snapshotKey('r1', built.config));
    assert.ok('engine' in outcome);
    for (const query of [{}, { sf_orderby: 'price' }, { sf_q: 'a', sf_paged: '2' }]) {
      assert.deepEqual(
        visible(outcome.engine.query(parseFilterState(query, built.schema))),
        visible(built.query(parseFilterState(query, built.schema))),
      );
    }
    assert.match(
      ((await restoreEngineInSteps(engineSnapshot(built, 'r1'), snapshotKey('r2', built.config))) as { reason: string })
        .reason,
      /stale/,
    );
  });

  it('is keyed by the catalog revision it is given once stored, in place when made with room for it, and still checked', async () => {
    const catalog = generateSyntheticCatalogData({ products: 300, seed: 6 });
    const config = defaultFacetConfig();
    const built = FacetEngine.build(catalog, config);
    const key = '1b4e28ba-2fa1-11d2-883f-0016d3cca427:12';
    for (const room of [0, 256]) {
      const original = engineSnapshot(built, 'built-in-a-worker', room);
      const given = Buffer.from(original);
      const rekeyed = await rekeyedSnapshot(given, key);
      if (room) assert.equal(rekeyed, given, 'with room, the snapshot is re-keyed in place');
      else assert.notEqual(rekeyed, given);
      const outcome = restoreEngine(rekeyed, snapshotKey(key, config));
      assert.ok('engine' in outcome, 'reason' in outcome ? `room ${room}: ${outcome.reason}` : '');
      assert.deepEqual(
        visible(outcome.engine.query(parseFilterState({ sf_orderby: 'price' }, built.schema))),
        visible(built.query(parseFilterState({ sf_orderby: 'price' }, built.schema))),
      );
      assert.match(
        (restoreEngine(rekeyed, snapshotKey('built-in-a-worker', config)) as { reason: string }).reason,
        /stale/,
      );
      const damaged = Buffer.from(rekeyed);
      damaged[damaged.length >> 1]! ^= 0xff;
      assert.match((restoreEngine(damaged, snapshotKey(key, config)) as { reason: string }).reason, /checksum/);
    }
  });
});
