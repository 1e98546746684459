/** `wp/v2/users` and `wp/v2/users/{id}/application-passwords`, in WordPress's shapes (the subset Vitrine has). */

export const ROLES = ['administrator', 'shop_manager', 'editor', 'customer'] as const;

/** The rule for a login password, which the server checks and the admin states before it is typed. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export type RestUserRole = (typeof ROLES)[number];

/**
 * A user in the view context: what WordPress shows of a user to anyone allowed to see them at all. The e-mail, login,
 * roles and capabilities are in the edit context (`?context=edit`).
 */
export interface RestUserView {
  id: number;
  /** The display name. */
  name: string;
  url: string;
  description: string;
  slug: string;
}

/** A user in the edit context. */
export interface RestUser {
  id: number;
  username: string;
  /** The display name. */
  name: string;
  email: string;
  slug: string;
  /** One role. */
  roles: RestUserRole[];
  /** ISO 8601 in UTC, when the account was made. */
  registered_date: string;
  capabilities: Record<string, boolean>;
  /** The language of the user's admin, as WordPress's user `locale`: '' follows the shop's locale. */
  locale: AdminLocale;
}

/**
 * A user's languages (`locale` of wp/v2 users): the admin's (German is written in English there, with German dates),
 * and a customer's storefront language, which their account messages follow. '' follows the shop's locale.
 */
export const ADMIN_LOCALES = ['', 'en_US', 'pl_PL', 'de_DE'] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number];
/** The short names WordPress's clients also send, and the locale each stands for. */
export const ADMIN_LOCALE_ALIASES = { en: 'en_US', pl: 'pl_PL', de: 'de_DE' } as const satisfies Record<
  string,
  AdminLocale
>;

/** The language the admin speaks: the one its strings are translated into (client/admin/i18n/), or English. */
export type AdminLanguage = 'en' | 'pl';

/**
 * What the admin is written in for a user: the language of its strings (and of `<html lang>`), and the locale of its
 * dates' words. A user who follows the shop gets the shop's locale for dates and its language where the admin has it.
 * @example adminLanguageOf('', 'pl-PL') // { language: 'pl', dateLocale: 'pl-PL' }
 * @example adminLanguageOf('en_US', 'pl-PL') // { language: 'en', dateLocale: 'en-US' }
 * @example adminLanguageOf('', 'de-DE') // { language: 'en', dateLocale: 'de-DE' }
 */
export function adminLanguageOf(
  userLocale: string,
  shopLocale: string,
): { language: AdminLanguage; dateLocale: string } {
  const dateLocale = userLocale === '' ? shopLocale : userLocale.replace('_', '-');
  return { language: /^pl\b/i.test(dateLocale) ? 'pl' : 'en', dateLocale };
}

/** An application password as listed: never its hash. Times are the shop's local time. */
export interface RestApplicationPassword {
  uuid: string;
  app_id: string;
  name: string;
  created: string;
  last_used: string | null;
  last_ip: string | null;
}

/** The answer to creating one: the only time the password itself is shown. */
export interface RestNewApplicationPassword extends RestApplicationPassword {
  password: string;
}

/** `POST vitrine/v1/users/{id}/erase`: the person is erased from the account; `items_retained` orders are kept. */
export interface RestUserErasure {
  id: number;
  erased: true;
  /** The orders kept for tax law (anonymised, with their billing and delivery addresses). */
  items_retained: number;
  messages: string[];
}

/**
 * Where a customer's erasure request stands: waiting for the customer to confirm it from the account's e-mail address,
 * confirmed and waiting for a manager to carry it out, or carried out (the account erased).
 */
export type ErasureRequestState = 'awaiting_confirmation' | 'confirmed' | 'completed';

/** A customer's erasure request as managers read it (`GET vitrine/v1/erasure-requests`). Times are ISO 8601 in UTC. */
export interface RestErasureRequest {
  /** The account's id: an account has at most one request. */
  id: number;
  /** The account's e-mail address and display name (an erased account's anonymous ones once carried out). */
  email: string;
  name: string;
  state: ErasureRequestState;
  requested_at: string;
  confirmed_at: string | null;
  completed_at: string | null;
  /** The last day to carry it out (`YYYY-MM-DD`, the shop's time zone): one month from the request (GDPR art. 12(3)). */
  due_on: string;
  /** Whether it is still not carried out after `due_on` (in the shop's today). */
  overdue: boolean;
}

/** `POST vitrine/v1/erasure-requests/{id}`: the request carried out, and the orders kept for tax law. */
export interface RestErasureDone extends RestErasureRequest {
  items_retained: number;
}
