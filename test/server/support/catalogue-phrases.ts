/**
 * The phrases of one language's catalogue that another language never uses, and which of them a page shows: the check
 * that a page is written in one language only (the shop's, or the one a visitor chose).
 */
import { readCatalogues } from '../../../server/i18n/catalogue-files.js';
import type { Language } from '../../../server/i18n/languages.js';
import { visibleText } from './small-catalog.js';

const catalogues = readCatalogues();

/**
 * The demo's home and shop pages as the seed writes them: from then on the manager's page content, which every
 * language shows as written (a test shop's demo is English whatever language a page is in).
 */
const DEMO_PAGE_TEXTS = new Set(['seed.homeHeading', 'seed.homeIntro', 'seed.shopIntro']);

/**
 * A language's texts a page may show: the e-mails' areas are left out (their short phrases, like "Welcome to", would
 * match what an editor wrote on a page), and so are the demo's page texts.
 */
const texts = (language: Language) =>
  [...catalogues.get(language)!]
    .filter(([key]) => !key.startsWith('mail') && !DEMO_PAGE_TEXTS.has(key))
    .flatMap(([, message]) => (typeof message === 'string' ? [message] : Object.values(message)));

/**
 * The phrases of `foreign`'s catalogue as they stand in a page: the text between placeholders, of two words or more,
 * unless `language` uses the same words ("E-mail", "IBAN").
 */
export function phrasesOutside(language: Language, foreign: Language = 'en'): string[] {
  const own = texts(language).join('\n');
  return [
    ...new Set(
      texts(foreign)
        .flatMap((text) => text.split(/%\(\w+\)[sd]/))
        .map((part) => part.trim().replace(/^[\s.,:;()“”]+|[\s.,:;()“”]+$/g, ''))
        .filter((part) => /\p{L}+ \p{L}+/u.test(part) && !own.includes(part)),
    ),
  ];
}

/**
 * The `phrases` a page shows, but for what the shop's managers wrote: the facets' names and values are their
 * configuration and their catalog, shown as written.
 */
export function phrasesIn(html: string, phrases: readonly string[]): string[] {
  const text = visibleText(
    html
      .replace(/<(legend|span) class="facet-filter__(legend|label)">[^<]*<\/\1>/g, '')
      .replace(/<option[^>]*>[^<]*<\/option>/g, ''),
  );
  return phrases.filter((phrase) => text.includes(phrase));
}
