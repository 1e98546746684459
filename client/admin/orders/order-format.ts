/**
 * Dates and money on the Orders screens. wc/v3 gives an order's dates as the shop's wall-clock time (no zone) and
 * vitrine/v1 gives instants in UTC (with `Z`): a wall-clock time is shown as it is, an instant in the shop's time zone
 * (the start data's), never the browser's. Kept in this one small module until the admin has one shared date and
 * money helper, so that switching to it is a change of this file only.
 */
import { __, sprintf } from '@wordpress/i18n';

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;

let shopTimeZone = 'Europe/Warsaw';

/** The shop's time zone (General settings), for instants; set once at start. */
export function setOrdersTimeZone(timeZone: string | undefined): void {
  if (timeZone) shopTimeZone = timeZone;
}

function formatted(value: string, options: Intl.DateTimeFormatOptions): string {
  const zoned = ZONED.test(value);
  const date = new Date(zoned ? value : `${value.length === 10 ? `${value}T00:00:00` : value}Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: zoned ? shopTimeZone : 'UTC' }).format(date);
}

/** @example orderDateTime('2026-03-01T14:05:00') // '1 Mar 2026, 14:05' (en-GB) */
export const orderDateTime = (value: string) => formatted(value, { dateStyle: 'medium', timeStyle: 'short' });

/** A list's compact form. @example orderDateTimeShort('2026-03-01T14:05:00') // '01/03/2026, 14:05' (en-GB) */
export const orderDateTimeShort = (value: string) => formatted(value, { dateStyle: 'short', timeStyle: 'short' });

/** @example orderDay('2026-03-15') // '15 Mar 2026' (en-GB) */
export const orderDay = (value: string) => formatted(value, { dateStyle: 'medium' });

/** @example orderMoney('129.90', 'PLN') // 'PLN 129.90' (en-GB) */
export function orderMoney(amount: string | number, currency: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency || 'PLN' }).format(value);
  } catch {
    return sprintf(__('%1$s %2$s'), value.toFixed(2), currency);
  }
}

/** The shop's calendar day now (`YYYY-MM-DD`), the default of the day fields. */
export function shopToday(now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: shopTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
