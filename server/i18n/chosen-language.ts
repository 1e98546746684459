/**
 * The language a visitor chose for the storefront, for the request being answered: set once by the language
 * middleware (server/site/language-prefix.ts) from the address, read wherever the storefront writes texts, numbers
 * and prices (`shopTranslator`, `productDisplay`) without every route passing it along. Outside a request (mail
 * delivery, the command line, the REST API) there is no choice and the shop's own language speaks.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { localeInLanguage, type Language } from './languages.js';

const chosen = new AsyncLocalStorage<Language>();

/**
 * Runs `work` (and everything it awaits) with the visitor's language chosen.
 *
 * @example await inChosenLanguage('de', () => next())
 */
export function inChosenLanguage<T>(language: Language, work: () => T): T {
  return chosen.run(language, work);
}

/** The language the visitor chose for this request, or undefined (the shop's own). */
export function chosenLanguage(): Language | undefined {
  return chosen.getStore();
}

/**
 * The locale the storefront writes in: the shop's, or, when the visitor chose another language, that language in the
 * shop's region, so that a German visitor of a Polish shop reads German words and German numbers with złoty prices.
 *
 * @example inChosenLanguage('de', () => storefrontLocale('pl-PL')) === 'de-PL'
 */
export function storefrontLocale(shopLocale: string): string {
  const language = chosen.getStore();
  return language ? localeInLanguage(shopLocale, language) : shopLocale;
}
