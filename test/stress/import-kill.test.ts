// A server killed (kill -9) while it stores a large replace import loses nothing it acknowledged
// meanwhile, comes back with a whole catalog (the previous one or the imported one, never part of either) that
// /filter answers from, and leaves no import worker process running. On both stores.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { writeCsvFile } from '../../server/catalog/csv/csv-files.js';
import { publicCatalog } from '../../server/catalog/public-catalog.js';
import { generateSyntheticCatalog } from '../../server/catalog/synthetic-catalog.js';
import { startServerProcess, vitrine, type ServerProcess } from '../server/support/processes.js';
import { STORE_KINDS } from '../server/support/store-kinds.js';
import { fetchJson, makeTempDir } from '../server/support/test-server.js';

const PRODUCTS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function found(server: ServerProcess): Promise<number> {
  const { status, body } = await fetchJson(`${server.url}/wp-json/facet/v1/filter`, {
    method: 'POST',
    json: { query: {} },
  });
  assert.equal(status, 200);
  return body.found;
}

/** The processes the server started (its import worker while an import is checked). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map(Number)
      .filter(Boolean);
  } catch {
    return [];
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

for (const kind of STORE_KINDS) {
  describe(`a server killed while it imports a catalog (${kind.name})`, () => {
    it('keeps what it acknowledged and a whole catalog, and leaves no import worker behind', async () => {
      const env = await kind.freshShop();
      assert.equal(
        (await vitrine(['user', 'create', 'manager', '--role', 'shop_manager', '--password', 'manager-password'], env))
          .code,
        0,
      );
      const appPassword = (await vitrine(['app-password', 'create', 'manager'], env)).stdout
        .trimEnd()
        .split('\n')
        .at(-1)!;
      const authorization = `Basic ${Buffer.from(`manager:${appPassword}`).toString('base64')}`;
      const synthetic = generateSyntheticCatalog({ products: PRODUCTS, seed: 19 });
      const imported = {
        categories: synthetic.categories,
        attributes: synthetic.attributes,
        products: [...synthetic.products],
      };
      const file = path.join(await makeTempDir(), 'catalog.csv');
      await writeCsvFile(file, imported);
      const importedFound = publicCatalog(imported).products.length;

      const server = await startServerProcess(env);
      const workers = new Set<number>();
      let previousFound: number;
      let shopName: string;
      try {
        previousFound = await found(server);
        assert.notEqual(previousFound, importedFound);
        const upload = await fetch(`${server.url}/wp-json/vitrine/v1/catalog/import?mode=replace`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'text/csv' },
          body: await readFile(file),
        });
        assert.equal(upload.status, 202, await upload.clone().text());
        const job = (await upload.json()) as { id: string };
        // Acknowledged while the import runs.
        shopName = `Kept Through A Crash ${Date.now()}`;
        const saved = await fetchJson(`${server.url}/wp-json/compliance/v1/settings/general`, {
          method: 'POST',
          headers: { authorization },
          json: { shop_name: shopName },
        });
        assert.equal(saved.status, 200);
        // Killed as the checked catalog is being stored (or, on a fast machine, just after).
        const deadline = Date.now() + 180_000;
        for (;;) {
          for (const pid of childrenOf(server.child.pid!)) workers.add(pid);
          const { body } = await fetchJson(`${server.url}/wp-json/vitrine/v1/catalog/import/${job.id}`, {
            headers: { authorization },
          });
          assert.notEqual(body.status, 'failed', JSON.stringify(body));
          if (body.phase === 'writing' || body.status === 'done') break;
          assert.ok(Date.now() < deadline, 'the import reached its writing phase in time');
          await sleep(20);
        }
        assert.ok(workers.size > 0, 'the import was checked in a worker process');
      } finally {
        await server.kill();
      }

      const restarted = await startServerProcess(env);
      try {
        assert.match(await (await fetch(`${restarted.url}/`)).text(), new RegExp(shopName));
        const count = await found(restarted);
        assert.ok(
          count === previousFound || count === importedFound,
          `a whole catalog: ${count} products shown, ${previousFound} before, ${importedFound} imported`,
        );
        const gone = Date.now() + 60_000;
        while ([...workers].some(alive) && Date.now() < gone) await sleep(100);
        assert.deepEqual([...workers].filter(alive), [], 'the import worker of the killed server stopped');
      } finally {
        await restarted.stop();
      }
    });
  });
}
