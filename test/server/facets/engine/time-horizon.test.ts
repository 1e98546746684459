/**
 * An index stays true as the clock moves: a scheduled sale that starts or ends, or a product that stops being new,
 * changes the price filter, the on-sale toggle and the new-products toggle without any catalog change, so the index
 * is rebuilt once the first such instant has passed, and the answers' key (the ETag) changes with it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { emptyFilterState, parseFilterState } from '../../../../client/facet-filter/query-state.js';
import { isOnSale, type Product } from '../../../../server/catalog/model.js';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig, type FacetConfig } from '../../../../server/facets/config.js';
import { FacetEngine } from '../../../../server/facets/engine/engine.js';
import { engineSnapshot, restoreEngine, snapshotKey } from '../../../../server/facets/engine/engine-snapshot.js';
import { FacetService } from '../../../../server/facets/facet-service.js';
import { FilterAnswers } from '../../../../server/facets/filter/filter-answers.js';
import { isNewProduct } from '../../../../server/facets/sources.js';
import { nextChangeOfProduct, NEVER } from '../../../../server/facets/engine/time-horizon.js';
import { Hooks } from '../../../../server/hooks/hooks.js';
import { openLowdbStore } from '../../../../server/store/lowdb/lowdb-store.js';
import type { Store } from '../../../../server/store/store.js';
import { makeTempDir } from '../../support/test-server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 24, 12, 30);

function configWith(...sources: Array<'field:on_sale' | 'field:new'>): FacetConfig {
  const config = defaultFacetConfig();
  const toggle = config.facets.find((facet) => facet.name === 'in_stock')!;
  for (const source of sources)
    config.facets.push({
      ...toggle,
      name: source.slice(6),
      label: source,
      source,
      ...(source === 'field:new' ? { new_days: 7 } : {}),
    });
  return config;
}

const iso = (time: number) => new Date(time).toISOString();
const product = (fields: Partial<Product>): Product => ({
  ...generateSyntheticCatalogData({ products: 1, seed: 1 }).products[0]!,
  type: 'simple',
  variations: [],
  ...fields,
});

/** Every fact an index reads from the clock, for one product at `time`. */
const factsAt = (item: Product, days: readonly number[], time: number) =>
  JSON.stringify([
    isOnSale(item, time),
    ...(item.variations ?? []).map((variation) => isOnSale(variation, time)),
    ...days.map((count) => isNewProduct(item, count, time)),
  ]);

describe('when the clock makes an index untrue (time-horizon.ts)', () => {
  it('names the first sale start or end, of the product or a variation, and the end of being new, on the hour', () => {
    const base = { sale_price: 5, regular_price: 10, created_at: iso(NOW - 30 * DAY) };
    assert.equal(nextChangeOfProduct(product({ ...base, date_on_sale_from: iso(NOW + 5000) }), [], NOW), NOW + 5000);
    assert.equal(
      nextChangeOfProduct(product({ ...base, date_on_sale_to: iso(NOW + 5000) }), [], NOW),
      NOW + 5001,
      'the last millisecond of a sale is still on sale',
    );
    assert.equal(
      nextChangeOfProduct(
        product({ ...base, date_on_sale_from: iso(NOW - DAY), date_on_sale_to: iso(NOW - 1) }),
        [],
        NOW,
      ),
      NEVER,
      'an ended sale changes nothing more',
    );
    assert.equal(
      nextChangeOfProduct(product({ ...base, sale_price: null, date_on_sale_from: iso(NOW + 5000) }), [], NOW),
      NEVER,
      'dates without a sale price',
    );
    assert.equal(
      nextChangeOfProduct(product({ ...base, created_at: iso(NOW - 6 * DAY - 10 * 60_000) }), [7], NOW),
      Date.UTC(2026, 10, 25, 13),
      'new until 7 days after 12:20, rounded up to 13:00',
    );
    assert.equal(
      nextChangeOfProduct(product({ ...base, created_at: iso(NOW - 6 * DAY) }), [], NOW),
      NEVER,
      'age matters only with a new-products facet',
    );
    const variable = product({
      ...base,
      type: 'variable',
      sale_price: null,
      variations: [
        {
          id: 900,
          sku: 'v1',
          attributes: {},
          regular_price: 10,
          sale_price: 5,
          date_on_sale_from: iso(NOW + 9000),
          in_stock: true,
          stock_quantity: 1,
        },
        {
          id: 901,
          sku: 'v2',
          attributes: {},
          regular_price: 10,
          sale_price: 5,
          date_on_sale_to: iso(NOW + 4000),
          in_stock: true,
          stock_quantity: 1,
        },
      ],
    });
    assert.equal(nextChangeOfProduct(variable, [], NOW), NOW + 4001);
  });

  it('no fact changes before the instant it names (property, against the facts themselves)', () => {
    const offset = fc.option(fc.integer({ min: -3 * DAY, max: 3 * DAY }), { nil: undefined });
    fc.assert(
      fc.property(offset, offset, offset, fc.boolean(), fc.subarray([1, 7, 30]), (from, to, created, onSale, days) => {
        const item = product({
          sale_price: onSale ? 5 : null,
          regular_price: 10,
          created_at: iso(NOW + (created ?? -400 * DAY)),
          date_on_sale_from: from === undefined ? null : iso(NOW + from),
          date_on_sale_to: to === undefined ? null : iso(NOW + to),
        });
        const next = nextChangeOfProduct(item, days, NOW);
        assert.ok(next > NOW);
        // A sale is followed to the millisecond; a product's age on the hour, so it may change up to an hour earlier.
        const sale = nextChangeOfProduct(item, [], NOW);
        const age = nextChangeOfProduct({ ...item, sale_price: null }, days, NOW);
        const quietUntil = Math.min(NOW + 400 * DAY, sale - 1, age - HOUR);
        const before = factsAt(item, days, NOW);
        const probes = [
          ...[0, 0.1, 0.25, 0.5, 0.75, 0.9, 1].map((fraction) => NOW + fraction * (quietUntil - NOW)),
          ...[from, to, created].flatMap((at) =>
            at === undefined ? [] : [NOW + at - 1, NOW + at, NOW + at + 1, NOW + at + 7 * DAY],
          ),
        ];
        for (const probe of probes.map(Math.floor)) {
          if (probe >= NOW && probe <= quietUntil)
            assert.equal(factsAt(item, days, probe), before, `at +${probe - NOW} ms`);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('travels with the index in its snapshot', () => {
    const catalog = generateSyntheticCatalogData({ products: 50, seed: 4 });
    catalog.products[3] = {
      ...catalog.products[3]!,
      type: 'simple',
      variations: [],
      sale_price: 1,
      date_on_sale_from: iso(Date.now() + DAY),
    };
    const config = configWith('field:on_sale');
    const engine = FacetEngine.build(catalog, config);
    assert.ok(Math.abs(engine.changesAt - (Date.now() + DAY)) < 5000);
    const restored = restoreEngine(engineSnapshot(engine, 'r1'), snapshotKey('r1', config));
    assert.ok('engine' in restored);
    assert.equal(restored.engine.changesAt, engine.changesAt);
    const never = FacetEngine.build(
      {
        ...catalog,
        products: catalog.products
          .filter((_, index) => index !== 3)
          .map((item) => ({ ...item, date_on_sale_from: null, date_on_sale_to: null })),
      },
      config,
    );
    assert.equal(never.changesAt, NEVER);
  });
});

describe('an edit that schedules a sale', () => {
  it('brings the instant forward, as a fresh build of the edited catalog would name it', () => {
    const catalog = generateSyntheticCatalogData({ products: 40, seed: 9 });
    const noSale = { sale_price: null, date_on_sale_from: null, date_on_sale_to: null };
    catalog.products = catalog.products.map((item) => ({ ...item, ...noSale, type: 'simple', variations: [] }));
    const engine = FacetEngine.build(catalog, configWith('field:on_sale'));
    assert.equal(engine.changesAt, NEVER);
    const ends = Date.now() + 2 * DAY;
    const edited = { ...catalog.products[5]!, sale_price: 1, date_on_sale_to: iso(ends) };
    assert.equal(engine.applyEdit({ upsert: [edited], remove: [] }), true);
    assert.equal(engine.changesAt, ends + 1);
    const fresh = FacetEngine.build(
      { ...catalog, products: catalog.products.map((item) => (item.id === edited.id ? edited : item)) },
      configWith('field:on_sale'),
    );
    assert.equal(fresh.changesAt, engine.changesAt);
  });
});

describe('the facet service as the clock passes a scheduled sale', () => {
  let store: Store;
  const catalog = generateSyntheticCatalogData({ products: 300, seed: 23 });
  const meta = { categories: catalog.categories, attributes: catalog.attributes };
  const config = configWith('field:on_sale');
  const onSaleNow = (service: FacetService) => {
    const engine = service.engine();
    return engine.query({ ...emptyFilterState(engine.schema), values: { on_sale: ['1'] } }, { perPage: 1000 })
      .productIds;
  };

  before(async () => {
    store = await openLowdbStore(await makeTempDir(), { watch: false });
    await store.site.update((site) => {
      site.facet_config = config;
    });
    // The shop's language (pl-PL) reads its dictionary on the first word, once per process: here, not inside the
    // second and a half the sale below waits to start.
    new FacetService(store, () => {}).wordForms()?.formsOf('kubki');
  });
  after(() => store.close());

  for (const [label, inlineRebuildProducts] of [
    ['a small catalog, rebuilt at once', undefined],
    ['a large one, rebuilt in a worker', 100],
  ] as const) {
    it(`${label}: the sale shows in the on-sale toggle and the price filter once started, under a new ETag`, async () => {
      const noSale = { sale_price: null, date_on_sale_from: null, date_on_sale_to: null };
      const products: Product[] = catalog.products.map((item) => ({
        ...item,
        ...noSale,
        variations: item.variations?.map((variation) => ({ ...variation, ...noSale })),
      }));
      // Far enough ahead for the index to be built (in a worker, on a busy machine) before the sale starts.
      const starts = Date.now() + 2500;
      const target = products[7]!;
      products[7] = {
        ...target,
        type: 'simple',
        variations: [],
        regular_price: 999,
        sale_price: 0.5,
        date_on_sale_from: iso(starts),
        date_on_sale_to: null,
      };
      await store.catalog.replace(meta, products);
      const service = new FacetService(store, () => {}, { inlineRebuildProducts });
      const empty = async () => ({ facets_html: '', toolbar_html: '', results_html: '', pagination_html: '' });
      const answers = new FilterAnswers({ store, hooks: new Hooks(), facets: service, renderFragments: empty });
      const cheap = { sf_price: '0-1' };
      await service.ready();
      await service.built();
      const before = await answers.answer(cheap, {}, 'sf_price=0-1');
      assert.equal(before.response.found, 0, 'nothing costs under 1 before the sale');
      assert.deepEqual(onSaleNow(service), []);

      await sleep(Math.max(0, starts - Date.now()) + 50);
      const during = await answers.answer(cheap, {}, 'sf_price=0-1');
      if (inlineRebuildProducts) {
        // The previous index answers while the worker builds, under its own key.
        await service.built();
      }
      const after = await answers.answer(cheap, {}, 'sf_price=0-1');
      assert.equal(after.response.found, 1, 'the product on sale at 0.50 is found by the price filter');
      assert.deepEqual(onSaleNow(service), [target.id]);
      assert.notEqual(after.etag, before.etag, 'the answer changed, so did its ETag');
      if (!inlineRebuildProducts) assert.equal(during.response.found, 1, 'a small catalog answers rightly at once');
      const engine = service.engine();
      assert.equal(engine.changesAt, NEVER, 'nothing else is scheduled');
      assert.equal(engine.query(parseFilterState({}, engine.schema)).found, 300);
    });
  }
});
