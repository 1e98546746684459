import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogFile } from '../../../server/store/lowdb/catalog-file.js';
import { generateSyntheticCatalogData } from '../../../server/catalog/synthetic-catalog.js';

describe('CatalogFile', () => {
  let folder: string;
  let path: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'catalog-file-'));
    path = join(folder, 'catalog.json');
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('reads null when the file does not exist', async () => {
    assert.equal(await new CatalogFile(path).read(), null);
  });

  for (const [mode, limit] of [
    ['in one parse', undefined],
    ['line by line', 0],
  ] as const) {
    it(`round-trips a catalog ${mode}`, async () => {
      const catalog = generateSyntheticCatalogData({ products: 250, seed: 3 });
      await new CatalogFile(path).write(catalog);
      assert.deepEqual(await new CatalogFile(path, { wholeFileLimitBytes: limit }).read(), catalog);
    });
  }

  it('writes valid JSON with one product per line and leaves no temp file', async () => {
    const catalog = generateSyntheticCatalogData({ products: 3, seed: 3 });
    await new CatalogFile(path).write(catalog);
    const text = await readFile(path, 'utf8');
    assert.deepEqual(JSON.parse(text), catalog);
    assert.equal(text.split('\n').length, 1 + 3 + 2);
    assert.deepEqual(await readdir(folder), ['catalog.json']);
  });

  it('round-trips an empty catalog line by line', async () => {
    const empty = { categories: [], attributes: [], products: [] };
    await new CatalogFile(path).write(empty);
    assert.deepEqual(await new CatalogFile(path, { wholeFileLimitBytes: 0 }).read(), empty);
  });

  it('streams products from an iterable and reports progress', async () => {
    const catalog = generateSyntheticCatalogData({ products: 20_001, seed: 5 });
    const progress: number[] = [];
    await new CatalogFile(path).writeStream(catalog, catalog.products.values(), (count) => progress.push(count));
    assert.deepEqual(progress, [10_000, 20_000, 20_001]);
    assert.equal((await new CatalogFile(path, { wholeFileLimitBytes: 0 }).read())?.products.length, 20_001);
  });

  for (const [what, content] of [
    ['truncated JSON', '{"categories":[],"attributes":[],"products":[\n{"id":1'],
    ['a document without products', '{"categories":[],"attributes":[]}'],
    ['text that is not JSON', 'hello'],
  ] as const) {
    for (const limit of [undefined, 0]) {
      it(`throws an error naming the file for ${what} (${limit === 0 ? 'line by line' : 'whole'})`, async () => {
        await writeFile(path, content);
        await assert.rejects(new CatalogFile(path, { wholeFileLimitBytes: limit }).read(), (error: Error) =>
          error.message.includes(path),
        );
        assert.equal(await readFile(path, 'utf8'), content, 'a corrupt file is never overwritten');
      });
    }
  }
});
