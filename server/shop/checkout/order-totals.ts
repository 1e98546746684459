/**
 * The totals of a cart or an order, from its goods, its shipping and its fees, with their VAT: one pure function that
 * the cart, the checkout and the order all use, so that what a shopper is shown before the order button is what the
 * order stores. Amounts are in the currency's main unit with two decimals; they are added up in minor units (cents),
 * so that 0.1 + 0.2 is 0.30 and not 0.30000000000000004. The VAT is in minor units (server/tax/vat.ts).
 */
import type { OrderVatScheme, TaxRate, TaxStatus } from '../../../client/api/taxes.js';
import type { FeeLine, OrderCouponLine, OrderTaxes, ShippingLine, SiteData } from '../../store/schema.js';
import { SELLER_COUNTRY, saleTaxation, type SaleParties } from '../../tax/eu-vat-scheme.js';
import { intraCommunitySupplyRate, minorUnits, orderTaxesOf } from '../../tax/order-taxes.js';
import type { TaxPlace } from '../../tax/rate-match.js';
import { splitByLargestRemainder, type DeliveryTaxRule } from '../../tax/vat.js';

export interface OrderTotals {
  /** The goods before coupons. */
  subtotal: number;
  shipping_lines: ShippingLine[];
  fee_lines: FeeLine[];
  shipping_total: number;
  fee_total: number;
  /** What the customer pays: goods, shipping and fees, and the VAT when the prices exclude it. */
  total: number;
  /** VAT of the goods after coupons. */
  taxes: OrderTaxes;
  /** What coupons took off, in grosz (as the prices are entered: with VAT when they include it), and its VAT. */
  discount_total: number;
  discount_tax: number;
  /** Per goods line: what coupons took off it and the VAT of that, in grosz. */
  line_discounts: { discount: number; discount_tax: number }[];
  coupon_lines: OrderCouponLine[];
}

/** The coupons applied to the goods: what each took off and what they took off each line (coupon-discount.ts). */
export interface AppliedCoupons {
  coupons: readonly { coupon_id: number; code: string; discount: number }[];
  /** Per goods line, in grosz. */
  lines: readonly number[];
  /** A coupon makes delivery free. */
  free_shipping: boolean;
}

/** What the VAT of an order depends on besides its amounts: the shop's rates and settings, and where the goods go. */
export interface TaxContext {
  rates: readonly TaxRate[];
  pricesIncludeTax: boolean;
  deliveryRule: DeliveryTaxRule;
  place: TaxPlace;
  /** The EU scheme of the sale (server/tax/eu-vat-scheme.ts); null: taxed in Poland, or an export. */
  scheme?: OrderVatScheme | null;
  /** The shipping methods (instance ids) whose tax status is `none`. */
  untaxedMethods: ReadonlySet<number>;
}

/** Who buys, as VAT sees it: a business (with a tax number) or a consumer, and a business's EU VAT number. */
export type TaxBuyer = Pick<SaleParties, 'business' | 'euVatNumber'>;

export const CONSUMER: TaxBuyer = { business: false, euVatNumber: null };

/**
 * @param destination where the goods go
 * @param buyer a consumer, or a company with its VAT number of another member state (and whether VIES confirmed it)
 */
export function taxContextOf(
  site: Pick<SiteData, 'taxes' | 'settings' | 'shipping_zones'>,
  destination: TaxPlace,
  buyer: TaxBuyer = CONSUMER,
): TaxContext {
  const untaxed = site.shipping_zones.flatMap((zone) => zone.methods).filter((method) => method.tax_status === 'none');
  const ossEnabled = site.settings.checkout.oss_enabled;
  let { scheme, place } = saleTaxation({ destination, ossEnabled, ...buyer });
  // A shop that never added the intra-Community supply rate charges Polish VAT: charging VAT is corrected later at
  // no loss to the shop, charging none where it was due is not.
  if (scheme?.kind === 'intra_community_supply' && !intraCommunitySupplyRate(site.taxes.rates)) {
    scheme = null;
    place = { country: SELLER_COUNTRY, postcode: '' };
  }
  return {
    rates: site.taxes.rates,
    pricesIncludeTax: site.settings.storefront.prices_include_tax,
    deliveryRule: site.settings.checkout.shipping_tax_rule === 'highest' ? 'highest' : 'proportional',
    place,
    scheme,
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
  coupons: AppliedCoupons = { coupons: [], lines: [], free_shipping: false },
): OrderTotals {
  const shipping = coupons.free_shipping ? shippingLines.map((line) => ({ ...line, total: 0 })) : shippingLines;
  const shipping_total = sum(shipping.map((line) => line.total));
  const fee_total = sum(feeLines.map((line) => line.total));
  const taxesOf = (discounts: readonly number[]) =>
    orderTaxesOf({
      ...tax,
      lines: goods.lines.map((line, index) => ({
        amount: minorUnits(line.lineTotal) - (discounts[index] ?? 0),
        tax_status: line.item.product.tax_status,
        tax_class: line.item.product.tax_class,
      })),
      shipping: shipping.map((line) => ({
        amount: minorUnits(line.total),
        taxable: !tax.untaxedMethods.has(line.instance_id),
      })),
      fees: feeLines.map((line) => ({ amount: minorUnits(line.total), taxable: true })),
    });
  const taxes = taxesOf(coupons.lines);
  const discount_total = coupons.lines.reduce((a, b) => a + b, 0);
  const discounted = discount_total > 0 ? discountTaxes(taxesOf([]), taxes, coupons) : null;
  const added = tax.pricesIncludeTax ? 0 : taxes.total_tax;
  return {
    subtotal: goods.subtotal,
    shipping_lines: [...shipping],
    fee_lines: [...feeLines],
    shipping_total,
    fee_total,
    total: (minorUnits(sum([goods.subtotal, shipping_total, fee_total])) - discount_total + added) / 100,
    taxes,
    discount_total,
    discount_tax: discounted?.total ?? 0,
    line_discounts: goods.lines.map((_, index) => ({
      discount: coupons.lines[index] ?? 0,
      discount_tax: discounted?.lines[index] ?? 0,
    })),
    coupon_lines: coupons.coupons.map((coupon, index) => ({
      ...coupon,
      discount_tax: discounted?.coupons[index] ?? 0,
    })),
  };
}

/**
 * The VAT the discount took off: per rate, the goods' VAT without it less the VAT with it (each computed once on the
 * rate's sum), divided among that rate's lines and among the coupons in proportion to what they took off.
 */
function discountTaxes(before: OrderTaxes, after: OrderTaxes, coupons: AppliedCoupons) {
  const goodsTax = (taxes: OrderTaxes, rateId: number) =>
    taxes.tax_lines.find((line) => line.rate_id === rateId)?.tax_total ?? 0;
  const lineRate = (index: number) => before.lines[index]?.taxes[0]?.rate_id;
  const lines = before.lines.map(() => 0);
  for (const { rate_id: rateId } of before.tax_lines) {
    const members = before.lines.map((_, index) => index).filter((index) => lineRate(index) === rateId);
    const parts = splitByLargestRemainder(
      goodsTax(before, rateId) - goodsTax(after, rateId),
      members.map((index) => BigInt(coupons.lines[index] ?? 0)),
    );
    members.forEach((index, at) => {
      lines[index] = parts[at]!;
    });
  }
  const total = lines.reduce((a, b) => a + b, 0);
  const perCoupon = splitByLargestRemainder(
    total,
    coupons.coupons.map((coupon) => BigInt(coupon.discount)),
  );
  return { lines, total, coupons: perCoupon };
}
