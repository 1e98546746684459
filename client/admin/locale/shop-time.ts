/**
 * Every date and time the admin shows, in the shop's time zone (shop-locale.ts) and its user's language
 * (user-language.ts: the shop's locale unless they chose their own): the one formatter.
 *
 * The REST answers carry two kinds of time, and the string says which:
 * - an instant, with its zone (`2026-01-15T10:30:00.000Z`, `…+01:00`): shown as the shop's clock read it then;
 * - the shop's own wall-clock time, without a zone (`2026-01-15T11:30:00`, as compliance/v1 and wp/v2's `date` and
 *   `modified` give it): shown as it is, only written the locale's way.
 * Never pass a `_gmt` field without its `Z`: it would be read as the shop's wall clock. The browser's time zone is
 * never used.
 */
import { shopLocale } from './shop-locale.js';
import { userDateLocale } from './user-language.js';

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** How much of a time is written: a day, a day and time, or a list's compact day and time. */
type Form = 'date' | 'date-time' | 'short-date-time';

const FORM_OPTIONS: Record<Form, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  'date-time': { dateStyle: 'medium', timeStyle: 'short' },
  'short-date-time': { dateStyle: 'short', timeStyle: 'short' },
};

function formatter(locale: string, timeZone: string, form: Form): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${form}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { timeZone, ...FORM_OPTIONS[form] });
    formatters.set(key, made);
  }
  return made;
}

/** The instant to format and the zone to read it in: a wall-clock time is read as UTC and shown in UTC, unchanged. */
function parse(value: string): { date: Date; timeZone: string } | null {
  const zoned = ZONED.test(value);
  const text = zoned ? value : `${/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value.replace(' ', 'T')}Z`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : { date, timeZone: zoned ? shopLocale().timeZone : 'UTC' };
}

/**
 * A date and time as the shop writes it; '' for none, and anything unreadable as it came.
 * @example formatShopDateTime('2026-01-15T10:30:00Z') // '15 sty 2026, 11:30' (pl-PL, Europe/Warsaw)
 * @example formatShopDateTime('2026-01-15T11:30:00') // '15 sty 2026, 11:30' (already the shop's time)
 */
export function formatShopDateTime(value: string | null | undefined): string {
  return format(value, 'date-time');
}

/**
 * The compact date and time a list's column shows.
 * @example formatShopDateTimeShort('2026-01-15T10:30:00Z') // '15.01.2026, 11:30' (pl-PL, Europe/Warsaw)
 */
export function formatShopDateTimeShort(value: string | null | undefined): string {
  return format(value, 'short-date-time');
}

/**
 * A day as the shop writes it (the day it was in the shop's time zone, for an instant).
 * @example formatShopDate('2026-01-15T23:30:00Z') // '16 sty 2026' (pl-PL, Europe/Warsaw)
 */
export function formatShopDate(value: string | null | undefined): string {
  return format(value, 'date');
}

/**
 * The shop's calendar day at `now` (`YYYY-MM-DD`, in its time zone, not the browser's): what a day field offers first.
 * @example shopToday(new Date('2026-01-15T23:30:00Z')) // '2026-01-16' (Europe/Warsaw)
 */
export function shopToday(now = new Date()): string {
  // en-CA writes a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: shopLocale().timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function format(value: string | null | undefined, form: Form): string {
  if (!value) return '';
  const parsed = parse(value);
  if (!parsed) return value;
  return formatter(userDateLocale(), parsed.timeZone, form).format(parsed.date);
}
