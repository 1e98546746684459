/**
 * The totals of a cart or an order, from its goods, its shipping and its fees, with their VAT: one pure function that
 * the cart, the checkout and the order all use, so that what a shopper is shown before the order button is what the
 * order stores. Amounts are in the currency's main unit with two decimals; they are added up in minor units (cents),
 * so that 0.1 + 0.2 is 0.30 and not 0.30000000000000004. The VAT is in minor units (server/tax/vat.ts).
 */
import type { TaxRate, TaxStatus } from '../../../client/api/taxes.js';
import type { FeeLine, OrderTaxes, ShippingLine, SiteData } from '../../store/schema.js';
import { minorUnits, orderTaxesOf } from '../../tax/order-taxes.js';
import type { TaxPlace } from '../../tax/rate-match.js';
import type { DeliveryTaxRule } from '../../tax/vat.js';

export interface OrderTotals {
  subtotal: number;
  shipping_lines: ShippingLine[];
  fee_lines: FeeLine[];
  shipping_total: number;
  fee_total: number;
  /** What the customer pays: goods, shipping and fees, and the VAT when the prices exclude it. */
  total: number;
  taxes: OrderTaxes;
}

/** What the VAT of an order depends on besides its amounts: the shop's rates and settings, and where the goods go. */
export interface TaxContext {
  rates: readonly TaxRate[];
  pricesIncludeTax: boolean;
  deliveryRule: DeliveryTaxRule;
  place: TaxPlace;
  /** The shipping methods (instance ids) whose tax status is `none`. */
  untaxedMethods: ReadonlySet<number>;
}

export function taxContextOf(
  site: Pick<SiteData, 'taxes' | 'settings' | 'shipping_zones'>,
  place: TaxPlace,
): TaxContext {
  const untaxed = site.shipping_zones.flatMap((zone) => zone.methods).filter((method) => method.tax_status === 'none');
  return {
    rates: site.taxes.rates,
    pricesIncludeTax: site.settings.storefront.prices_include_tax,
    deliveryRule: site.settings.checkout.shipping_tax_rule === 'highest' ? 'highest' : 'proportional',
    place,
    untaxedMethods: new Set(untaxed.map((method) => method.id)),
  };
}

/** The goods of a cart: each line's amount and its product's tax class and status. */
export interface TaxableGoods {
  subtotal: number;
  lines: readonly { lineTotal: number; item: { product: { tax_status?: TaxStatus; tax_class?: string } } }[];
}

/** The fee a cash-on-delivery order adds (none when the shop charges none). */
/** @param name the fee's name in the order's language, as the order keeps it */
export const codFeeLine = (fee: number, name: string): FeeLine[] => (fee > 0 ? [{ name, total: fee }] : []);

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + minorUnits(amount), 0) / 100;

/**
 * @example orderTotals({ subtotal: 185.01, lines }, [{ method_id: 'flat_rate', instance_id: 1, method_title:
 * 'Courier', total: 14.99 }], [], tax).total // 200 with prices that include VAT
 */
export function orderTotals(
  goods: TaxableGoods,
  shippingLines: readonly ShippingLine[],
  feeLines: readonly FeeLine[],
  tax: TaxContext,
): OrderTotals {
  const shipping_total = sum(shippingLines.map((line) => line.total));
  const fee_total = sum(feeLines.map((line) => line.total));
  const taxes = orderTaxesOf({
    ...tax,
    lines: goods.lines.map((line) => ({
      amount: minorUnits(line.lineTotal),
      tax_status: line.item.product.tax_status,
      tax_class: line.item.product.tax_class,
    })),
    shipping: shippingLines.map((line) => ({
      amount: minorUnits(line.total),
      taxable: !tax.untaxedMethods.has(line.instance_id),
    })),
    fees: feeLines.map((line) => ({ amount: minorUnits(line.total), taxable: true })),
  });
  const added = tax.pricesIncludeTax ? 0 : taxes.total_tax / 100;
  return {
    subtotal: goods.subtotal,
    shipping_lines: [...shippingLines],
    fee_lines: [...feeLines],
    shipping_total,
    fee_total,
    total: sum([goods.subtotal, shipping_total, fee_total, added]),
    taxes,
  };
}
