/**
 * The numbers invoices are given, from a pattern the manager sets (`general.invoice_number_pattern`): `{n}` is the
 * sequence within the period, and the period is what the rest of the pattern makes of the issue date, so
 * `FV/{year}/{month}/{n}` numbers from 1 every month. Kept in the store layer because the settings check it.
 */

const PLACEHOLDERS = ['{year}', '{month}', '{day}', '{n}'] as const;

/** Why `pattern` cannot number invoices, or null when it can. */
export function numberPatternProblem(pattern: string): string | null {
  if (!pattern.includes('{n}')) return 'must contain {n}, the running number';
  if (pattern.split('{n}').length > 2) return 'may contain {n} only once';
  const unknown = pattern.match(/\{[^}]*\}/g)?.find((token) => !(PLACEHOLDERS as readonly string[]).includes(token));
  if (unknown) return `knows {year}, {month}, {day} and {n}, not ${unknown}`;
  return null;
}

/** `{year}`, `{month}` and `{day}` filled from a local `YYYY-MM-DD` date; `{n}` is left in place. */
export function numberingPeriod(pattern: string, localDate: string): string {
  const [year, month, day] = localDate.split('-');
  return pattern.replaceAll('{year}', year!).replaceAll('{month}', month!).replaceAll('{day}', day!);
}

/**
 * The number of the `sequence`-th invoice of a period.
 * @example invoiceNumber(numberingPeriod('FV/{year}/{month}/{n}', '2026-12-02'), 7) === 'FV/2026/12/7'
 */
export function invoiceNumber(period: string, sequence: number): string {
  return period.replace('{n}', String(sequence));
}
