/**
 * Which languages a shop offers its visitors, and where each is: the shop's own language (`general.locale`) at the
 * plain addresses, every other one under its code (`/de/shop?sf_color=red`). A path prefix rather than a `lang`
 * variable: the filter's `sf_` state stays the whole query string in every language, a cache or crawler keys pages by
 * their address alone, and a relative link (`?sf_paged=2`) keeps the language without being written for it.
 */
import { ADMIN_LOCALE_ALIASES, type AdminLocale } from '../../client/api/users.js';
import { chosenLanguage } from '../i18n/chosen-language.js';
import { isLanguage, languageOfLocale, type Language } from '../i18n/languages.js';
import type { User } from '../store/schema.js';
import { listedLanguages } from '../store/settings-schema.js';
import type { Store } from '../store/store.js';

export interface LanguageSettings {
  locale: string;
  storefront_languages: string;
}

/** The shop's own language first, then the others it lists, each once. */
export function offeredLanguages(general: LanguageSettings): Language[] {
  const own = languageOfLocale(general.locale);
  return [...new Set([own, ...listedLanguages(general.storefront_languages).filter(isLanguage)])];
}

/** The language the request is answered in: the visitor's choice, else the shop's own. */
export function requestLanguage(store: Store): Language {
  return chosenLanguage() ?? languageOfLocale(store.site.data.settings.general.locale);
}

/** The language a user's account keeps (`locale`), or undefined when it follows the shop's. */
export function userLanguage(user: Pick<User, 'locale'> | null | undefined): Language | undefined {
  return user?.locale ? languageOfLocale(user.locale) : undefined;
}

/**
 * The language a customer is written to outside an order: the one they are using on the storefront when their request
 * causes the message (the address's language), else the one their account keeps, else the shop's (undefined).
 */
export function customerLanguage(user: Pick<User, 'locale'> | null | undefined): Language | undefined {
  return chosenLanguage() ?? userLanguage(user);
}

/** The account's `locale` that keeps a storefront language. */
export const localeOfLanguage = (language: Language): AdminLocale => ADMIN_LOCALE_ALIASES[language];

/**
 * Keeps on a customer's account the storefront language of the request (the shop's own at the plain addresses), so
 * that the messages the shop sends them later, outside any request of theirs (an erasure carried out by a manager),
 * speak it. Staff accounts keep the language they chose for the admin.
 * @returns the account as it is now
 */
export async function rememberStorefrontLanguage(store: Store, user: User): Promise<User> {
  if (!user.roles.every((role) => role === 'customer')) return user;
  const locale = localeOfLanguage(requestLanguage(store));
  return user.locale === locale ? user : store.users.update(user.id, { locale });
}

/** The path prefix of the language the visitor chose for this request: '' for the shop's own. */
export function chosenLanguagePrefix(): string {
  const language = chosenLanguage();
  // The shop's own language is never chosen by a prefix: its prefix redirects to the plain address.
  return language ? `/${language}` : '';
}

/**
 * The path prefix of a language: '' for the shop's own, `/de` for another.
 *
 * @example languagePrefix('de', 'pl') === '/de'
 */
export function languagePrefix(language: Language, own: Language): string {
  return language === own ? '' : `/${language}`;
}

/**
 * The path prefix of a language among the languages a shop offers (its own first): '' for its own, and for one it does
 * not offer (its pages are not found under that prefix, so a link stays at the plain address).
 *
 * @example storefrontPrefix('de', ['pl', 'de']) === '/de'
 */
export function storefrontPrefix(language: Language, offered: readonly Language[]): string {
  return offered.includes(language) ? languagePrefix(language, offered[0]!) : '';
}

/**
 * A site path (with its query) in a language.
 *
 * @example pathInLanguage('/shop?sf_color=red', 'de', 'pl') === '/de/shop?sf_color=red'
 */
export function pathInLanguage(path: string, language: Language, own: Language): string {
  return `${languagePrefix(language, own)}${path}`;
}

/** Paths that are the same in every language: files, the REST API and the admin. */
const SHARED_PATHS = /^\/(?:assets\/|media\/|admin(?:\/|$|\?)|favicon\.|theme\.css|robots\.txt|sitemap)/;

/**
 * The page's site links (`href` and `action` starting with one `/`) in a language, so that every link, form and
 * redirect of a German page stays German. Absolute addresses (the language switch, hreflang, canonical) and paths
 * already under a language are left as they are.
 *
 * @example localizeLinks('<a href="/cart">', '/de') === '<a href="/de/cart">'
 */
export function localizeLinks(html: string, prefix: string): string {
  if (!prefix) return html;
  return html.replace(
    /(\s(?:href|action)=")(\/[^"/][^"]*|\/)(?=")/g,
    (_, attribute: string, path: string) => `${attribute}${localizePath(path, prefix)}`,
  );
}

/**
 * A site path in the language of `prefix`, unless it is the same in every language or already under one.
 *
 * @example localizePath('/cart?added=1', '/de') === '/de/cart?added=1'
 */
export function localizePath(path: string, prefix: string): string {
  if (!prefix || !path.startsWith('/') || path.startsWith('//')) return path;
  return SHARED_PATHS.test(path) || isUnderLanguage(path) ? path : `${prefix}${path}`;
}

function isUnderLanguage(path: string): boolean {
  const first = /^\/([a-z]{2})(?:[/?#]|$)/.exec(path)?.[1];
  return first !== undefined && isLanguage(first);
}

/**
 * The language a path names and the path without it (`/de/shop` → de, `/shop`); null when it names none.
 *
 * @example splitLanguagePath('/de') // { language: 'de', path: '/' }
 */
export function splitLanguagePath(path: string): { language: Language; path: string } | null {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(path);
  if (!match || !isLanguage(match[1]!)) return null;
  return { language: match[1] as Language, path: match[2] || '/' };
}
