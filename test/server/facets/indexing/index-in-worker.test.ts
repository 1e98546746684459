/**
 * After a large catalog is replaced (an import), the facet index is built in a worker thread and
 * read back from its snapshot, the previous index answering meanwhile; it then answers as a build in process would.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseFilterState } from '../../../../client/facet-filter/query-state.js';
import { publicCatalog } from '../../../../server/catalog/public-catalog.js';
import { generateSyntheticCatalog } from '../../../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import { wordFormsFor } from '../../../../server/catalog/word-forms/word-forms.js';
import { FacetEngine } from '../../../../server/facets/engine/engine.js';
import { FacetService } from '../../../../server/facets/facet-service.js';
import { FilterAnswers } from '../../../../server/facets/filter/filter-answers.js';
import { Hooks } from '../../../../server/hooks/hooks.js';
import { buildIndexInWorker } from '../../../../server/facets/indexing/index-in-worker.js';
import { openLowdbStore } from '../../../../server/store/lowdb/lowdb-store.js';
import type { Store } from '../../../../server/store/store.js';
import { makeTempDir } from '../../support/test-server.js';

describe('the facet index built in a worker', () => {
  let store: Store;
  const synthetic = generateSyntheticCatalog({ products: 2000, seed: 19 });
  const catalog = {
    categories: synthetic.categories,
    attributes: synthetic.attributes,
    products: [...synthetic.products],
  };
  const queries = [{}, { sf_orderby: 'price' }, { sf_q: 'a' }, { sf_paged: '3' }, { sf_q: 'classics shirts' }];

  before(async () => {
    store = await openLowdbStore(await makeTempDir(), { watch: false });
  });
  after(() => store.close());

  it("answers every query as an index built in process does, word forms of the shop's language included", async () => {
    const config = defaultFacetConfig();
    const { engine: apart } = await buildIndexInWorker(catalog, config, 'en-GB');
    const here = FacetEngine.build(publicCatalog(catalog), config, { wordForms: wordFormsFor('en-GB') });
    assert.equal(apart.wordFormsId, here.wordFormsId);
    for (const query of queries) {
      const [a, b] = [apart, here].map((engine) => engine.query(parseFilterState(query, engine.schema)));
      assert.equal(a!.found, b!.found);
      assert.deepEqual(
        a!.productIds,
        b!.products.map((product) => product.id),
        JSON.stringify(query),
      );
      assert.deepEqual(
        a!.facets.map((facet) => (facet.kind === 'list' ? [...facet.counts] : [facet.min, facet.max])),
        b!.facets.map((facet) => (facet.kind === 'list' ? [...facet.counts] : [facet.min, facet.max])),
      );
    }
  });

  it('keeps answering from the previous index while the new one is built, then takes it in and follows edits', async () => {
    const service = new FacetService(store, () => {}, { inlineRebuildProducts: 100 });
    await store.catalog.replace(
      { categories: catalog.categories, attributes: catalog.attributes },
      catalog.products.slice(0, 500),
    );
    assert.equal(service.engine().stats.indexed, 500, 'a small catalog is built at once');
    await store.catalog.replace({ categories: catalog.categories, attributes: catalog.attributes }, catalog.products);
    assert.equal(service.engine().stats.indexed, 500, 'the previous index answers while the worker builds');
    await service.built();
    assert.equal(service.engine().stats.indexed, 2000);
    const [first] = store.catalog.data.products;
    await store.catalog.change(() => ({
      edit: { upsert: [{ ...first!, status: 'draft' }], remove: [] },
      result: null,
    }));
    assert.equal(service.engine().stats.indexed, 1999, 'an edit attaches the index read back and applies');
  });

  it("keeps no answer of the previous index as the new catalog's: /filter shows the new one as soon as it is read back", async () => {
    const service = new FacetService(store, () => {}, { inlineRebuildProducts: 100 });
    const empty = async () => ({ facets_html: '', toolbar_html: '', results_html: '', pagination_html: '' });
    const answers = new FilterAnswers({ store, hooks: new Hooks(), facets: service, renderFragments: empty });
    const ask = () => answers.answer({}, {}, '');
    const meta = { categories: catalog.categories, attributes: catalog.attributes };
    await store.catalog.replace(meta, catalog.products.slice(0, 500));
    service.engine();
    const small = await ask();
    assert.equal(small.response.found, 500);
    await store.catalog.replace(meta, catalog.products);
    const during = await ask();
    assert.equal(during.response.found, 500, 'the previous index answers while the worker builds');
    assert.equal(during.etag, small.etag, 'tagged as the catalog it shows');
    await service.built();
    const afterwards = await ask();
    assert.equal(
      afterwards.response.found,
      2000,
      "the kept answer of the previous index is not served as the new catalog's",
    );
    assert.notEqual(afterwards.etag, small.etag);
  });
});
