/**
 * The language of a user's admin, WordPress's user `locale`: what wp/v2 users accepts (the full names and the short
 * ones WordPress's clients also send) and the full name it is stored and answered as.
 */
import { ADMIN_LOCALE_ALIASES, ADMIN_LOCALES, type AdminLocale } from '../../client/api/users.js';
import type { ArgSchema } from '../rest/args.js';

export const ADMIN_LOCALE_ARG = {
  type: 'string',
  description: 'Locale for the user.',
  enum: [...ADMIN_LOCALES, ...(Object.keys(ADMIN_LOCALE_ALIASES) as (keyof typeof ADMIN_LOCALE_ALIASES)[])],
} as const satisfies ArgSchema;

/** @example adminLocale('pl') // 'pl_PL' */
export function adminLocale(value: string): AdminLocale {
  if (Object.hasOwn(ADMIN_LOCALE_ALIASES, value))
    return ADMIN_LOCALE_ALIASES[value as keyof typeof ADMIN_LOCALE_ALIASES];
  return (ADMIN_LOCALES as readonly string[]).includes(value) ? (value as AdminLocale) : '';
}
