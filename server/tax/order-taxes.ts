/**
 * The VAT of an order from its lines, delivery and fees: each line at the rate of its product's class where the goods
 * go, delivery and fees at the goods' rates (vat.ts), given back as the order keeps it (client/api/taxes.ts's
 * OrderTaxes), in minor units.
 */
import type { OrderTaxes, RateTax, TaxRate, TaxStatus } from '../../client/api/taxes.js';
import { lineRate, type TaxPlace } from './rate-match.js';
import { computeVat, type DeliveryTaxRule, type TaxedAmount, type VatCharge } from './vat.js';

/** An amount in the currency's main unit (two decimals) as whole minor units: 12.3 is 1230. */
export const minorUnits = (amount: number): number => Math.round(amount * 100);

export interface OrderTaxInput {
  rates: readonly TaxRate[];
  pricesIncludeTax: boolean;
  deliveryRule: DeliveryTaxRule;
  place: TaxPlace;
  /** Each line's amount in minor units, with its product's tax class and status. */
  lines: readonly { amount: number; tax_class?: string; tax_status?: TaxStatus }[];
  /** Delivery and fee amounts in minor units, and whether they are taxed (a shipping method's tax status). */
  shipping: readonly VatCharge[];
  fees: readonly VatCharge[];
}

/** WooCommerce's code of a rate: its country, state, name and priority, in capitals (`PL-VAT 23%-1`). */
export const rateCode = (rate: TaxRate): string =>
  [rate.country, rate.state, rate.name || 'TAX', String(rate.priority)]
    .filter((part) => part !== '')
    .join('-')
    .toUpperCase();

const itemTax = (amount: TaxedAmount) => ({
  total_tax: amount.tax,
  taxes: amount.taxes.map((share): RateTax => ({ rate_id: share.rate_id, tax: share.tax })),
});

export function orderTaxesOf(input: OrderTaxInput): OrderTaxes {
  const lineRates = input.lines.map((line) => lineRate(input.rates, line, input.place));
  const result = computeVat({
    pricesIncludeTax: input.pricesIncludeTax,
    deliveryRule: input.deliveryRule,
    lines: input.lines.map((line, index) => {
      const rate = lineRates[index];
      return { amount: line.amount, rate: rate ? { id: rate.id, percent: Number(rate.rate) } : null };
    }),
    shipping: input.shipping,
    fees: input.fees,
  });
  const byId = new Map(input.rates.map((rate) => [rate.id, rate]));
  return {
    prices_include_tax: input.pricesIncludeTax,
    lines: result.lines.map((amount, index) => ({ ...itemTax(amount), tax_class: lineRates[index]?.class ?? '' })),
    shipping_lines: result.shipping.map(itemTax),
    fee_lines: result.fees.map(itemTax),
    tax_lines: result.rates.map((total) => {
      const rate = byId.get(total.rate.id)!;
      return {
        rate_id: rate.id,
        rate_code: rateCode(rate),
        label: rate.name,
        rate_percent: total.rate.percent,
        compound: rate.compound,
        net: total.net,
        tax_total: total.goods_tax,
        shipping_tax_total: total.shipping_tax,
        fee_tax_total: total.fee_tax,
      };
    }),
    cart_tax: result.goods_tax,
    shipping_tax: result.shipping_tax,
    fee_tax: result.fee_tax,
    total_tax: result.tax,
  };
}
