/**
 * The VAT of an order from its lines, delivery and fees: each line at the rate of its product's class where the goods
 * go, delivery and fees at the goods' rates (vat.ts), given back as the order keeps it (client/api/taxes.ts's
 * OrderTaxes), in minor units.
 */
import {
  INTRA_COMMUNITY_SUPPLY_CLASS,
  type OrderTaxes,
  type OrderVatScheme,
  type RateTax,
  type TaxRate,
  type TaxStatus,
} from '../../client/api/taxes.js';
import { SELLER_COUNTRY } from './eu-vat-scheme.js';
import { lineRate, type TaxPlace } from './rate-match.js';
import { computeVat, type DeliveryTaxRule, type TaxedAmount, type VatCharge } from './vat.js';

/** An amount in the currency's main unit (two decimals) as whole minor units: 12.3 is 1230. */
export const minorUnits = (amount: number): number => Math.round(amount * 100);

export interface OrderTaxInput {
  rates: readonly TaxRate[];
  pricesIncludeTax: boolean;
  deliveryRule: DeliveryTaxRule;
  place: TaxPlace;
  /** The EU scheme the sale falls under (eu-vat-scheme.ts); null: taxed in Poland or outside the EU. */
  scheme?: OrderVatScheme | null;
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

/** The 0% rate of an intra-Community supply, when the shop has one (tax-defaults.ts seeds it). */
export const intraCommunitySupplyRate = (rates: readonly TaxRate[]): TaxRate | null =>
  rates.find((rate) => rate.class === INTRA_COMMUNITY_SUPPLY_CLASS) ?? null;

/**
 * The rate of one line under the order's scheme. An intra-Community supply taxes every taxable line at its 0% rate;
 * under OSS a class the shop has no rate of the consumer's country for is taxed at the seller's rate of that class
 * (an exempt or 0% class stays so), never left untaxed.
 */
function schemeLineRate(input: OrderTaxInput, line: OrderTaxInput['lines'][number]): TaxRate | null {
  const taxable = line.tax_status !== 'none' && line.tax_status !== 'shipping';
  if (taxable && input.scheme?.kind === 'intra_community_supply') return intraCommunitySupplyRate(input.rates);
  const rate = lineRate(input.rates, line, input.place);
  if (rate || input.scheme?.kind !== 'oss') return rate;
  return lineRate(input.rates, line, { country: SELLER_COUNTRY, postcode: '' });
}

export function orderTaxesOf(input: OrderTaxInput): OrderTaxes {
  const lineRates = input.lines.map((line) => schemeLineRate(input, line));
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
    ...(input.scheme ? { scheme: input.scheme } : {}),
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
