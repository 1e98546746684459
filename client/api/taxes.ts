/**
 * Tax classes and tax rates as the store keeps them and `wc/v3/taxes` answers them (WooCommerce's shapes). A product
 * names its class by slug (`''` or `standard`: the standard class); a rate belongs to one class and applies where its
 * country (and, when given, its postcodes) match the buyer's.
 */

/** WooCommerce's slug of the standard class; products store it as `''`, rates as `standard`. */
export const STANDARD_TAX_CLASS = 'standard';

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
