/**
 * The shop's locale, time zone and currency, as its General settings say: what every date, number and amount in the
 * admin is written in, whatever the browser's own settings. The server hands them over in the start data
 * (server/pages/admin-route.ts); saving the General settings replaces them, so a change shows without a reload.
 * Read them through the formatting helpers beside this file (shop-time.ts, shop-number.ts), not directly.
 */

export interface ShopLocale {
  /** BCP 47, e.g. `pl-PL`. */
  locale: string;
  /** IANA, e.g. `Europe/Warsaw`. */
  timeZone: string;
  /** ISO 4217, e.g. `PLN`. */
  currency: string;
}

/** The built-in defaults of the General settings, for code that runs before the start data (tests in Node). */
const DEFAULT_LOCALE: ShopLocale = { locale: 'pl-PL', timeZone: 'Europe/Warsaw', currency: 'PLN' };

let current: ShopLocale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

export function shopLocale(): ShopLocale {
  return current;
}

/** Replaces the shop's locale (at start, and after the General settings are saved); fields given as '' keep theirs. */
export function setShopLocale(next: Partial<ShopLocale>): void {
  const merged = { ...current };
  for (const key of Object.keys(merged) as (keyof ShopLocale)[]) {
    const value = next[key];
    if (typeof value === 'string' && value !== '') merged[key] = value;
  }
  current = merged;
  for (const listener of listeners) listener();
}

/** Calls `listener` after each change; returns the function that stops it. */
export function onShopLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
