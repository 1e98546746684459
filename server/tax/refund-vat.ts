/**
 * The VAT of a refund, in integer grosz, taken from the VAT the order was charged (vat.ts), never computed afresh: a
 * refund of part of an item (a line, a delivery line, a fee) pays back the same part of each rate's tax inside it.
 *
 * Each part is a difference of running totals: what all refunds of an item up to and including this one pay back,
 * rounded, less what the ones before it paid back, rounded. So however an item is refunded, in one go or in many
 * parts, once its whole amount is back its tax per rate is back exactly, to the grosz, and so is the order's per-rate
 * net and tax.
 *
 * Pure: no store; the caller describes the order's items.
 */
import type { RateTax } from '../../client/api/taxes.js';
import { splitByLargestRemainder } from './vat.js';

/** One line, delivery line or fee of an order, as its refunds read it. */
export interface RefundableItem {
  /** Its amount as the order stores it, in grosz: with VAT when the order's prices include it, else without. */
  base: number;
  /** Its tax per rate, as the order was charged. */
  taxes: readonly RateTax[];
  /**
   * How its base was divided among rates (a delivery line split among the goods' rates in proportion to them): a
   * weight per rate, null for the untaxed part. One rate, or none, for a line of goods.
   */
  rateWeights: readonly { rate_id: number | null; weight: number }[];
}

/** What one refund pays back of one item, per rate: net + tax = gross. */
export interface RefundedRatePart {
  rate_id: number;
  net: number;
  tax: number;
  gross: number;
}

export interface RefundedItemVat {
  tax: number;
  taxes: RateTax[];
  rates: RefundedRatePart[];
}

/** `numerator / denominator` rounded half away from zero, both non-negative integers. */
function roundedShare(whole: number, part: number, of: number): number {
  if (of === 0) return 0;
  const numerator = BigInt(whole) * BigInt(part);
  const denominator = BigInt(of);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** The item's gross: what the customer paid for it. */
export function itemGross(item: RefundableItem, pricesIncludeTax: boolean): number {
  return pricesIncludeTax ? item.base : item.base + item.taxes.reduce((sum, share) => sum + share.tax, 0);
}

/** What refunds paying back `refunded` of the item's gross pay back in all, per rate (running totals). */
function paidBackUpTo(item: RefundableItem, pricesIncludeTax: boolean, refunded: number) {
  const gross = itemGross(item, pricesIncludeTax);
  const base = roundedShare(item.base, refunded, gross);
  const weights = item.rateWeights.map((entry) => BigInt(entry.weight));
  const baseParts =
    item.rateWeights.length === 1 ? [base] : splitByLargestRemainder(base, weights.length ? weights : []);
  const taxOf = (rateId: number) => {
    const charged = item.taxes.find((share) => share.rate_id === rateId)?.tax ?? 0;
    return roundedShare(charged, refunded, gross);
  };
  const rates = new Map<number, { base: number; tax: number }>();
  item.rateWeights.forEach((entry, index) => {
    if (entry.rate_id === null) return;
    rates.set(entry.rate_id, { base: baseParts[index] ?? 0, tax: taxOf(entry.rate_id) });
  });
  // A rate that taxed the item but has no weight (a store's older order) still gives its tax back, on no base.
  for (const share of item.taxes)
    if (!rates.has(share.rate_id)) rates.set(share.rate_id, { base: 0, tax: taxOf(share.rate_id) });
  return rates;
}

/**
 * The VAT inside a refund of `amount` grosz of the item, after earlier refunds of `before` grosz of it.
 * @throws RangeError when the refunds would pay back more than the item's gross
 * @example refundedItemVat({ base: 12300, taxes: [{ rate_id: 1, tax: 2300 }], rateWeights: [{ rate_id: 1, weight: 1 }] },
 *   true, 0, 6150).tax // 1150
 */
export function refundedItemVat(
  item: RefundableItem,
  pricesIncludeTax: boolean,
  before: number,
  amount: number,
): RefundedItemVat {
  const gross = itemGross(item, pricesIncludeTax);
  if (!Number.isSafeInteger(before) || !Number.isSafeInteger(amount) || before < 0 || amount < 0)
    throw new RangeError('Refunded amounts must be whole, non-negative numbers of grosz.');
  if (before + amount > gross) throw new RangeError(`Refunds cannot pay back more than the item's ${gross} grosz.`);
  const earlier = paidBackUpTo(item, pricesIncludeTax, before);
  const now = paidBackUpTo(item, pricesIncludeTax, before + amount);
  const rates: RefundedRatePart[] = [];
  for (const [rateId, upTo] of now) {
    const was = earlier.get(rateId) ?? { base: 0, tax: 0 };
    const base = upTo.base - was.base;
    const tax = upTo.tax - was.tax;
    rates.push(
      pricesIncludeTax
        ? { rate_id: rateId, net: base - tax, tax, gross: base }
        : { rate_id: rateId, net: base, tax, gross: base + tax },
    );
  }
  const taxes = rates.map((part) => ({ rate_id: part.rate_id, tax: part.tax }));
  return { tax: taxes.reduce((sum, share) => sum + share.tax, 0), taxes, rates };
}
