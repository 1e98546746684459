/**
 * The catalogue files: `messages/<language>/<area>.json`, one file per area of the shop (cart, checkout, mail…) so that
 * work on different areas never edits the same file. Each holds `{"<area>.<name>": message}` where a message is a
 * string, or for a text that depends on a number an object with one string per CLDR plural category of the language
 * (`one`, `few`, `many`, `other` in Polish; `one`, `other` in English and German). Values go in as gettext's named
 * placeholders: `%(count)d`, `%(name)s`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from './languages.js';

export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>>;
export type CatalogueMessage = string | PluralMessage;
/** A language's messages by key, from all its area files. */
export type LanguageMessages = Map<string, CatalogueMessage>;

export const MESSAGES_FOLDER = fileURLToPath(new URL('./messages/', import.meta.url));

/** The area files of a language, by area name, read from `folder`. */
export function readAreaFiles(
  language: Language,
  folder = MESSAGES_FOLDER,
): Map<string, Record<string, CatalogueMessage>> {
  const languageFolder = path.join(folder, language);
  const areas = new Map<string, Record<string, CatalogueMessage>>();
  for (const file of readdirSync(languageFolder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const text = readFileSync(path.join(languageFolder, file), 'utf8');
    try {
      areas.set(file.slice(0, -'.json'.length), JSON.parse(text));
    } catch (error) {
      throw new Error(`The message catalogue ${language}/${file} is not valid JSON: ${(error as Error).message}`);
    }
  }
  return areas;
}

/** Every language's messages, merged over its area files. */
export function readCatalogues(folder = MESSAGES_FOLDER): Map<Language, LanguageMessages> {
  return new Map(
    LANGUAGES.map((language) => {
      const messages: LanguageMessages = new Map();
      for (const area of readAreaFiles(language, folder).values()) {
        for (const [key, message] of Object.entries(area)) messages.set(key, message);
      }
      return [language, messages];
    }),
  );
}

/**
 * The plural categories a language's plural messages hold, in the order their gettext forms are stored: CLDR's own
 * categories of the language (Intl.PluralRules), in CLDR's order.
 */
export function pluralCategories(language: Language): Intl.LDMLPluralRule[] {
  const CLDR_ORDER: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  return CLDR_ORDER.filter((category) => categories.includes(category));
}
