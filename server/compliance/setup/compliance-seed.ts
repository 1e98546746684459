/**
 * The compliance part of the demo shop: the default legal checkboxes. Like a new shop, the demo has no legal pages
 * yet (docs/architecture.md lists what the seed creates); each checkbox names the kind of page it refers to, and
 * `POST /legal-pages/generate` links it to that page when it creates it.
 */
import type { Checkbox, CheckboxLocation, LegalType, SiteData } from '../../store/schema.js';
import { nextId } from '../../store/next-id.js';

interface CheckboxPlan {
  label: string;
  location: CheckboxLocation;
  required: boolean;
  position: number;
  page: LegalType | null;
}

const DEFAULT_CHECKBOXES: CheckboxPlan[] = [
  {
    label: 'I have read and accept the Terms and Conditions.',
    location: 'checkout',
    required: true,
    position: 10,
    page: 'terms',
  },
  {
    label: 'I have read the Privacy Policy and agree to the processing of my data to fulfil my order.',
    location: 'checkout',
    required: true,
    position: 20,
    page: 'privacy',
  },
  {
    label: 'I would like to receive the newsletter with offers by e-mail. I can unsubscribe at any time.',
    location: 'checkout',
    required: false,
    position: 30,
    page: 'privacy',
  },
  {
    label: 'I have read the Privacy Policy and agree to the processing of my data to create an account.',
    location: 'registration',
    required: true,
    position: 10,
    page: 'privacy',
  },
  {
    label: 'I have read the Privacy Policy and agree to the processing of my data to answer my message.',
    location: 'contact',
    required: true,
    position: 10,
    page: 'privacy',
  },
];

/** Adds the default checkboxes, linked to existing legal pages of their kind; runs inside the seed's single write. */
export function seedComplianceDemo(site: SiteData, now: string): void {
  for (const plan of DEFAULT_CHECKBOXES) {
    const page = plan.page ? site.pages.find((candidate) => candidate.legal_type === plan.page) : undefined;
    const checkbox: Checkbox = {
      id: nextId(site, 'checkbox'),
      label: plan.label,
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
