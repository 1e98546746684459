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
      if (values) return sprintf(text, values);
      plainTexts.set(key, text);
      return text;
    };
    const forms: Translator['forms'] = (key, values) => {
      const message = languages().get(language)!.messages.get(key);
      const filled = (text: string) => (values ? sprintf(text, values) : text);
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

/**
 * The translator of the language a locale speaks (`pl-PL` → Polish), e.g. the shop's `general.locale`; no locale
 * (a template rendered without the shop's settings) speaks English.
 */
export const translatorOfLocale = (locale: string | undefined): Translator =>
  translator(locale ? languageOfLocale(locale) : FALLBACK_LANGUAGE);

/** A named message in English: the text of an error for logs, the command line and the REST APIs. */
export const inEnglish = (ref: MessageRef): string => translator(FALLBACK_LANGUAGE).say(ref);
