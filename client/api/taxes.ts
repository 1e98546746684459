/**
 * Tax classes and tax rates as the store keeps them and `wc/v3/taxes` answers them (WooCommerce's shapes). A product
 * names its class by slug (`''` or `standard`: the standard class); a rate belongs to one class and applies where its
 * country (and, when given, its postcodes) match the buyer's.
 */

/** WooCommerce's slug of the standard class; products store it as `''`, rates as `standard`. */
export const STANDARD_TAX_CLASS = 'standard';

/**
 * The class of the 0% rate an intra-Community supply of goods (WDT) is charged at: every line of such an order is
 * taxed at it, whatever its product's class.
 */
export const INTRA_COMMUNITY_SUPPLY_CLASS = 'intra-community-supply';

/**
 * How an order was taxed when it was not a sale taxed in Poland: a distance sale to a consumer in another member state
 * under the One-Stop Shop (`oss`, at that country's rates), or an intra-Community supply of goods to a company with
 * a VAT number of another member state (0%, reverse charge), with whether VIES confirmed that number when the order
 * was placed (`unverified`: VIES could not be reached).
 */
export type OrderVatScheme =
  | { kind: 'oss'; country: string }
  | { kind: 'intra_community_supply'; vat_number: string; vies: 'valid' | 'unverified' };

export interface TaxClass {
  slug: string;
  name: string;
}

export interface TaxRate {
  id: number;
  /** ISO 3166-1 alpha-2, or '' for every country. */
  country: string;
  state: string;
  /** Postcodes or patterns with `*` (e.g. `00-*`); empty: every postcode. */
  postcodes: string[];
  cities: string[];
  /** The percent with four decimals, as WooCommerce answers it: `"23.0000"`. */
  rate: string;
  /** What the customer reads, e.g. "VAT 23%". */
  name: string;
  /** Rates of one priority are alternatives: the most specific matching one applies. */
  priority: number;
  /** Charged on top of the other taxes rather than on the price alone (not applied by the checkout). */
  compound: boolean;
  /** Whether the rate also applies to delivery. */
  shipping: boolean;
  order: number;
  /** The class's slug (`standard` for the standard class). */
  class: string;
}

/** A rate as `wc/v3/taxes` answers it: WooCommerce still sends the first postcode and city as single fields. */
export interface WcTaxRate extends TaxRate {
  postcode: string;
  city: string;
}

export interface TaxData {
  classes: TaxClass[];
  rates: TaxRate[];
  /** The last rate id handed out, so that a deleted rate's id is never reused by another. */
  last_rate_id: number;
}

export const TAX_STATUSES = ['taxable', 'shipping', 'none'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];

/** A tax class's slug: lowercase letters, digits and hyphens (what `sanitize_title` makes of a class name). */
export const TAX_CLASS_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The class a product stores: the standard class is stored as no class at all. */
export const storedTaxClass = (slug: string): string | undefined =>
  slug === '' || slug === STANDARD_TAX_CLASS ? undefined : slug;

/** The status a product stores: `taxable`, the default, is stored as no status at all. */
export const storedTaxStatus = (status: TaxStatus): Exclude<TaxStatus, 'taxable'> | undefined =>
  status === 'taxable' ? undefined : status;

/** One rate's tax inside an order line, its delivery or a fee, in minor units (grosz). */
export interface RateTax {
  rate_id: number;
  tax: number;
}

/** The tax of one line, delivery or fee of an order, in minor units. */
export interface ItemTax {
  total_tax: number;
  taxes: RateTax[];
}

/** One rate of an order (WooCommerce's `tax_lines` item); amounts in minor units. */
export interface OrderTaxLine {
  rate_id: number;
  /** WooCommerce's code: country, name and priority, e.g. `PL-VAT 23%-1`. */
  rate_code: string;
  /** What the customer reads, e.g. "VAT 23%". */
  label: string;
  rate_percent: number;
  compound: boolean;
  /** The net amount taxed at this rate: goods, delivery and fees. */
  net: number;
  /** The tax on the goods. */
  tax_total: number;
  shipping_tax_total: number;
  fee_tax_total: number;
}

/**
 * The VAT of an order as it was placed, in minor units (grosz): one entry per line, delivery and fee, in the order's
 * order, and one per rate. Each rate's tax was computed on the sum of that rate's amounts and rounded once; the
 * entries add up to it exactly (server/tax/vat.ts).
 */
export interface OrderTaxes {
  /** Whether the order's amounts include the tax (`storefront.prices_include_tax` when it was placed). */
  prices_include_tax: boolean;
  /** The EU scheme it was taxed under; absent for a sale taxed in Poland (and every order placed before the schemes). */
  scheme?: OrderVatScheme;
  lines: (ItemTax & { tax_class: string })[];
  shipping_lines: ItemTax[];
  fee_lines: ItemTax[];
  tax_lines: OrderTaxLine[];
  cart_tax: number;
  shipping_tax: number;
  fee_tax: number;
  total_tax: number;
}
