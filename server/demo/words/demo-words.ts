/** The demo's word table of a language (the tables and how titles are built: vocabulary.ts). */
import type { Language } from '../../i18n/languages.js';
import { de } from './de.js';
import { en } from './en.js';
import { pl } from './pl.js';
import type { DemoWords } from './vocabulary.js';

const TABLES: Readonly<Record<Language, DemoWords>> = { en, pl, de };

export function demoWords(language: Language): DemoWords {
  return TABLES[language];
}
