/**
 * How an invoice writes its figures: amounts in grosz as money in the invoice's currency, quantities, rates, dates and
 * bank accounts, in the conventions of the language the document is printed in. Amounts never pass through a float:
 * the grosz are written as a decimal string, which `Intl.NumberFormat` formats exactly.
 */
import type { InvoiceLine } from '../../../client/api/invoices.js';
import type { Language } from '../../i18n/languages.js';

/** The locale whose number and date conventions a printed document in `language` follows. */
const LOCALE_OF: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', de: 'de-DE' };

export interface InvoiceFigures {
  money(grosz: number): string;
  quantity(quantity: number): string;
  rate(rate: Pick<InvoiceLine, 'rate' | 'rate_percent'>): string;
  /** `YYYY-MM-DD` as the language writes a date in figures (`02.12.2026`, `02/12/2026`). */
  date(isoDate: string): string;
}

/** `-123456` → `-1234.56`: a decimal string of an integer amount of minor units. */
export function decimalOfMinorUnits(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`An amount must be a whole number of grosz, not ${minor}.`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * A rate as an invoice prints it: percents with their sign, the FA(3) codes of untaxed supplies as the law abbreviates
 * them (`zw` exempt, `oo` reverse charge, `np` outside Polish VAT), an OSS supply as its country's percent and `OSS`.
 */
export function rateLabel({ rate: code, rate_percent: percent }: Pick<InvoiceLine, 'rate' | 'rate_percent'>): string {
  if (code === 'OSS') return `${percent}% OSS`;
  if (/^\d+$/.test(code)) return `${code}%`;
  if (code.startsWith('0 ')) return code === '0 KR' ? '0%' : `0% ${code.slice(2)}`;
  return code;
}

/** `PL61109010140000071219812874` → `PL61 1090 1014 0000 0712 1981 2874`. */
export function groupedAccount(compact: string): string {
  return compact.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

export function invoiceFigures(language: Language, currency: string): InvoiceFigures {
  const locale = LOCALE_OF[language];
  const moneyFormat = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const quantityFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const dateFormat = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    // A decimal string keeps every grosz: Intl formats strings as exact decimals (no binary fraction in between).
    money: (grosz) => moneyFormat.format(decimalOfMinorUnits(grosz) as unknown as number),
    quantity: (quantity) => quantityFormat.format(quantity),
    rate: rateLabel,
    date: (isoDate) => dateFormat.format(new Date(`${isoDate}T00:00:00Z`)),
  };
}
