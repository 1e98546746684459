/**
 * Stock keeping against a plain reference: what may be sold of an item, and what an order leaves, for every way an
 * owner keeps stock (tracked or not, backorders no / notify / yes).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { moveStock, sellableUnits, stockStatus, type StockedItem } from '../../../server/catalog/stock-keeping.js';

const CAP = 99;
const itemArbitrary = fc.record({
  manage_stock: fc.option(fc.boolean(), { nil: undefined }),
  backorders: fc.option(fc.constantFrom('no' as const, 'notify' as const, 'yes' as const), { nil: undefined }),
  in_stock: fc.boolean(),
  stock_quantity: fc.integer({ min: -20, max: 200 }),
});

/** The rules written out case by case, as WooCommerce's documentation states them. */
function reference(item: StockedItem): { sellable: number; status: string } {
  const tracked = item.manage_stock !== false;
  const backorders = item.backorders ?? 'no';
  if (!item.in_stock) return { sellable: 0, status: 'outofstock' };
  if (!tracked) return { sellable: CAP, status: backorders === 'no' ? 'instock' : 'onbackorder' };
  if (item.stock_quantity > 0)
    return { sellable: backorders === 'no' ? Math.min(item.stock_quantity, CAP) : CAP, status: 'instock' };
  return backorders === 'no' ? { sellable: 0, status: 'outofstock' } : { sellable: CAP, status: 'onbackorder' };
}

describe('stock keeping', () => {
  it('sells what the reference says, with the status it says', () => {
    fc.assert(
      fc.property(itemArbitrary, (item) => {
        const expected = reference(item);
        assert.equal(sellableUnits(item, CAP), expected.sellable);
        assert.equal(stockStatus(item), expected.status);
      }),
    );
  });

  it('an order of what may be sold counts a tracked item down exactly, never below 0 without backorders, and leaves an untracked one alone', () => {
    fc.assert(
      fc.property(itemArbitrary, fc.integer({ min: 1, max: CAP }), (item, wanted) => {
        const units = Math.min(wanted, sellableUnits(item, CAP));
        fc.pre(units > 0);
        const after = { ...item };
        moveStock(after, units);
        if (item.manage_stock === false) {
          assert.deepEqual(after, { ...item });
          return;
        }
        assert.equal(after.stock_quantity, item.stock_quantity - units);
        if ((item.backorders ?? 'no') === 'no') assert.ok(after.stock_quantity >= 0);
        // Giving the units back restores the count.
        moveStock(after, -units);
        assert.equal(after.stock_quantity, item.stock_quantity);
      }),
    );
  });
});
