/**
 * The languages the storefront and the shop's messages are written in, and which of them a shop's locale speaks.
 * A locale of another language gets English, the language every other one is translated from.
 */
export const LANGUAGES = ['pl', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language the texts fall back to when a locale's language has no catalogue. */
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A locale's region spoken in another language: numbers and dates of that language, the region's currency habits.
 *
 * @example localeInLanguage('pl-PL', 'de') === 'de-PL'
 */
export function localeInLanguage(locale: string, language: Language): string {
  if (languageOfLocale(locale) === language) return locale;
  const region = locale.split(/[-_]/)[1];
  return region ? `${language}-${region.toUpperCase()}` : language;
}

/** `pl-PL` → `pl`, `de-AT` → `de`, `fr-FR` → `en`. */
export function languageOfLocale(locale: string): Language {
  const language = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
}
