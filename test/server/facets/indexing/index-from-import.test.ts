/**
 * The import worker that checked a large replaced catalog builds its facet index too, so that the
 * serving thread copies no catalog to a worker of its own. The previous index answers until the catalog and its
 * prices are stored; then `/filter` answers from the new one (checked against an index built in process, an
 * independent reference), and the index is stored as the snapshot of the catalog's revision, which a restarted
 * server reads back. An import worker that cannot build it, or an import that is refused, loses nothing: the index
 * is built as before, or the previous one stays. On both stores.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseFilterState } from '../../../../client/facet-filter/query-state.js';
import { writeCsvFile } from '../../../../server/catalog/csv/csv-files.js';
import { ImportJobs, type ImportJobJson } from '../../../../server/catalog/import/import-jobs.js';
import { publicCatalog } from '../../../../server/catalog/public-catalog.js';
import { generateSyntheticCatalog } from '../../../../server/catalog/synthetic-catalog.js';
import { FacetEngine } from '../../../../server/facets/engine/engine.js';
import { restoreEngine, snapshotKey } from '../../../../server/facets/engine/engine-snapshot.js';
import { FacetService } from '../../../../server/facets/facet-service.js';
import { openLowdbStore } from '../../../../server/store/lowdb/lowdb-store.js';
import { openPostgresStore } from '../../../../server/store/postgres/index.js';
import type { Store } from '../../../../server/store/store.js';
import { createTestDatabase } from '../../../support/postgres.js';
import { makeTempDir } from '../../support/test-server.js';

const QUERIES = [{}, { sf_orderby: 'price' }, { sf_q: 'a' }, { sf_paged: '3' }, { sf_orderby: 'date', sf_paged: '2' }];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const STORES: { name: string; open: () => Promise<Store> }[] = [
  { name: 'lowdb files', open: async () => openLowdbStore(await makeTempDir(), { watch: false }) },
  { name: 'PostgreSQL', open: async () => openPostgresStore(await createTestDatabase(), { listen: false }) },
];

/** A WooCommerce CSV of a synthetic catalog of `products` products. */
async function csvOf(products: number, seed: number): Promise<Buffer> {
  const file = path.join(await makeTempDir(), 'catalog.csv');
  const synthetic = generateSyntheticCatalog({ products, seed });
  await writeCsvFile(file, {
    categories: synthetic.categories,
    attributes: synthetic.attributes,
    products: [...synthetic.products],
  });
  return readFile(file);
}

async function finished(jobs: ImportJobs, id: string, whileRunning: () => void = () => {}): Promise<ImportJobJson> {
  for (;;) {
    const job = jobs.get(id)!;
    if (job.status !== 'running') return job;
    whileRunning();
    await sleep(20);
  }
}

/** Every query's found, product ids and counts: what /filter shows of an index. */
function answers(engine: FacetEngine): unknown[] {
  return QUERIES.map((query) => {
    const result = engine.query(parseFilterState(query, engine.schema));
    return {
      found: result.found,
      ids: result.productIds,
      facets: result.facets.map((facet) => (facet.kind === 'list' ? [...facet.counts] : [facet.min, facet.max])),
    };
  });
}

for (const { name, open } of STORES) {
  describe(`the facet index of a replaced catalog, built by the import worker (${name})`, () => {
    let store: Store;
    let service: FacetService;
    let logged: string[];
    let previousFound: number;
    let large: Buffer;

    before(async () => {
      store = await open();
      const small = generateSyntheticCatalog({ products: 300, seed: 3 });
      await store.catalog.replace({ categories: small.categories, attributes: small.attributes }, [...small.products]);
      logged = [];
      service = new FacetService(store, (message) => logged.push(message), { inlineRebuildProducts: 1000 });
      previousFound = service.engine().stats.indexed;
      large = await csvOf(3000, 7);
    });
    after(() => store.close());

    it('keeps answering from the previous index until the catalog and its prices are stored, then from the new one', async () => {
      const jobs = new ImportJobs(store, undefined, service.indexInImportWorker());
      const job = jobs.start(large, 'replace');
      const during = new Set<number>();
      const done = await finished(jobs, job.id, () => during.add(service.engine().stats.indexed));
      assert.equal(done.status, 'done', JSON.stringify(done));
      assert.deepEqual([...during], [previousFound], 'the previous index answers while the import runs');
      await service.built();
      const reference = FacetEngine.build(publicCatalog(store.catalog.data), service.config());
      assert.equal(service.engine().stats.indexed, reference.stats.indexed);
      assert.ok(reference.stats.indexed > 1000);
      assert.deepEqual(answers(service.engine()), answers(reference));
      assert.equal(logged.length, 1, logged.join('\n'));
      assert.match(
        logged[0]!,
        new RegExp(
          `^Facet index: built by the import worker \\(${reference.stats.indexed} products\\), read back in \\d+ ms\\.$`,
        ),
      );
    });

    it('stores that index as the snapshot of the new catalog revision, which a restarted server reads back', async () => {
      await service.flush();
      const bytes = await store.snapshots.read('facets');
      assert.ok(bytes);
      const restored = restoreEngine(
        bytes,
        snapshotKey(store.catalog.revision, service.config(), service.wordForms()),
        service.wordForms(),
      );
      assert.ok('engine' in restored, 'reason' in restored ? restored.reason : '');
      assert.deepEqual(answers(restored.engine), answers(service.engine()));
    });

    it('keeps the previous index when the import is refused (a row is invalid)', async () => {
      const before = answers(service.engine());
      const broken = Buffer.from(
        `${large.toString('utf8').trimEnd()}\r\n,simple,BROKEN-1,Broken,1,not a price,1,1,,\r\n`,
      );
      const jobs = new ImportJobs(store, undefined, service.indexInImportWorker());
      const done = await finished(jobs, jobs.start(broken, 'replace').id);
      assert.equal(done.report?.applied, false, JSON.stringify(done.report).slice(0, 300));
      await service.built();
      assert.deepEqual(answers(service.engine()), before);
      assert.equal(logged.length, 1, 'nothing more was built or logged');
    });

    it('builds the index in a worker of its own when the import worker could not, and says so', async () => {
      const failing = {
        ...service.indexInImportWorker(),
        module: new URL(
          'data:text/javascript,export function prepareReplacedCatalog() { throw new Error("out of room"); }',
        ),
      };
      const jobs = new ImportJobs(store, undefined, failing);
      const done = await finished(jobs, jobs.start(await csvOf(2000, 11), 'replace').id);
      assert.equal(done.status, 'done', JSON.stringify(done));
      await service.built();
      assert.match(
        logged.join('\n'),
        /the import worker could not build it \(out of room\); building it in a worker of its own instead/,
      );
      // The next request notices the replaced catalog and builds its index apart, the previous one answering meanwhile.
      service.engine();
      await service.built();
      const reference = FacetEngine.build(publicCatalog(store.catalog.data), service.config());
      assert.deepEqual(answers(service.engine()), answers(reference));
    });
  });
}
