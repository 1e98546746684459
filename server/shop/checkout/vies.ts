/**
 * Whether a VAT number of another member state is registered for intra-Community trade, asked of the European
 * Commission's VIES REST API (`POST …/check-vat-number` with `countryCode` and `vatNumber`; the answer's `valid`).
 * VIES forwards each question to the member state's own register, which is often down for minutes; an answer that
 * does not come within the timeout, or comes without `valid` (VIES's `errorWrappers`, such as `MS_UNAVAILABLE`),
 * is `unreachable`, never `invalid`: the checkout keeps the order and marks the number unverified.
 */
import { isEuVatNumber } from '../../../client/api/orders.js';
import { isEuMemberState, SELLER_COUNTRY } from '../../tax/eu-vat-scheme.js';

/** What VIES said of a number: registered, not registered, or nothing in time. */
export type ViesAnswer = 'valid' | 'invalid' | 'unreachable';

/** Asks VIES about a VAT number with its prefix (`DE136695976`). */
export type CheckVatNumber = (vatNumber: string) => Promise<ViesAnswer>;

/**
 * @param apiUrl the `check-vat-number` address (`config.viesApiUrl`; a local stand-in in tests)
 * @param timeoutMs how long the shopper's order waits for VIES at most
 * @example await viesChecker(config.viesApiUrl)('DE136695976') // 'valid'
 */
export function viesChecker(apiUrl: string, timeoutMs = 4000): CheckVatNumber {
  return async (vatNumber) => {
    try {
      const response = await fetch(apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ countryCode: vatNumber.slice(0, 2), vatNumber: vatNumber.slice(2) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return 'unreachable';
      const answer = (await response.json()) as { valid?: unknown };
      if (typeof answer.valid !== 'boolean') return 'unreachable';
      return answer.valid ? 'valid' : 'invalid';
    } catch {
      // A refused connection, a timeout or a body that is not JSON: VIES could not say.
      return 'unreachable';
    }
  };
}

/**
 * A company buyer's VAT number as the order's taxation takes it: null when it plays no part (a consumer, a Polish
 * NIP, goods staying in Poland or leaving the EU: VIES is not asked), `invalid` when VIES says it is not registered,
 * else the number and whether VIES confirmed it.
 * @param destination the country the goods go to
 */
export async function buyerEuVatNumber(
  companyTaxId: string,
  destination: string,
  checkVatNumber: CheckVatNumber,
): Promise<{ number: string; verified: boolean } | 'invalid' | null> {
  const country = destination.toUpperCase();
  if (!isEuVatNumber(companyTaxId) || country === SELLER_COUNTRY || !isEuMemberState(country)) return null;
  const answer = await checkVatNumber(companyTaxId);
  return answer === 'invalid' ? 'invalid' : { number: companyTaxId, verified: answer === 'valid' };
}
