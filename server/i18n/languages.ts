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

/** `pl-PL` → `pl`, `de-AT` → `de`, `fr-FR` → `en`. */
export function languageOfLocale(locale: string): Language {
  const language = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
}
