/**
 * Generic environmental claims in English, Polish and German: the kind that Directive (EU) 2024/825 bans from
 * 27 September 2026 unless the trader can show recognised excellent environmental performance ("eco-friendly",
 * "green", "climate neutral", "biodegradable", their translations and inflections).
 *
 * Patterns are written against folded text (lower case, no diacritics: see `foldText`), so `Umweltfreundlich`,
 * `przyjazny dla środowiska` and `PRZYJAZNY DLA SRODOWISKA` are all one pattern. `[a-z]*` takes the inflected endings
 * of Polish and German adjectives; a separator `[ -]?` takes "eco friendly", "eco-friendly" and "ecofriendly".
 */

import type { ClaimLanguage } from '../../../client/api/compliance-reports.js';

export type { ClaimLanguage };

export interface GreenClaimTerm {
  /** The claim as a shopper would read it, naming the entry in reports. */
  term: string;
  language: ClaimLanguage;
  /** Regular expression source over folded text; word boundaries are added around it. */
  pattern: string;
}

const term = (language: ClaimLanguage, name: string, pattern: string): GreenClaimTerm => ({
  term: name,
  language,
  pattern,
});

export const GREEN_CLAIM_TERMS: readonly GreenClaimTerm[] = [
  term('en', 'eco-friendly', 'eco[ -]?friendly'),
  term('en', 'environmentally friendly', 'environment(?:ally)?[ -]friendly'),
  term('en', 'planet-friendly', '(?:planet|earth|nature|climate)[ -]friendly'),
  term('en', 'green', 'green(?:er|est)?'),
  term('en', 'eco', 'eco'),
  term('en', 'ecological', 'ecological(?:ly)?'),
  term('en', 'climate neutral', '(?:climate|carbon|co2)[ -](?:neutral|positive|negative|compensated)'),
  term('en', 'net zero', 'net[ -]zero'),
  term('en', 'biodegradable', 'biodegradable'),
  term('en', 'sustainable', 'sustainabl[ey]'),
  term('en', 'environmentally conscious', '(?:environmentally|eco)[ -]conscious'),
  term('en', 'kind to the planet', '(?:kind|gentle) (?:to|on) the (?:planet|environment|earth)'),
  term('pl', 'ekologiczny', 'ekologiczn[a-z]*'),
  term('pl', 'eko', 'eko'),
  term('pl', 'przyjazny dla środowiska', 'przyjazn[a-z]* (?:dla )?(?:srodowisk[a-z]*|planety|klimatu|natury)'),
  term('pl', 'zielony', 'zielon[a-z]*'),
  term('pl', 'neutralny dla klimatu', 'neutraln[a-z]* (?:dla klimatu|klimatycznie|pod wzgledem emisji)'),
  term('pl', 'biodegradowalny', 'biodegradowaln[a-z]*'),
  term('pl', 'zrównoważony', 'zrownowazon[a-z]*'),
  term('de', 'umweltfreundlich', 'umwelt(?:freundlich|schonend|bewusst)[a-z]*'),
  term('de', 'klimaneutral', '(?:klima|co2|co2-)(?:neutral|positiv|freundlich)[a-z]*'),
  term('de', 'öko', 'oko(?=-)|okologisch[a-z]*'),
  term('de', 'grün', 'grun(?:e|er|es|en|em)?'),
  term('de', 'biologisch abbaubar', 'biologisch abbaubar[a-z]*'),
  term('de', 'nachhaltig', 'nachhaltig[a-z]*'),
  term('de', 'naturfreundlich', 'natur(?:freundlich|schonend)[a-z]*'),
];
