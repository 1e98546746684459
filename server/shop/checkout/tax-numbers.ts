/**
 * A company buyer's tax number as the checkout takes it: a Polish NIP (ten digits, with or without "PL", dashes and
 * spaces), or the VAT number of a company in another member state, which starts with its country's prefix.
 */
import { euVatNumber, type EuVatProblem } from './eu-vat-numbers.js';
import { normaliseNip } from './nip.js';

/** Greece's VAT prefix is EL; the country is GR. */
const COUNTRY_OF_PREFIX: Readonly<Record<string, string>> = { EL: 'GR' };

export type TaxNumberCheck =
  | { number: string; problem?: never; country?: never }
  | { number?: never; problem: 'nip' | EuVatProblem; country?: string };

/**
 * The number as it is stored (`1234563218`, `DE136695976`), or what is wrong with it and the country it claims.
 * @example companyTaxNumber('PL 123-456-32-18') // { number: '1234563218' }
 */
export function companyTaxNumber(typed: string): TaxNumberCheck {
  const prefix = typed.trim().slice(0, 2).toUpperCase();
  if (!/^[A-Z]{2}$/.test(prefix) || prefix === 'PL') {
    const nip = normaliseNip(typed);
    return nip ? { number: nip } : { problem: 'nip' };
  }
  const checked = euVatNumber(typed);
  if (checked.number !== undefined) return { number: checked.number };
  return { problem: checked.problem, country: COUNTRY_OF_PREFIX[prefix] ?? prefix };
}
