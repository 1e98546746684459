/**
 * A shop restarted after a day's kind of catalog changes (prices edited, stock taken by orders, a product added and
 * one deleted) reads its facet index snapshot back and brings it up to date with those changes, instead of rebuilding
 * the index: the log and the index health say so, the catalog stays unloaded, and the index answers every count as a
 * fresh build of the changed catalog does. On the data folder and on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import { emptyFilterState, type FilterState } from '../../../../client/facet-filter/query-state.js';
import { publicCatalog } from '../../../../server/catalog/public-catalog.js';
import type { FacetService } from '../../../../server/facets/facet-service.js';
import { FacetEngine, type FacetQueryResult } from '../../../../server/facets/engine/engine.js';
import { stockTakingEdit } from '../../../../server/shop/stock.js';
import type { Store } from '../../../../server/store/store.js';
import { createTestDatabase } from '../../../support/postgres.js';
import { newOrderFixture } from '../../store/conformance/shop-contract.js';
import { fetchJson, makeTempDir, startTestServer, type TestServer } from '../../support/test-server.js';

/** Starts a server on its data folder or database, with what it logged while starting. */
async function started(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<{ server: TestServer; log: string }> {
  const lines: string[] = [];
  const original = console.log;
  console.log = (...parts: unknown[]) => void lines.push(parts.join(' '));
  try {
    const server = await startTestServer({ dataDir: env.DATA_DIR, env });
    return { server, log: lines.join('\n') };
  } finally {
    console.log = original;
  }
}

const facetsOf = (server: TestServer) => server.plugin.container.get('facets') as FacetService;

async function found(server: TestServer, query: Record<string, string>): Promise<number> {
  const { status, body } = await fetchJson(`${server.url}/wp-json/facet/v1/filter`, {
    method: 'POST',
    json: { query },
  });
  assert.equal(status, 200);
  return body.found;
}

/** Prices edited, stock taken by two orders, a product added and one deleted: seven catalog changes. */
async function changeCatalog(store: Store): Promise<{ added: string; deleted: string }> {
  await store.catalog.load();
  const products = store.catalog.data.products;
  for (const product of products.slice(0, 3)) {
    await store.catalog.change(() => ({
      edit: { upsert: [{ ...product, regular_price: product.regular_price + 7, sale_price: null }], remove: [] },
      result: null,
    }));
  }
  const simple = products.find((product) => product.type !== 'variable' && (product.stock_quantity ?? 0) > 2)!;
  const variable = products.find((product) => product.type === 'variable' && product.variations?.[0]?.in_stock)!;
  const variation = variable.variations![0]!;
  for (const lines of [
    [{ product_id: simple.id, quantity: simple.stock_quantity! }],
    [{ product_id: variable.id, variation_id: variation.id, quantity: variation.stock_quantity ?? 1 }],
  ]) {
    // Paid: an unpaid order's hold would run out and give the stock back (another change) at the next start.
    const order = {
      ...newOrderFixture('buyer@example.com'),
      status: 'processing' as const,
      date_paid: '2026-03-04T05:06:07.000Z',
    };
    await store.orders.place(order, [], (catalog) => stockTakingEdit(catalog, lines));
  }
  const template = products.find((product) => product.type !== 'variable')!;
  const added = { ...template, id: 880_001, slug: 'quokka-lamp', sku: 'QUOKKA', title: 'Quokka Lamp' };
  await store.catalog.change(() => ({ edit: { upsert: [added], remove: [] }, result: null }));
  const deleted = products[10]!;
  await store.catalog.change(() => ({ edit: { upsert: [], remove: [deleted.id] }, result: null }));
  return { added: 'quokka', deleted: deleted.title };
}

/** What a shopper sees of an answer: the count, the page's products and every facet's counts or bounds. */
function visible(result: FacetQueryResult) {
  return {
    found: result.found,
    productIds: result.productIds,
    facets: result.facets.map((facet) =>
      facet.kind === 'range'
        ? [facet.definition.name, facet.min, facet.max]
        : [facet.definition.name, facet.values.map((info) => info.value), [...facet.counts]],
    ),
  };
}

/** Filter states over every facet: nothing, each facet's first values, each sort, a text query. */
function statesOf(engine: FacetEngine): FilterState[] {
  const empty = emptyFilterState(engine.schema);
  const states: FilterState[] = [empty, { ...empty, q: 'quokka' }];
  for (const facet of engine.schema.facets) {
    if (facet.kind !== 'list') continue;
    for (const value of [...(facet.values ?? [])].slice(0, 3))
      states.push({ ...empty, values: { [facet.name]: [value] } });
  }
  for (const orderby of engine.schema.orderbyOptions) states.push({ ...empty, orderby });
  return states;
}

async function restartsCaughtUp(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<void> {
  const first = await started(env);
  let server = first.server;
  try {
    assert.match(first.log, /Facet index: no snapshot yet; building the index\./);
    await found(server, {});
    await facetsOf(server).built();
    await facetsOf(server).flush();
    const { added, deleted } = await changeCatalog(server.store);
    assert.equal(await found(server, { sf_q: added }), 1, 'the running shop shows the changes at once');
    await server.stop({ keepData: true });

    const second = await started(env);
    server = second.server;
    assert.match(
      second.log,
      /Facet index: read back from its snapshot \(\d+ products, \d+ MB\) and brought up to date with 7 catalog changes in \d+ ms\./,
    );
    assert.doesNotMatch(second.log, /rebuilding the index/);
    assert.equal(server.store.catalog.loaded, false, 'brought up to date without loading the catalog');
    assert.equal(await found(server, { sf_q: added }), 1, 'the added product');
    assert.equal(await found(server, { sf_q: deleted }), 0, 'not the deleted one');
    assert.equal(server.store.catalog.loaded, false, 'answered without loading the catalog');
    const auth = await server.basicAuthFor('administrator');
    const health = await fetchJson(server.restUrl('/facet/v1/reindex'), { headers: { authorization: auth } });
    assert.equal(health.status, 200);
    assert.equal(health.body.index.origin, 'caught_up');
    assert.equal(health.body.index.caught_up_changes, 7);

    const facets = facetsOf(server);
    await server.store.catalog.load();
    const engine = facets.engine();
    const fresh = FacetEngine.build(publicCatalog(server.store.catalog.data), facets.config(), {
      wordForms: facets.wordForms(),
    });
    assert.equal(facets.health()?.origin, 'caught_up', 'the same index, not rebuilt once the catalog is loaded');
    assert.equal(engine.stats.indexed, fresh.stats.indexed);
    for (const state of statesOf(fresh)) assert.deepEqual(visible(engine.query(state)), visible(fresh.query(state)));
  } finally {
    await server.stop({ keepData: true });
  }
}

describe('a facet index snapshot older than the catalog', () => {
  const folders: string[] = [];
  after(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  it('is brought up to date at start from the data folder’s catalog journal', async () => {
    const dataDir = await makeTempDir();
    folders.push(dataDir);
    await restartsCaughtUp({ DATA_DIR: dataDir });
  });

  it('is brought up to date at start from PostgreSQL’s catalog changes', async () => {
    const dataDir = await makeTempDir();
    folders.push(dataDir);
    await restartsCaughtUp({ DATA_DIR: dataDir, DATABASE_URL: await createTestDatabase() });
  });
});
