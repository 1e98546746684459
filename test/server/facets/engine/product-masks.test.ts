/**
 * The word-wise product masks of product-view.ts (one addition per word finds the products whose rows are all,
 * some or none in a mask) against a product-by-product scan, on products of 1 to 40 rows so that runs cross words.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BitsetPool, countBits, hasBit, listWords, type ListedBits } from '../../../../server/facets/engine/bitset.js';
import type { CatalogRows } from '../../../../server/facets/engine/catalog-rows.js';
import { ProductViews } from '../../../../server/facets/engine/product-view.js';

/** Rows for products of the given row counts, laid out one after another. */
function rowsOf(rowCounts: number[]): CatalogRows {
  const size = rowCounts.reduce((total, count) => total + count, 0);
  const words = (size + 31) >>> 5;
  const firstRowOf = new Uint32Array(size);
  const shared = new Uint32Array(words);
  const sole = new Uint32Array(words);
  const live = new Uint32Array(words);
  let row = 0;
  for (const count of rowCounts) {
    const first = row;
    for (let index = 0; index < count; index++, row++) {
      firstRowOf[row] = first;
      (count > 1 ? shared : sole)[row >>> 5]! |= 1 << (row & 31);
      live[row >>> 5]! |= 1 << (row & 31);
    }
  }
  return { size, owners: null, firstRowOf, shared, sole, hasShared: true, live };
}

/** The non-zero words of a bitset, ascending. */
const nonZeroWordsOf = (bits: Uint32Array): number[] => [...bits.keys()].filter((word) => bits[word] !== 0);

/** Checks a listed set: its member count and its list of non-zero words. */
function assertListed(set: ListedBits, name: string): void {
  assert.equal(set.members, countBits(set.bits), `${name}: members`);
  assert.deepEqual(Array.from(set.words.subarray(0, set.wordCount)), nonZeroWordsOf(set.bits), `${name}: listed words`);
}

describe('product masks', () => {
  // Sparse masks (most words empty) take the path that visits only the listed words and the words a product
  // continues into; products of up to 40 rows run across empty words.
  it('finds the present, complete and partial products of any mask, dense or sparse', () => {
    const masks = fc.constantFrom('dense', 'random', 'sparse');
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 5 }), fc.integer({ min: 2, max: 40 })), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.integer(),
        masks,
        (rowCounts, seed, kind) => {
          const rows = rowsOf(rowCounts);
          const views = new ProductViews(rows, []);
          const mask = rows.live.map((word, index) => {
            const noise = Math.imul(seed ^ index, 2654435761);
            if (kind === 'sparse') return noise >>> 29 !== 0 ? 0 : (noise & 1) === 0 ? word : word & noise;
            return word & (noise ^ (kind === 'dense' ? -1 >>> (index % 7) : seed >>> 3));
          });
          const pool = new BitsetPool(rows.live.length * 32);
          // A pool bitset's words are garbage until written: the masks must not rely on zeroed scratch.
          for (const scratch of Array.from({ length: 8 }, () => pool.take())) scratch.fill(0xdeadbeef);
          pool.releaseAll();
          const products = views.masks(listWords(mask, new Uint32Array(mask.length)), false, pool);
          let row = 0;
          let present = 0;
          let complete = 0;
          let partial = 0;
          for (const count of rowCounts) {
            const last = row + count - 1;
            let inMask = 0;
            for (let member = row; member <= last; member++) inMask += hasBit(mask, member) ? 1 : 0;
            assert.equal(hasBit(products.present.bits, last), inMask > 0, `present, rows ${row}-${last}`);
            assert.equal(hasBit(products.complete.bits, last), inMask === count, `complete, rows ${row}-${last}`);
            assert.equal(
              hasBit(products.partial.bits, last),
              inMask > 0 && inMask < count,
              `partial, rows ${row}-${last}`,
            );
            present += inMask > 0 ? 1 : 0;
            complete += inMask === count ? 1 : 0;
            partial += inMask > 0 && inMask < count ? 1 : 0;
            row += count;
          }
          assert.equal(products.present.members, present);
          assert.equal(countBits(products.present.bits), present, 'one row per product');
          assert.equal(countBits(products.complete.bits), complete, 'complete products only');
          assert.equal(countBits(products.partial.bits), partial, 'partial products only');
          assertListed(products.present, 'present');
          assertListed(products.complete, 'complete');
          assertListed(products.partial, 'partial');
        },
      ),
      { numRuns: 400 },
    );
  });
});
