/**
 * The line index of a lazily opened `catalog.json` (store/lowdb/catalog-lines.ts): products found by id and by slug
 * without loading the file, whether their lines start as the store writes them or were written another way (by hand,
 * keys in another order, a slug with characters JSON escapes).
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CatalogLines } from '../../../server/store/lowdb/catalog-lines.js';
import { makeTempDir } from '../support/test-server.js';

const fileOf = (lines: string[]) => `{"categories":[],"attributes":[],"products":[\n${lines.join(',\n')}\n]}\n`;

describe('the line index of a catalog file', () => {
  it('finds products by slug, whatever the layout of their lines, the later of two sharing one', async () => {
    const dir = await makeTempDir();
    const file = path.join(dir, 'catalog.json');
    await writeFile(
      file,
      fileOf([
        JSON.stringify({ id: 1, slug: 'plain-mug', title: 'Plain mug' }),
        JSON.stringify({ slug: 'keys-reordered', id: 2, title: 'Keys in another order' }),
        JSON.stringify({ id: 3, slug: 'quote-"-and-\\-slash', title: 'Escaped' }),
        JSON.stringify({ id: 4, slug: 'plain-mug', title: 'A second plain mug' }),
        JSON.stringify({ id: 5, slug: 'żółty-kubek', title: 'Non-ASCII' }),
      ]),
    );
    const lines = await CatalogLines.scan(file);
    try {
      assert.deepEqual(
        (await lines.withSlug('plain-mug')).map((product) => product.id),
        [1, 4],
        'both, in file order',
      );
      assert.deepEqual(
        (await lines.withSlug('keys-reordered')).map((product) => product.id),
        [2],
      );
      assert.deepEqual(
        (await lines.withSlug('quote-"-and-\\-slash')).map((product) => product.id),
        [3],
      );
      assert.deepEqual(
        (await lines.withSlug('żółty-kubek')).map((product) => product.id),
        [5],
      );
      assert.deepEqual(await lines.withSlug('no-such-slug'), []);
      assert.deepEqual([...(await lines.read([5, 2])).keys()].sort(), [2, 5]);
    } finally {
      await lines.close();
    }
  });

  it('finds every product of a catalog by its slug, as a scan of the products does (property)', async () => {
    const dir = await makeTempDir();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ slug: fc.stringMatching(/^[a-z0-9-]{1,12}$/), reordered: fc.boolean() }), {
          minLength: 1,
          maxLength: 60,
        }),
        async (rows) => {
          const products = rows.map((row, index) => ({ id: index + 1, slug: row.slug, reordered: row.reordered }));
          const file = path.join(dir, 'catalog.json');
          await writeFile(
            file,
            fileOf(products.map(({ id, slug, reordered }) => JSON.stringify(reordered ? { slug, id } : { id, slug }))),
          );
          const lines = await CatalogLines.scan(file);
          try {
            for (const slug of new Set(products.map((product) => product.slug))) {
              const expected = products.filter((product) => product.slug === slug).map((product) => product.id);
              assert.deepEqual(
                (await lines.withSlug(slug)).map((product) => product.id),
                expected,
              );
            }
          } finally {
            await lines.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
