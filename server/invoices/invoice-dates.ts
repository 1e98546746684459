/** Dates on an invoice, in the shop's time zone: FA(3) states the dates of issue and of sale as the seller's calendar. */
import { gmtOffset, toLocalDateTime } from '../store/local-time.js';

/** `YYYY-MM-DD` of an instant in `timeZone`. */
export const localDate = (at: Date | string, timeZone: string): string =>
  toLocalDateTime(typeof at === 'string' ? at : at.toISOString(), timeZone).slice(0, 10);

/**
 * An instant as ISO 8601 with the zone's offset, as the invoice records when it was issued.
 * @example isoWithOffset(new Date('2026-12-02T10:00:00Z'), 'Europe/Warsaw') === '2026-12-02T11:00:00+01:00'
 */
export function isoWithOffset(at: Date, timeZone: string): string {
  const minutes = Math.round(gmtOffset(timeZone, at) * 60);
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const rest = String(Math.abs(minutes) % 60).padStart(2, '0');
  return `${toLocalDateTime(at.toISOString(), timeZone)}${sign}${hours}:${rest}`;
}

/** `days` after a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
