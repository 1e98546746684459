/**
 * Dates as people read them on the storefront and in the shop's messages: the day and month in words and the time to
 * the minute, in the shop's time zone ("28 listopada 2026, 09:10", "28. November 2026, 09:10"). How a date and a time
 * join is the language's own (`date.dateTime` in the catalogue).
 */
import type { Translator } from './translator.js';

export interface DateFormatting {
  /** BCP 47 locale the numbers and month names follow (`pl-PL`). */
  locale: string;
  timeZone: string;
}

/** "28 listopada 2026" */
export function readableDate(iso: string, formatting: DateFormatting): string {
  return new Intl.DateTimeFormat(formatting.locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: formatting.timeZone,
  }).format(new Date(iso));
}

/** A calendar day (`YYYY-MM-DD`), the same day wherever it is read: "28 listopada 2026". */
export const readableDay = (day: string, locale: string): string =>
  readableDate(`${day}T12:00:00Z`, { locale, timeZone: 'UTC' });

/** "28 listopada 2026, 09:10" */
export function readableDateTime(iso: string, formatting: DateFormatting, { t }: Translator): string {
  const time = new Intl.DateTimeFormat(formatting.locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: formatting.timeZone,
  }).format(new Date(iso));
  return t('date.dateTime', { date: readableDate(iso, formatting), time });
}
