/**
 * `t(key, values)`: a message of the catalogue in one language, with its values put in. The messages are gettext
 * translations run by @wordpress/i18n (Tannin), the library the admin uses too; a plural message's form is chosen by
 * CLDR's plural rules of the language (Intl.PluralRules), and `%(name)s` placeholders are filled by its sprintf.
 * A key missing from a language falls back to English, then to the key itself: a gap shows, it never breaks a page.
 */
import { createI18n, sprintf, type I18n } from '@wordpress/i18n';
import { pluralCategories, readCatalogues, type LanguageMessages } from './catalogue-files.js';
import type { MessageRef, MessageValues } from './message-ref.js';
import { FALLBACK_LANGUAGE, LANGUAGES, languageOfLocale, type Language } from './languages.js';

export type { MessageValues };
export type Translate = (key: string, values?: MessageValues) => string;

export interface Translator {
  language: Language;
  t: Translate;
  /** A message a service named (message-ref.ts), in this language. */
  say(ref: MessageRef): string;
  /**
   * Every form of a plural message, by CLDR category, with its values put in: for a browser that picks the form
   * itself (`Intl.PluralRules`), with no catalogue of its own.
   */
  forms(key: string, values?: MessageValues): Partial<Record<Intl.LDMLPluralRule, string>>;
}

/** The gettext text domain the catalogue's messages live in. */
const DOMAIN = 'messages';

interface LoadedLanguage {
  i18n: I18n<typeof DOMAIN>;
  plurals: ReadonlySet<string>;
  messages: LanguageMessages;
}

function loadLanguage(language: Language, messages: LanguageMessages): LoadedLanguage {
  const categories = pluralCategories(language);
  const rules = new Intl.PluralRules(language);
  const data: Record<string, unknown> = {
    '': { domain: DOMAIN, lang: language, plural_forms: (n: number) => categories.indexOf(rules.select(n)) },
  };
  const plurals = new Set<string>();
  for (const [key, message] of messages) {
    if (typeof message === 'string') data[key] = [message];
    else {
      plurals.add(key);
      data[key] = categories.map((category) => message[category] ?? message.other ?? '');
    }
  }
  return { i18n: createI18n(data as never, DOMAIN), plurals, messages };
}

let loaded: Map<Language, LoadedLanguage> | null = null;

function languages(): Map<Language, LoadedLanguage> {
  loaded ??= new Map(
    [...readCatalogues()].map(([language, messages]) => [language, loadLanguage(language, messages)] as const),
  );
  return loaded;
}

function message(language: LoadedLanguage, key: string, values: MessageValues | undefined): string | null {
  if (!language.i18n.hasTranslation(key, undefined, DOMAIN)) return null;
  if (!language.plurals.has(key)) return language.i18n.__(key, DOMAIN);
  return language.i18n._n(key, key, Number(values?.count ?? 0), DOMAIN);
}

/** A message's text cut at its placeholders: text, and the named values in between (`integer` for `%(name)d`). */
type FilledParts = readonly (string | { name: string; integer: boolean })[];

const NAMED_PLACEHOLDER = /%\(([$_a-zA-Z][$_a-zA-Z0-9]*)\)([sd])|%%/g;
/** Per message text, its parts; null for a text with any other placeholder, which sprintf fills. */
const partsOfText = new Map<string, FilledParts | null>();

function partsOf(text: string): FilledParts | null {
  let parts = partsOfText.get(text);
  if (parts !== undefined) return parts;
  const cut: (string | { name: string; integer: boolean })[] = [];
  let last = 0;
  for (const match of text.matchAll(NAMED_PLACEHOLDER)) {
    cut.push(text.slice(last, match.index));
    cut.push(match[1] === undefined ? '%' : { name: match[1], integer: match[2] === 'd' });
    last = match.index + match[0].length;
  }
  cut.push(text.slice(last));
  parts = cut.some((part) => typeof part === 'string' && part.includes('%')) ? null : cut;
  partsOfText.set(text, parts);
  return parts;
}

/**
 * A message with its values, as `sprintf` of `@wordpress/i18n` fills it, without parsing the text again on every
 * call: the catalogues' placeholders are named (`%(count)d`), and a results page fills a few per card.
 */
export function fillMessage(text: string, values: MessageValues): string {
  const parts = partsOf(text);
  if (!parts) return sprintf(text, values);
  let filled = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      filled += part;
      continue;
    }
    const value = Object.hasOwn(values, part.name) ? values[part.name] : undefined;
    // biome-ignore lint/correctness/useParseIntRadix: read as sprintf reads it, a `0x` number in hexadecimal
    if (part.integer) filled += String(Number.parseInt(String(value)) || 0);
    else if (value !== undefined && value !== null) filled += String(value);
  }
  return filled;
}

const translators = new Map<Language, Translator>();

/** The translator of one language (made once, then shared: it holds no request state). */
export function translator(language: Language): Translator {
  let made = translators.get(language);
  if (!made) {
    // A message without values is the same text every time: a results page asks for the same few per card.
    const plainTexts = new Map<string, string>();
    const t: Translate = (key, values) => {
      if (!values) {
        const known = plainTexts.get(key);
        if (known !== undefined) return known;
      }
      const all = languages();
      const text = message(all.get(language)!, key, values) ?? message(all.get(FALLBACK_LANGUAGE)!, key, values) ?? key;
      if (values) return fillMessage(text, values);
      plainTexts.set(key, text);
      return text;
    };
    const forms: Translator['forms'] = (key, values) => {
      const message = languages().get(language)!.messages.get(key);
      const filled = (text: string) => (values ? fillMessage(text, values) : text);
      if (typeof message === 'object')
        return Object.fromEntries(Object.entries(message).map(([c, text]) => [c, filled(text)]));
      return { other: t(key, values) };
    };
    made = { language, t, say: (ref) => t(ref.key, ref.values), forms };
    translators.set(language, made);
  }
  return made;
}

/** Every language's translator, e.g. for a test that walks them. */
export const allTranslators = () => LANGUAGES.map(translator);

/** Locales whose translator is kept: a shop's few, bounded against any number of locales asked for. */
const MAX_KEPT_LOCALES = 64;
const translatorsByLocale = new Map<string, Translator>();

/**
 * The translator of the language a locale speaks (`pl-PL` → Polish), e.g. the shop's `general.locale`; no locale
 * (a template rendered without the shop's settings) speaks English.
 */
export function translatorOfLocale(locale: string | undefined): Translator {
  // Asked for several times per product card: the locale's language is read once.
  let made = translatorsByLocale.get(locale ?? '');
  if (!made) {
    made = translator(locale ? languageOfLocale(locale) : FALLBACK_LANGUAGE);
    if (translatorsByLocale.size >= MAX_KEPT_LOCALES) translatorsByLocale.clear();
    translatorsByLocale.set(locale ?? '', made);
  }
  return made;
}

/** A named message in English: the text of an error for logs, the command line and the REST APIs. */
export const inEnglish = (ref: MessageRef): string => translator(FALLBACK_LANGUAGE).say(ref);
