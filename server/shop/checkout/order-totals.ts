/**
 * The totals of a cart or an order, from its goods, its shipping and its fees: one pure function that the cart, the
 * checkout and the order all use, so that what a shopper is shown before the order button is what the order stores.
 * Amounts are in the currency's main unit with two decimals; they are added up in minor units (cents), so that
 * 0.1 + 0.2 is 0.30 and not 0.30000000000000004.
 */
import type { FeeLine, ShippingLine } from '../../store/schema.js';

export interface OrderTotals {
  subtotal: number;
  shipping_lines: ShippingLine[];
  fee_lines: FeeLine[];
  shipping_total: number;
  fee_total: number;
  /** What the customer pays: goods, shipping and fees. */
  total: number;
}

/** The fee a cash-on-delivery order adds (none when the shop charges none). */
/** @param name the fee's name in the order's language, as the order keeps it */
export const codFeeLine = (fee: number, name: string): FeeLine[] => (fee > 0 ? [{ name, total: fee }] : []);

const minor = (amount: number) => Math.round(amount * 100);
const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + minor(amount), 0) / 100;

/**
 * @example orderTotals(185.01, [{ method_id: 'flat_rate', instance_id: 1, method_title: 'Courier', total: 14.99 }],
 * []).total // 200
 */
export function orderTotals(
  subtotal: number,
  shippingLines: readonly ShippingLine[],
  feeLines: readonly FeeLine[],
): OrderTotals {
  const shipping_total = sum(shippingLines.map((line) => line.total));
  const fee_total = sum(feeLines.map((line) => line.total));
  return {
    subtotal,
    shipping_lines: [...shippingLines],
    fee_lines: [...feeLines],
    shipping_total,
    fee_total,
    total: sum([subtotal, shipping_total, fee_total]),
  };
}
