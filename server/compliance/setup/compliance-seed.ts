/**
 * The compliance part of the demo shop: the default legal checkboxes. Like a new shop, the demo has no legal pages
 * yet (docs/architecture.md lists what the seed creates); each checkbox names the kind of page it refers to, and
 * `POST /legal-pages/generate` links it to that page when it creates it.
 */
import type { Checkbox, CheckboxLocation, LegalType, SiteData } from '../../store/schema.js';
import { nextId } from '../../store/next-id.js';
import { translatorOfLocale } from '../../i18n/translator.js';

interface CheckboxPlan {
  /** The catalogue key of its label, written in the shop's language when it is seeded. */
  label: string;
  location: CheckboxLocation;
  required: boolean;
  position: number;
  page: LegalType | null;
}

const DEFAULT_CHECKBOXES: CheckboxPlan[] = [
  {
    label: 'seed.termsCheckbox',
    location: 'checkout',
    required: true,
    position: 10,
    page: 'terms',
  },
  {
    label: 'seed.privacyOrderCheckbox',
    location: 'checkout',
    required: true,
    position: 20,
    page: 'privacy',
  },
  {
    label: 'seed.newsletterCheckbox',
    location: 'checkout',
    required: false,
    position: 30,
    page: 'privacy',
  },
  {
    label: 'seed.privacyAccountCheckbox',
    location: 'registration',
    required: true,
    position: 10,
    page: 'privacy',
  },
  {
    label: 'seed.privacyContactCheckbox',
    location: 'contact',
    required: true,
    position: 10,
    page: 'privacy',
  },
];

/**
 * Adds the default checkboxes, linked to existing legal pages of their kind, their labels in the language of the
 * shop's locale at seed time (a manager's later edits, or a later change of locale, leave them as they are); runs
 * inside the seed's single write.
 */
export function seedComplianceDemo(site: SiteData, now: string): void {
  const { t } = translatorOfLocale(site.settings.general.locale);
  for (const plan of DEFAULT_CHECKBOXES) {
    const page = plan.page ? site.pages.find((candidate) => candidate.legal_type === plan.page) : undefined;
    const checkbox: Checkbox = {
      id: nextId(site, 'checkbox'),
      label: t(plan.label),
      required: plan.required,
      location: plan.location,
      enabled: true,
      position: plan.position,
      legal_page_id: page?.id ?? 0,
      legal_page_type: plan.page,
      created_at: now,
      updated_at: now,
    };
    site.checkboxes.push(checkbox);
  }
}
