/**
 * The admin in its user's language: the translation of its own strings (this folder's catalogues, Jed locale data for
 * `@wordpress/i18n`), loaded before any screen module runs, since many define their words when they load. index.tsx
 * imports this module first; its top-level await holds back the modules after it until the catalogue is in. Each
 * language is a chunk of its own, fetched only by its users; English needs none.
 */
import { setLocaleData } from '@wordpress/i18n';
import type { AdminLanguage } from '../../api/users.js';
import { setUserDateLocale } from '../locale/user-language.js';
import { readStartData } from '../shell/start-data.js';

const CATALOGUES: Record<Exclude<AdminLanguage, 'en'>, () => Promise<{ default: object }>> = {
  pl: () => import('./pl.json'),
};

const found = readStartData();
if (found?.start.admin) {
  const { language, dateLocale } = found.start.admin;
  setUserDateLocale(found.start.user.locale ? dateLocale : null);
  if (language !== 'en') setLocaleData((await CATALOGUES[language]()).default as Record<string, string[]>);
}
