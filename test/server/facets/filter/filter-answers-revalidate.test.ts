/**
 * Kept `/filter` answers past their lifetime: what their key cannot name (the Omnibus prices the cards show, read
 * from the price history, which is appended after the catalog changes) is read again, behind the request that found
 * it expired (answered the kept answer); unchanged, the answer is kept on without filtering and rendering again;
 * changed, it is made again at the next request and shows the new prices.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Product } from '../../../../server/catalog/model.js';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { FacetService } from '../../../../server/facets/facet-service.js';
import { FilterAnswers } from '../../../../server/facets/filter/filter-answers.js';
import { Hooks } from '../../../../server/hooks/hooks.js';
import { openLowdbStore } from '../../../../server/store/lowdb/lowdb-store.js';
import type { Store } from '../../../../server/store/store.js';
import { makeTempDir } from '../../support/test-server.js';

const MINUTE = 60_000;

describe('a kept /filter answer past its lifetime', () => {
  let store: Store;
  before(async () => {
    store = await openLowdbStore(await makeTempDir(), { watch: false });
    const catalog = generateSyntheticCatalogData({ products: 120, seed: 5 });
    await store.catalog.replace({ categories: catalog.categories, attributes: catalog.attributes }, catalog.products);
  });
  after(() => store.close());

  /** Answers whose render counts itself and shows the unkeyed input it was made with; `unkeyed` is what is read now. */
  function answersWith(unkeyed: { now: string }, withInputs = true) {
    const made = { renders: 0, reads: [] as (readonly number[])[] };
    const answers = new FilterAnswers({
      store,
      hooks: new Hooks(),
      facets: new FacetService(store, () => {}),
      renderFragments: async (_outcome, _token, inputs) => ({
        facets_html: '',
        toolbar_html: '',
        results_html: `render ${++made.renders} with ${inputs?.key ?? unkeyed.now}`,
        pagination_html: '',
      }),
      ...(withInputs
        ? {
            unkeyedInputs: async (products: readonly Product[]) => (
              made.reads.push(products.map((product) => product.id)), { key: unkeyed.now }
            ),
          }
        : {}),
    });
    return { answers, made };
  }

  /** The read behind a request runs after a real pause of a few milliseconds (only Date is mocked). */
  async function readsReach(made: { reads: unknown[] }, count: number): Promise<void> {
    for (let waited = 0; made.reads.length < count; waited += 5) {
      assert.ok(waited < 5000, `${count} reads expected, ${made.reads.length} made`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  /** A turn of the loop: what the read found is acted on once it resolves. */
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('is kept on while what its key cannot name is unchanged, and made again once it changed', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.UTC(2026, 10, 24, 12) });
    const unkeyed = { now: 'prices A' };
    const { answers, made } = answersWith(unkeyed);
    const ask = () => answers.answer({ sf_orderby: 'price' }, {}, 'sf_orderby=price');
    const first = await ask();
    assert.equal(first.response.results_html, 'render 1 with prices A');
    assert.equal(made.reads.at(-1)!.length, 24, "read for the page's products");
    t.mock.timers.tick(20_000);
    assert.equal((await ask()).response.results_html, 'render 1 with prices A', 'fresh: kept without a read');
    assert.equal(made.reads.length, 1);

    t.mock.timers.tick(2 * MINUTE);
    assert.equal(await ask(), first, 'past its lifetime: answered at once, while it is read again behind the request');
    await readsReach(made, 2);
    assert.deepEqual(made.reads.at(-1), made.reads[0], 'the same products read again');
    assert.equal(await ask(), first, 'unchanged: the same answer, for another lifetime');
    assert.equal(made.renders, 1);
    assert.equal(made.reads.length, 2, 'kept without another read');

    unkeyed.now = 'prices B';
    t.mock.timers.tick(2 * MINUTE);
    assert.equal((await ask()).response.results_html, 'render 1 with prices A', 'answered while it is read again');
    await readsReach(made, 3);
    await settled();
    const remade = await ask();
    assert.equal(remade.response.results_html, 'render 2 with prices B', 'changed: made again, with what shows now');
    assert.equal(remade.etag, first.etag, 'the same state of the same catalog: the same key');
  });

  it('is made again at the end of its lifetime when the app gives no way to read what the key cannot name', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.UTC(2026, 10, 24, 12) });
    const { answers, made } = answersWith({ now: 'x' }, false);
    await answers.answer({}, {}, '');
    t.mock.timers.tick(29_000);
    await answers.answer({}, {}, '');
    assert.equal(made.renders, 1, 'kept for at least half a minute');
    t.mock.timers.tick(MINUTE + 1000);
    await answers.answer({}, {}, '');
    assert.equal(made.renders, 2, 'made again after at most a minute');
  });
});
