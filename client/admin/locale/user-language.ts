/**
 * The locale a user's admin writes dates' words in (month names: "15 sty 2026" or "Jan 15, 2026"): their own
 * language when they chose one (wp/v2 users' `locale`), else the shop's locale, which a save of the General settings
 * may change without a reload. Times stay in the shop's time zone, and numbers are typed and shown the shop's way.
 */
import { shopLocale } from './shop-locale.js';

let chosen: string | null = null;

/** @param locale BCP 47 (`en-US`), or null to follow the shop's locale */
export function setUserDateLocale(locale: string | null): void {
  chosen = locale;
}

export function userDateLocale(): string {
  return chosen ?? shopLocale().locale;
}
