/**
 * Under which VAT scheme a sale is taxed, and so where its rates are looked up. The shop is a Polish VAT payer: a sale
 * is taxed in Poland unless it is a distance sale to a consumer in another member state with the One-Stop Shop on
 * (the consumer's country's rates), an intra-Community supply of goods to a company with a VAT number of another
 * member state (0%, the buyer accounts for the VAT), or goods leaving the EU (the rates the shop has for that country,
 * none by default: an export).
 */
import type { OrderVatScheme } from '../../client/api/taxes.js';
import type { TaxPlace } from './rate-match.js';

/** The seller's country: where the shop is registered for VAT and whose rates apply by default. */
export const SELLER_COUNTRY = 'PL';

/** The EU's member states by ISO 3166-1 alpha-2 (Greece is GR here; its VAT numbers start with EL). */
export const EU_MEMBER_STATES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

export const isEuMemberState = (country: string): boolean => EU_MEMBER_STATES.includes(country.toUpperCase());

export interface SaleParties {
  /** Where the goods go. */
  destination: TaxPlace;
  /** `checkout.oss_enabled`. */
  ossEnabled: boolean;
  /** The buyer gave a tax number (a NIP or an EU VAT number): a business, never a consumer under OSS. */
  business: boolean;
  /**
   * The buyer's VAT number of another member state with its prefix (`DE136695976`) and whether VIES confirmed it;
   * null for a consumer or a buyer with a Polish NIP.
   */
  euVatNumber: { number: string; verified: boolean } | null;
}

export interface SaleTaxation {
  /** How the order is taxed; null: in Poland, or outside the EU, as before the EU schemes. */
  scheme: OrderVatScheme | null;
  /** Where the rates of its lines are looked up. */
  place: TaxPlace;
}

/**
 * @example saleTaxation({ destination: { country: 'DE', postcode: '10115' }, ossEnabled: true, business: false,
 * euVatNumber: null })
 * // { scheme: { kind: 'oss', country: 'DE' }, place: { country: 'DE', postcode: '10115' } }
 */
export function saleTaxation(parties: SaleParties): SaleTaxation {
  const country = parties.destination.country.toUpperCase();
  if (country === SELLER_COUNTRY || !isEuMemberState(country)) return { scheme: null, place: parties.destination };
  if (parties.euVatNumber) {
    const { number, verified } = parties.euVatNumber;
    return {
      scheme: { kind: 'intra_community_supply', vat_number: number, vies: verified ? 'valid' : 'unverified' },
      place: parties.destination,
    };
  }
  if (parties.ossEnabled && !parties.business) return { scheme: { kind: 'oss', country }, place: parties.destination };
  // Below the EU threshold, or without OSS registration, a distance sale is taxed where the seller is; so is a sale
  // to a business buying with a Polish NIP.
  return { scheme: null, place: { country: SELLER_COUNTRY, postcode: '' } };
}
