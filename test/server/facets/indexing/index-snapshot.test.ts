/**
 * The facet index is written as a snapshot when built, and a server started on the same catalog
 * reads it back instead of building it, answering `/filter` with the catalog's products still unloaded (they load
 * when a request first needs them). A missing, stale (the catalog replaced) or damaged snapshot is rebuilt, and the
 * log says which. The same on PostgreSQL, keyed by its catalog revision. (A snapshot older than edits of the catalog
 * is brought up to date instead: snapshot-catch-up.test.ts.)
 */
import assert from 'node:assert/strict';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openLowdbStore } from '../../../../server/store/lowdb/lowdb-store.js';
import { createTestDatabase } from '../../../support/postgres.js';
import { startServerProcess } from '../../support/processes.js';
import { fetchJson, makeTempDir, startTestServer, type TestServer } from '../../support/test-server.js';

const QUERY = { sf_color: 'black', sf_orderby: 'price' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a server on `dataDir`, with what it logged while starting. */
async function started(dataDir: string): Promise<{ server: TestServer; log: string }> {
  const lines: string[] = [];
  const original = console.log;
  console.log = (...parts: unknown[]) => void lines.push(parts.join(' '));
  try {
    const server = await startTestServer({ dataDir });
    return { server, log: lines.join('\n') };
  } finally {
    console.log = original;
  }
}

/** The answer of /filter, with the per-visitor form tokens of its cart buttons left out. */
async function filter(url: string, query: Record<string, string> = QUERY) {
  const { status, body } = await fetchJson(`${url}/wp-json/facet/v1/filter`, { method: 'POST', json: { query } });
  assert.equal(status, 200);
  const strip = (value: unknown) =>
    typeof value === 'string' ? value.replace(/name="_csrf" value="[^"]*"/g, 'name="_csrf"') : value;
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([key, value]) => [key, strip(value)]));
}

/** Waits for the snapshot file, written just after the build. */
async function snapshotWritten(file: string, newerThan = 0): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs > newerThan) return;
    await sleep(50);
  }
  assert.fail(`no snapshot at ${file}`);
}

describe('the facet index snapshot (data folder)', () => {
  const folders: string[] = [];
  after(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  it('is written when built, read back at start, and answers /filter before the catalog is loaded', async () => {
    const dataDir = await makeTempDir();
    folders.push(dataDir);
    const file = path.join(dataDir, 'snapshots', 'facets.snapshot');
    const first = await started(dataDir);
    assert.match(first.log, /Facet index: no snapshot yet; building the index\./);
    const expected = await filter(first.server.url);
    await snapshotWritten(file);
    await first.server.stop({ keepData: true });

    const second = await started(dataDir);
    try {
      assert.match(second.log, /Facet index: read back from its snapshot \(\d+ products/);
      assert.equal(second.server.store.catalog.loaded, false, 'starting did not load the catalog');
      assert.deepEqual(await filter(second.server.url), expected, 'the same answer, products read by id');
      assert.equal(second.server.store.catalog.loaded, false, '/filter did not load the catalog');
      assert.equal((await fetch(`${second.server.url}/shop`)).status, 200);
      assert.equal(
        second.server.store.catalog.loaded,
        false,
        "the shop's listing did not load it (the widget reads products by id)",
      );
      assert.equal((await fetch(`${second.server.url}/cart`)).status, 200);
      assert.equal(second.server.store.catalog.loaded, true, 'the cart loads it');
      assert.deepEqual(await filter(second.server.url), expected);
    } finally {
      await second.server.stop({ keepData: true });
    }
  });

  it('is rebuilt, saying why, when the catalog was replaced, when damaged, and when missing', async () => {
    const dataDir = await makeTempDir();
    folders.push(dataDir);
    const file = path.join(dataDir, 'snapshots', 'facets.snapshot');
    const first = await started(dataDir);
    await snapshotWritten(file);
    await first.server.stop({ keepData: true });

    // Stale: the catalog replaced while the server was down, a product renamed (as an import would).
    const store = await openLowdbStore(dataDir, { watch: false });
    const [renamed, ...rest] = store.catalog.data.products;
    await store.catalog.replace(store.catalog.data, [{ ...renamed!, title: 'Zzyzx Renamed Coat' }, ...rest]);
    await store.close();
    const writtenBefore = (await stat(file)).mtimeMs;
    const stale = await started(dataDir);
    assert.match(
      stale.log,
      /Facet index: the snapshot is stale: built for catalog revision \S+, the catalog is at \S+; rebuilding the index\./,
    );
    assert.equal((await filter(stale.server.url, { sf_q: 'zzyzx' })).found, 1, 'the rebuilt index has the edit');
    await snapshotWritten(file, writtenBefore);
    await stale.server.stop({ keepData: true });

    const bytes = await readFile(file);
    bytes[bytes.length >> 1]! ^= 0xff;
    await writeFile(file, bytes);
    const damaged = await started(dataDir);
    assert.match(
      damaged.log,
      /Facet index: the snapshot is unreadable \(checksum mismatch \(damaged or cut short\)\); rebuilding the index\./,
    );
    assert.equal((await filter(damaged.server.url, { sf_q: 'zzyzx' })).found, 1);
    await damaged.server.stop({ keepData: true });

    await rm(file);
    const missing = await started(dataDir);
    assert.match(missing.log, /Facet index: no snapshot yet; building the index\./);
    await missing.server.stop({ keepData: true });
  });
});

describe('the facet index snapshot (PostgreSQL)', () => {
  it('is read back by a server started on the same catalog revision, and rebuilt after a replace', async () => {
    const env = { DATABASE_URL: await createTestDatabase(), DATA_DIR: await makeTempDir() };
    const first = await startServerProcess(env);
    const expected = await filter(first.url);
    // Written just after the build: the second start must find it.
    await sleep(1000);
    await first.stop();
    assert.match(first.output(), /Facet index: no snapshot yet; building the index\./);

    const second = await startServerProcess(env);
    try {
      assert.match(second.output(), /Facet index: read back from its snapshot/);
      assert.deepEqual(await filter(second.url), expected);
    } finally {
      await second.stop();
    }
    const store = await (await import('../../../../server/store/postgres/index.js')).openPostgresStore(
      env.DATABASE_URL,
      { listen: false },
    );
    const [product, ...rest] = store.catalog.data.products;
    await store.catalog.replace(store.catalog.data, [{ ...product!, title: 'Zzyzx Renamed Coat' }, ...rest]);
    await store.close();
    const third = await startServerProcess(env);
    try {
      assert.match(
        third.output(),
        /Facet index: the snapshot is stale: built for catalog revision \d+, the catalog is at \d+; rebuilding the index\./,
      );
      assert.equal((await filter(third.url, { sf_q: 'zzyzx' })).found, 1);
    } finally {
      await third.stop();
    }
  });
});
