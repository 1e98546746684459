/**
 * Which way of joining Polish word forms finds the products a shopper means: folded tokens only (the search before
 * word forms), the stemmer of `@nlpjs/lang-pl` (a development dependency, kept for this comparison), and the lemmas of
 * the Hunspell dictionary (catalog/word-forms). Each product below is searched for by forms a shopper types (plurals,
 * genitives after "ile", instrumentals, adjective and noun together); a query finds its product or not, and may
 * find others too. Part of `npm run bench -- --section word-forms`; takes a few seconds.
 */
import { createRequire } from 'node:module';
import { buildDemoCatalog } from '../server/demo/demo-catalog.js';
import { ProductSearchIndex } from '../server/catalog/product-search-index.js';
import { wordFormsFor, type WordForms } from '../server/catalog/word-forms/word-forms.js';

/** Title → the queries that should find it. */
const PRODUCTS: Record<string, string[]> = {
  'Kubek ceramiczny biały': ['kubki', 'kubków', 'kubkami', 'kubka', 'białe kubki'],
  'Buty skórzane czarne': ['but', 'butów', 'butami', 'czarnych butów', 'skórzanymi butami'],
  'Koszula lniana męska': ['koszule', 'koszul', 'koszulę', 'koszulami', 'lniane koszule'],
  'Czapka wełniana zimowa': ['czapki', 'czapek', 'czapką', 'wełniane czapki'],
  'Spodnie jeansowe': ['spodni', 'spodniami', 'jeansowych spodni'],
  'Sukienka letnia': ['sukienki', 'sukienek', 'sukienkę', 'letnie sukienki'],
  'Kurtka przeciwdeszczowa': ['kurtki', 'kurtek', 'kurtką'],
  'Plecak turystyczny': ['plecaki', 'plecaków', 'plecakiem', 'turystyczne plecaki'],
  'Zegarek na rękę': ['zegarki', 'zegarków', 'zegarkiem'],
  'Szalik kaszmirowy': ['szaliki', 'szalików', 'kaszmirowe szaliki'],
  'Torba na zakupy': ['torby', 'toreb', 'torbę'],
  'Lampa stołowa': ['lampy', 'lamp', 'lampę', 'stołowe lampy'],
  'Dywan wełniany': ['dywany', 'dywanów', 'wełniane dywany'],
  'Poduszka dekoracyjna': ['poduszki', 'poduszek', 'dekoracyjne poduszki'],
  'Ręcznik kąpielowy': ['ręczniki', 'ręczników', 'recznikow'],
  'Patelnia żeliwna': ['patelnie', 'patelni', 'żeliwne patelnie'],
  'Nóż kuchenny': ['noże', 'noży', 'nożem', 'kuchenne noże'],
  'Wazon szklany': ['wazony', 'wazonów', 'szklane wazony'],
  'Rękawiczki skórzane': ['rękawiczka', 'rękawiczek', 'skórzana rękawiczka'],
  'Skarpetki bawełniane': ['skarpetek', 'skarpetka', 'bawełniana skarpetka'],
  'Bluza z kapturem': ['bluzy', 'bluz', 'bluzę'],
  'Sweter wełniany': ['swetry', 'swetrów', 'swetra'],
  'Herbata zielona': ['herbaty', 'herbatę', 'zielone herbaty'],
  'Miód wielokwiatowy': ['miodu', 'miody', 'miodem'],
};

interface Outcome {
  label: string;
  /** Queries that found the product they name. */
  found: number;
  /** Other products found, over all queries. */
  others: number;
  /** The queries that missed. */
  missed: string[];
}

function nlpjsForms(): WordForms {
  const { StemmerPl } = createRequire(import.meta.url)('@nlpjs/lang-pl') as {
    StemmerPl: new () => { stemWord(word: string): string };
  };
  const stemmer = new StemmerPl();
  return { id: 'nlpjs-pl', formsOf: (token) => [stemmer.stemWord(token)] };
}

function evaluate(label: string, wordForms: WordForms | null): Outcome {
  // The Polish products among English ones: a query must pick its own out of both.
  const catalog = buildDemoCatalog(300);
  const titles = Object.keys(PRODUCTS);
  catalog.products = [
    ...catalog.products,
    ...titles.map((title, at) => ({
      ...catalog.products[0]!,
      id: 100_000 + at,
      title,
      brand: 'Bałtyk',
      sku: `PL-${at}`,
      variations: undefined,
      type: 'simple' as const,
    })),
  ];
  const index = new ProductSearchIndex(catalog.products, catalog.categories, wordForms);
  const outcome: Outcome = { label, found: 0, others: 0, missed: [] };
  titles.forEach((title, at) => {
    for (const query of PRODUCTS[title]!) {
      const ids = index.search(query, { limit: 1000 }).products.map((product) => product.id);
      if (ids.includes(100_000 + at)) outcome.found++;
      else outcome.missed.push(query);
      outcome.others += ids.filter((id) => id !== 100_000 + at).length;
    }
  });
  return outcome;
}

/** The comparison as a Markdown table. */
export function compareWordForms(): string {
  const queries = Object.values(PRODUCTS).flat().length;
  const outcomes = [
    evaluate('folded tokens only', null),
    evaluate('@nlpjs/lang-pl stemmer', nlpjsForms()),
    evaluate('Hunspell lemmas (dictionary-pl)', wordFormsFor('pl-PL')),
  ];
  return [
    `### Polish word forms: ${queries} queries for ${Object.keys(PRODUCTS).length} Polish products among the 300 demo ones\n`,
    '| matching | queries that find their product | other products found | missed |',
    '| --- | --- | --- | --- |',
    ...outcomes.map(
      (outcome) =>
        `| ${outcome.label} | ${outcome.found} of ${queries} | ${outcome.others} | ${outcome.missed.join(', ') || '—'} |`,
    ),
  ].join('\n');
}
