/**
 * The four standard legal pages: their title and preferred slug. The generator and the demo seed write them in the
 * language of the shop's locale ("Regulamin" at `/regulamin`); the admin names the kinds in English.
 */
import { translatorOfLocale } from '../../i18n/translator.js';
import type { LegalType } from '../../store/schema.js';

/** The English names of the kinds, as the admin's messages name them. */
export const LEGAL_PAGE_DEFAULTS: Record<LegalType, { title: string; slug: string }> = {
  terms: { title: 'Terms and Conditions', slug: 'terms-and-conditions' },
  privacy: { title: 'Privacy Policy', slug: 'privacy-policy' },
  returns: { title: 'Returns and Withdrawal', slug: 'returns-and-withdrawal' },
  complaints: { title: 'Complaints Procedure', slug: 'complaints-procedure' },
};

/** The catalogue keys of each kind's title and slug. */
const LEGAL_PAGE_WORDS: Record<LegalType, { title: string; slug: string }> = {
  terms: { title: 'seed.termsTitle', slug: 'seed.termsSlug' },
  privacy: { title: 'seed.privacyTitle', slug: 'seed.privacySlug' },
  returns: { title: 'seed.returnsTitle', slug: 'seed.returnsSlug' },
  complaints: { title: 'seed.complaintsTitle', slug: 'seed.complaintsSlug' },
};

/**
 * A new legal page's title and slug in the language of `locale`.
 * @example legalPageWords('terms', 'pl-PL') // { title: 'Regulamin', slug: 'regulamin' }
 */
export function legalPageWords(type: LegalType, locale: string): { title: string; slug: string } {
  const { t } = translatorOfLocale(locale);
  return { title: t(LEGAL_PAGE_WORDS[type].title), slug: t(LEGAL_PAGE_WORDS[type].slug) };
}
