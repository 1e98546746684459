/**
 * The VAT rate of an order's tax line as FA(3) names it (`P_12`), and the pair of FA(3) totals it is summed into
 * (`P_13_x` net, `P_14_x` VAT).
 */
import type { InvoiceRateCode } from '../../client/api/invoices.js';
import type { OrderTaxLine } from '../../client/api/taxes.js';
import { ConflictError } from '../errors/domain-errors.js';

/** The tax class whose 0% means "exempt" (zw) rather than "0% domestic" (tax-defaults.ts). */
const EXEMPT_CLASS = 'zw';

const PERCENT_CODES: ReadonlyMap<number, InvoiceRateCode> = new Map([
  [23, '23'],
  [22, '22'],
  [8, '8'],
  [7, '7'],
  [5, '5'],
  [4, '4'],
]);

/**
 * The code of a tax line's rate. A 0% rate is exempt (`zw`) when its class is the exempt class or its name says `zw`,
 * else 0% domestic (`0 KR`).
 * @throws ConflictError for a percent FA(3) has no field for (e.g. 12%): such an invoice cannot be issued
 */
export function rateCodeOf(line: Pick<OrderTaxLine, 'rate_percent' | 'label'>, rateClass: string): InvoiceRateCode {
  if (line.rate_percent === 0) return rateClass === EXEMPT_CLASS || /(^|\s)zw(\s|$)/i.test(line.label) ? 'zw' : '0 KR';
  const code = PERCENT_CODES.get(line.rate_percent);
  if (!code)
    throw new ConflictError(
      `The VAT rate ${line.rate_percent}% (${line.label}) is not one a Polish invoice can state (23, 8, 5, 0% or exempt); change the tax rate before invoicing.`,
      { code: 'vitrine_invoice_rate' },
    );
  return code;
}

/** The FA(3) fields a rate's sums go into: `net` is `P_13_x`, `tax` is `P_14_x` (null when the rate has no VAT field). */
export function fa3TotalFields(code: InvoiceRateCode): { net: string; tax: string | null } {
  switch (code) {
    case '23':
    case '22':
      return { net: 'P_13_1', tax: 'P_14_1' };
    case '8':
    case '7':
      return { net: 'P_13_2', tax: 'P_14_2' };
    case '5':
      return { net: 'P_13_3', tax: 'P_14_3' };
    case '4':
    case '3':
      return { net: 'P_13_4', tax: 'P_14_4' };
    case '0 KR':
      return { net: 'P_13_6_1', tax: null };
    case '0 WDT':
      return { net: 'P_13_6_2', tax: null };
    case '0 EX':
      return { net: 'P_13_6_3', tax: null };
    case 'zw':
      return { net: 'P_13_7', tax: null };
    case 'np I':
      return { net: 'P_13_8', tax: null };
    case 'np II':
      return { net: 'P_13_9', tax: null };
    case 'OSS':
      return { net: 'P_13_5', tax: 'P_14_5' };
    case 'oo':
      return { net: 'P_13_10', tax: null };
  }
}

/** FA(3)'s order of the total fields: the XML must list them in it. */
export const FA3_TOTAL_FIELD_ORDER = [
  'P_13_1',
  'P_14_1',
  'P_13_2',
  'P_14_2',
  'P_13_3',
  'P_14_3',
  'P_13_4',
  'P_14_4',
  'P_13_5',
  'P_14_5',
  'P_13_6_1',
  'P_13_6_2',
  'P_13_6_3',
  'P_13_7',
  'P_13_8',
  'P_13_9',
  'P_13_10',
] as const;
