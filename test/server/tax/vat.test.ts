// VAT per rate on the sum of that rate's amounts, rounded once (as an FA(3) invoice adds up), and the per-line taxes
// that add up to it, against a brute-force reference of the rounding rule over random carts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { computeVat, type DeliveryTaxRule, splitByLargestRemainder, type VatRate } from '../../../server/tax/vat.js';

const RATES: VatRate[] = [
  { id: 1, percent: 23 },
  { id: 2, percent: 8 },
  { id: 3, percent: 5 },
  { id: 4, percent: 0 },
  { id: 5, percent: 7.5 },
];

/**
 * The reference rounding rule, by search rather than by formula: of the whole grosz near the exact VAT of `base`,
 * the nearest one, the larger on a tie (half away from zero). Compared as exact fractions.
 */
function referenceVat(base: number, percent: number, pricesIncludeTax: boolean): number {
  // percent has at most four decimals: percent * 10000 is whole.
  const p = BigInt(Math.round(percent * 10_000));
  const numerator = BigInt(base) * p;
  const denominator = pricesIncludeTax ? 1_000_000n + p : 1_000_000n;
  const estimate = Math.floor((base * percent) / (pricesIncludeTax ? 100 + percent : 100));
  let best = -1;
  let bestDistance = 0n;
  for (let candidate = Math.max(0, estimate - 3); candidate <= estimate + 3; candidate++) {
    const distance = BigInt(candidate) * denominator - numerator;
    const absolute = distance < 0n ? -distance : distance;
    if (best < 0 || absolute < bestDistance || (absolute === bestDistance && candidate > best)) {
      best = candidate;
      bestDistance = absolute;
    }
  }
  return best;
}

/** Whether `part` is the floor or the ceiling of total * weight / sum. */
function withinQuota(part: number, total: number, weight: number, sum: number): boolean {
  const low = Math.floor((total * weight) / sum);
  return (part === low || part === low + 1) && part * sum <= total * weight + sum && part * sum >= total * weight - sum;
}

const cart = fc.record({
  pricesIncludeTax: fc.boolean(),
  deliveryRule: fc.constantFrom<DeliveryTaxRule>('proportional', 'highest'),
  lines: fc.array(
    fc.record({
      amount: fc.integer({ min: 0, max: 500_000 }),
      rate: fc.option(fc.constantFrom(...RATES), { freq: 6 }),
    }),
    { minLength: 1, maxLength: 12 },
  ),
  shipping: fc.array(fc.record({ amount: fc.integer({ min: 0, max: 5_000 }), taxable: fc.boolean() }), {
    maxLength: 2,
  }),
  fees: fc.array(fc.record({ amount: fc.integer({ min: 0, max: 2_000 }), taxable: fc.boolean() }), {
    maxLength: 1,
  }),
});

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('computeVat', () => {
  it('gives each rate the VAT of its summed amounts rounded once, and lines that add up to it exactly', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const result = computeVat(input);
        const all = [...result.lines, ...result.shipping, ...result.fees];
        for (const amount of all) {
          assert.equal(amount.net + amount.tax, amount.gross);
          assert.equal(sum(amount.taxes.map((share) => share.tax)), amount.tax);
        }
        // Amounts stay as entered: gross when prices include VAT, net otherwise.
        const entered = [...input.lines, ...input.shipping, ...input.fees].map((item) => item.amount);
        assert.deepEqual(
          all.map((amount) => (input.pricesIncludeTax ? amount.gross : amount.net)),
          entered,
        );
        for (const rate of result.rates) {
          const base = input.pricesIncludeTax ? rate.gross : rate.net;
          assert.equal(rate.tax, referenceVat(base, rate.rate.percent, input.pricesIncludeTax), `rate ${rate.rate.id}`);
          const ofRate = (amounts: typeof all) =>
            sum(
              amounts.flatMap((amount) =>
                amount.taxes.filter((share) => share.rate_id === rate.rate.id).map((s) => s.tax),
              ),
            );
          assert.equal(ofRate(result.lines), rate.goods_tax);
          assert.equal(ofRate(result.shipping), rate.shipping_tax);
          assert.equal(ofRate(result.fees), rate.fee_tax);
          assert.equal(rate.goods_tax + rate.shipping_tax + rate.fee_tax, rate.tax);
          // Each line's tax is within a grosz of its own exact tax: the distribution moves no grosz far.
          input.lines.forEach((line, index) => {
            if (line.rate?.id !== rate.rate.id) return;
            const exact = (line.amount * rate.rate.percent) / (input.pricesIncludeTax ? 100 + rate.rate.percent : 100);
            assert.ok(Math.abs(result.lines[index].tax - exact) < 1, `line ${index}`);
          });
        }
        assert.equal(result.tax, sum(result.rates.map((rate) => rate.tax)));
        assert.equal(result.tax, result.goods_tax + result.shipping_tax + result.fee_tax);
        assert.equal(result.gross, result.net + result.tax);
        assert.equal(result.gross, sum(all.map((amount) => amount.gross)));
        // Untaxed lines carry no tax.
        input.lines.forEach((line, index) => {
          if (line.rate === null) assert.equal(result.lines[index].tax, 0);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('taxes delivery and fees at the goods’ rates: in proportion to their values, or at the highest rate', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const result = computeVat(input);
        const goodsOf = (id: number) => sum(input.lines.filter((line) => line.rate?.id === id).map((l) => l.amount));
        const allGoods = sum(input.lines.map((line) => line.amount));
        const taxedRates = [...new Map(input.lines.flatMap((l) => (l.rate ? [[l.rate.id, l.rate]] : []))).values()];
        const charges = [...input.shipping, ...input.fees].filter((charge) => charge.taxable);
        for (const rate of taxedRates) {
          const row = result.rates.find((candidate) => candidate.rate.id === rate.id);
          const base = row ? (input.pricesIncludeTax ? row.gross : row.net) : 0;
          const chargeBase = base - goodsOf(rate.id);
          if (input.deliveryRule === 'highest') {
            const highest = Math.max(...taxedRates.map((r) => r.percent));
            const first = taxedRates.find((r) => r.percent === highest);
            assert.equal(chargeBase, rate === first ? sum(charges.map((c) => c.amount)) : 0);
          } else if (allGoods > 0) {
            // Each charge's part is the floor or ceiling of its share; their sum is bounded accordingly.
            const low = sum(charges.map((c) => Math.floor((c.amount * goodsOf(rate.id)) / allGoods)));
            assert.ok(chargeBase >= low && chargeBase <= low + charges.length, `rate ${rate.id}: ${chargeBase}`);
          }
        }
        if (taxedRates.length === 0) assert.equal(result.tax, 0);
      }),
      { numRuns: 300 },
    );
  });

  it('adds VAT on top of net prices and leaves gross prices as they are', () => {
    const standard = RATES[0];
    const reduced = RATES[1];
    const gross = computeVat({
      pricesIncludeTax: true,
      deliveryRule: 'proportional',
      lines: [
        { amount: 12_300, rate: standard },
        { amount: 5_400, rate: reduced },
      ],
      shipping: [{ amount: 1_499, taxable: true }],
      fees: [],
    });
    assert.equal(gross.gross, 12_300 + 5_400 + 1_499);
    // Delivery 14.99 split 123 : 54 → 10.42 at 23%, 4.57 at 8%.
    assert.deepEqual(
      gross.rates.map((rate) => [rate.rate.percent, rate.gross, rate.tax, rate.shipping_tax]),
      [
        [23, 13_342, 2_495, 195],
        [8, 5_857, 434, 34],
      ],
    );
    const net = computeVat({
      pricesIncludeTax: false,
      deliveryRule: 'highest',
      lines: [{ amount: 10_000, rate: standard }],
      shipping: [{ amount: 1_000, taxable: true }],
      fees: [],
    });
    assert.deepEqual([net.net, net.tax, net.gross, net.shipping_tax], [11_000, 2_530, 13_530, 230]);
  });

  it('refuses amounts that are not whole grosz, so that no fraction of a grosz is ever stored', () => {
    const line = (amount: number) => ({
      pricesIncludeTax: true,
      deliveryRule: 'proportional' as const,
      lines: [{ amount, rate: RATES[0] }],
      shipping: [],
      fees: [],
    });
    assert.throws(() => computeVat(line(12.5)), RangeError);
    assert.throws(() => computeVat(line(-1)), RangeError);
  });
});

describe('splitByLargestRemainder', () => {
  it('gives each part the floor or ceiling of its share, the ceilings to the largest remainders', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const parts = splitByLargestRemainder(total, weights.map(BigInt));
          const weightSum = sum(weights);
          if (weightSum === 0)
            return assert.deepEqual(
              parts,
              weights.map(() => 0),
            );
          assert.equal(sum(parts), total);
          const remainder = (index: number) => (total * weights[index]) % weightSum;
          parts.forEach((part, index) => {
            assert.ok(withinQuota(part, total, weights[index], weightSum));
            const roundedUp = part * weightSum > total * weights[index];
            parts.forEach((other, j) => {
              const otherDown = other * weightSum <= total * weights[j] && remainder(j) > 0;
              if (roundedUp && otherDown) assert.ok(remainder(index) >= remainder(j));
            });
          });
        },
      ),
    );
  });
});
