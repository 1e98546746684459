/**
 * The Omnibus reference price against cases worked out by hand from the Commission's guidance
 * (2021/C 526/02). Days are counted from NOW (day 0); the window is 30 days.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DAY_MS, omnibusReferencePrice, type PriceRecord } from '../../../server/catalog/omnibus.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const day = (offset: number) => new Date(NOW + offset * DAY_MS).toISOString();
const at = (offset: number, regular: number, sale: number | null = null, from?: number, to?: number): PriceRecord => ({
  time: day(offset),
  regular_price: regular,
  sale_price: sale,
  date_on_sale_from: from === undefined ? null : day(from),
  date_on_sale_to: to === undefined ? null : day(to),
});

describe('omnibusReferencePrice', () => {
  it('looks back 30 days from the day a promotion started 10 days ago, not from today', () => {
    // 90 from day -40, 120 from day -20, on sale at 80 from day -10. The last 30 days' minimum would be 80 (the sale
    // itself); the 30 days before day -10 are days -40..-10, whose lowest price is 90. Day -100's 100 is outside.
    const history = [at(-100, 100), at(-40, 90), at(-20, 120), at(-10, 120, 80)];
    assert.equal(omnibusReferencePrice(history, 30, NOW), 90);
  });

  it('keeps the reference of the first step of a progressive reduction', () => {
    // 100, then on sale at 90 from day -20, lowered to 70 on day -5 without the sale ending: one promotion from day
    // -20.
    const history = [at(-60, 100), at(-20, 100, 90), at(-5, 100, 70)];
    assert.equal(omnibusReferencePrice(history, 30, NOW), 100);
  });

  it('treats a sale that ended and started again as a new promotion whose window holds the earlier sale', () => {
    // On sale at 80 from day -25 until day -15 (sale dates), back at 100, on sale again at 85 from day -5.
    // The current promotion started on day -5; days -35..-5 include the 80 of the first sale.
    const history = [at(-60, 100), at(-25, 100, 80, -25, -15), at(-5, 100, 85)];
    assert.equal(omnibusReferencePrice(history, 30, NOW), 80);
  });

  it('ignores a repeated promotion that ended before the window', () => {
    // A sale at 60 on days -50..-40, then 100 again; the current sale at 90 from day -8 looks at days -38..-8 only.
    const history = [at(-90, 100), at(-50, 100, 60), at(-40, 100), at(-8, 100, 90)];
    assert.equal(omnibusReferencePrice(history, 30, NOW), 100);
    // With a 45-day window the earlier promotion's 60 counts.
    assert.equal(omnibusReferencePrice(history, 45, NOW), 60);
  });

  it('starts a promotion scheduled by sale dates when its start date passes, not when it was entered', () => {
    // Entered on day -60 with a sale from day -3: the price was 100 until day -3.
    assert.equal(omnibusReferencePrice([at(-60, 100, 70, -3)], 30, NOW), 100);
    // A sale that starts tomorrow is not on now.
    assert.equal(omnibusReferencePrice([at(-60, 100, 70, 1)], 30, NOW), null);
    // A sale that ended yesterday neither.
    assert.equal(omnibusReferencePrice([at(-60, 100, 70, -10, -1)], 30, NOW), null);
  });

  it('looks back only to the first price of a product younger than the window', () => {
    // Launched on day -12 at 100 (regular 110 came later but was never lower), on sale at 75 from day -4.
    assert.equal(omnibusReferencePrice([at(-12, 100), at(-7, 110), at(-4, 110, 75)], 30, NOW), 100);
    // Launched already on sale: no earlier price exists to show.
    assert.equal(omnibusReferencePrice([at(-12, 100, 75)], 30, NOW), null);
  });

  it('gives each variation its own reference from its own history', () => {
    const red = [at(-60, 50), at(-30, 45), at(-6, 45, 30)];
    const blue = [at(-60, 50), at(-2, 55)];
    assert.equal(omnibusReferencePrice(red, 30, NOW), 45);
    assert.equal(omnibusReferencePrice(blue, 30, NOW), null, 'not on sale');
  });

  it('reads the records in any order and ignores those after now', () => {
    const history = [at(-10, 120, 80), at(-40, 90), at(5, 10), at(-100, 100), at(-20, 120)];
    assert.equal(omnibusReferencePrice(history, 30, NOW), 90);
  });
});
