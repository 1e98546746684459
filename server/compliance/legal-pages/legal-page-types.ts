/** The four standard legal pages: their title and preferred slug, used by the generator and the demo seed alike. */
import type { LegalType } from '../../store/schema.js';

export const LEGAL_PAGE_DEFAULTS: Record<LegalType, { title: string; slug: string }> = {
  terms: { title: 'Terms and Conditions', slug: 'terms-and-conditions' },
  privacy: { title: 'Privacy Policy', slug: 'privacy-policy' },
  returns: { title: 'Returns and Withdrawal', slug: 'returns-and-withdrawal' },
  complaints: { title: 'Complaints Procedure', slug: 'complaints-procedure' },
};
