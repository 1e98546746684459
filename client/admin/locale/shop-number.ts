/**
 * Numbers and money as the shop writes them (shop-locale.ts): the one parser of what a manager types in a number or
 * money field, and the formatters of what the admin shows. A Polish shop reads "129,99" and "1 299,99" (and the dot
 * many people type anyway, "129.99"); an English one reads "1,299.99". The REST API takes plain numbers ("129.99"),
 * which {@link toApiNumber} gives it.
 */
import { shopLocale } from './shop-locale.js';

const SPACES = /[\s\u00a0\u202f']/g;

/** The locale's decimal mark, `,` or `.`. */
function decimalMark(locale: string): ',' | '.' {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((candidate) => candidate.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/**
 * What a manager typed, as a number; null for empty or unreadable text.
 *
 * Spaces (grouping in many locales) are ignored. When the text holds the locale's decimal mark, the other mark may
 * only group digits in threes ("1.299,99" in pl-PL). Without it, a `.` is a decimal point in any locale ("129.99" in
 * pl-PL), and in a locale whose decimal mark is `.`, a `,` may only group digits in threes: "129,99" is refused in
 * en-GB rather than read as 12,999.
 *
 * @example parseShopNumber('129,99') // 129.99 in pl-PL
 * @example parseShopNumber('1 299,99') // 1299.99 in pl-PL
 * @example parseShopNumber('1,299.99', 'en-GB') // 1299.99
 * @example parseShopNumber('12,99', 'en-GB') // null
 */
export function parseShopNumber(text: string, locale = shopLocale().locale): number | null {
  const compact = text
    .trim()
    .replace(SPACES, '')
    .replace(/^\u2212/, '-');
  if (compact === '') return null;
  const decimal = decimalMark(locale);
  const other = decimal === ',' ? '.' : ',';
  let plain: string;
  if (compact.includes(decimal)) {
    const [whole, fraction, extra] = compact.split(decimal);
    if (extra !== undefined || !groupsOfThree(whole!, other)) return null;
    plain = `${whole!.split(other).join('')}.${fraction}`;
  } else if (other === '.') {
    plain = compact;
  } else {
    if (!groupsOfThree(compact, other)) return null;
    plain = compact.split(other).join('');
  }
  if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(plain)) return null;
  return Number(plain);
}

/** Digits, with `mark` (if any) between groups of three after the first group. */
function groupsOfThree(whole: string, mark: string): boolean {
  if (!whole.includes(mark)) return true;
  const [first, ...rest] = whole.replace(/^-/, '').split(mark);
  return /^\d{1,3}$/.test(first!) && rest.every((group) => /^\d{3}$/.test(group));
}

/**
 * The text the REST API gets for a typed number: the number in its plain form ("129.99"), or the text as typed when it
 * is not one, so that the server refuses it by name and its reason is shown beside the field.
 * @example toApiNumber(' 129,99 ') // '129.99' in pl-PL
 * @example toApiNumber('') // ''
 */
export function toApiNumber(text: string, locale = shopLocale().locale): string {
  const value = parseShopNumber(text, locale);
  return value === null ? text.trim() : String(value);
}

/**
 * A plain number from the API ("129.99", 129.99) as the field shows it for editing: "129,99" in pl-PL, no grouping;
 * '' stays ''.
 */
export function toFieldNumber(value: string | number | null | undefined, locale = shopLocale().locale): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  return decimalMark(locale) === ',' ? text.replace('.', ',') : text;
}

/** @example formatShopNumber(1299.5) // '1 299,5' in pl-PL */
export function formatShopNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(shopLocale().locale, options).format(value);
}

/**
 * An amount in the shop's locale and currency, or in `currency` when a record carries its own (an order keeps the
 * currency it was placed in); an unknown currency code is written after the number.
 * @example formatShopMoney(162.99) // '162,99 zł' in pl-PL with PLN
 * @example formatShopMoney(162.99, 'EUR') // '162,99 €' in pl-PL
 */
export function formatShopMoney(value: number, currency = shopLocale().currency): string {
  const { locale } = shopLocale();
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency || shopLocale().currency }).format(
      value,
    );
  } catch {
    return `${formatShopNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
  }
}

/**
 * An amount as the REST API gives it ("162.99" on wc/v3, 162.99 on vitrine/v1; '' for none) in the shop's money:
 * `162,99 zł`; '' and anything that is no number stay as they came.
 */
export function formatApiMoney(price: string | number, currency?: string): string {
  if (typeof price === 'string' && price.trim() === '') return price;
  return Number.isFinite(Number(price)) ? formatShopMoney(Number(price), currency) : String(price);
}

/** A rate the API gives in percent (`87.5`) as the shop writes it: `87,5%` in pl-PL. */
export function shopPercent(percent: number): string {
  return formatShopNumber(percent / 100, { style: 'percent', maximumFractionDigits: 1 });
}
