// A catalog replaced on disk (as `vitrine catalog generate` does) reaches the running server without a restart.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { generateSyntheticCatalog } from '../../server/catalog/synthetic-catalog.js';
import { CatalogFile } from '../../server/store/lowdb/catalog-file.js';
import { fetchJson, useTestServer } from './support/test-server.js';

async function waitFor<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a running server', () => {
  const suite = useTestServer();

  // Reindex is a job: start it, then read what the finished job indexed.
  const indexedCount = async () => {
    const started = (
      await fetchJson(suite.server.restUrl('/facet/v1/reindex'), {
        method: 'POST',
        headers: { authorization: suite.manager },
      })
    ).body.job;
    for (;;) {
      const { job } = (
        await fetchJson(suite.server.restUrl('/facet/v1/reindex'), { headers: { authorization: suite.manager } })
      ).body;
      if (job.id === started.id && job.status !== 'running') return job.result.indexed as number;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('reloads a catalog written to its data folder, and keeps the old one when the new file is broken', async () => {
    assert.equal(await indexedCount(), 303, 'the demo shop: 300 generated products and the 3 of its pantry');
    const catalog = generateSyntheticCatalog({ products: 1234, seed: 3 });
    await new CatalogFile(path.join(suite.server.dataDir, 'catalog.json')).writeStream(catalog, catalog.products);
    assert.equal(await waitFor(indexedCount, (count) => count === 1234), 1234);

    const warnings: string[] = [];
    const originalWarn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      await writeFile(path.join(suite.server.dataDir, 'catalog.json'), '{"categories": [');
      await waitFor(
        async () => warnings.length,
        (count) => count > 0,
      );
      assert.match(warnings[0] ?? '', /could not be read; keeping the catalog in memory/);
      assert.equal(await indexedCount(), 1234);
    } finally {
      console.warn = originalWarn;
    }
  });
});
