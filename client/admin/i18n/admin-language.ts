/**
 * The admin in its user's language: the translation of its own strings (this folder's catalogues, Jed locale data for
 * `@wordpress/i18n`) and the locale of dates' words. The entry (index.tsx) loads it before it imports the screens,
 * since many of them define their words when they load. Each language is a chunk of its own, fetched only by its
 * users; English needs none.
 */
import { setLocaleData } from '@wordpress/i18n';
import type { AdminLanguage } from '../../api/users.js';
import { setUserDateLocale } from '../locale/user-language.js';
import type { StartData } from '../shell/start-data.js';

const CATALOGUES: Record<Exclude<AdminLanguage, 'en'>, () => Promise<{ default: object }>> = {
  pl: () => import('./pl.json'),
};

/** Sets the user's language up; when its catalogue cannot be fetched, the admin stays usable, in English. */
export async function loadAdminLanguage(start: StartData): Promise<void> {
  const { language, dateLocale } = start.admin;
  setUserDateLocale(start.user.locale ? dateLocale : null);
  if (language === 'en') return;
  try {
    setLocaleData((await CATALOGUES[language]()).default as Record<string, string[]>);
  } catch (error) {
    console.error(`The admin's ${language} translation could not be loaded`, error);
  }
}
