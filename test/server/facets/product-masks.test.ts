/**
 * The word-wise product masks of product-view.ts (one addition per word finds the products whose rows are all,
 * some or none in a mask) against a product-by-product scan, on products of 1 to 40 rows so that runs cross words.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BitsetPool, countBits, hasBit } from '../../../server/facets/bitset.js';
import type { CatalogRows } from '../../../server/facets/catalog-rows.js';
import { ProductViews } from '../../../server/facets/product-view.js';

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

describe('product masks', () => {
  it('finds the present, complete and partial products of any mask', () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 5 }), fc.integer({ min: 2, max: 40 })), { minLength: 1, maxLength: 60 }), fc.integer(), fc.boolean(), (rowCounts, seed, dense) => {
      const rows = rowsOf(rowCounts);
      const views = new ProductViews(rows, []);
      const mask = rows.live.map((word, index) => word & (Math.imul(seed ^ index, 2654435761) ^ (dense ? -1 >>> (index % 7) : seed >>> 3)));
      const products = views.masks(mask, false, new BitsetPool(rows.live.length * 32));
      let row = 0;
      let present = 0;
      for (const count of rowCounts) {
        const last = row + count - 1;
        let inMask = 0;
        for (let member = row; member <= last; member++) inMask += hasBit(mask, member) ? 1 : 0;
        assert.equal(hasBit(products.present, last), inMask > 0, `present, rows ${row}-${last}`);
        assert.equal(hasBit(products.complete, last), inMask === count, `complete, rows ${row}-${last}`);
        assert.equal(hasBit(products.partial, last), inMask > 0 && inMask < count, `partial, rows ${row}-${last}`);
        present += inMask > 0 ? 1 : 0;
        row += count;
      }
      assert.equal(products.presentCount, present);
      assert.equal(countBits(products.present), present, 'one row per product');
      const listed = Array.from(products.partialWords.subarray(0, products.partialWordCount));
      assert.deepEqual(listed, [...products.partial.keys()].filter((word) => products.partial[word] !== 0));
    }), { numRuns: 300 });
  });
});
