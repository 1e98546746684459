/**
 * Whether the shop is really set up: each wizard step is done only when its result exists now, whatever the wizard
 * recorded (`POST /wizard/complete` keeps the steps a client says it went through, as the API document has it).
 * - company_info: the shop's name and the seller's name, address and e-mail are filled in;
 * - legal_pages: the four legal pages exist and are published;
 * - checkboxes: the manager confirmed them (`POST /setup/reviewed`), and no enabled, required checkbox refers to a
 *   legal page that is missing or unpublished (the forms leave such a box out, so the shop takes no such consent);
 * - compliance: the compliance settings were saved at least once (the wizard's step, or the Settings screen).
 */
import {
  LEGAL_TYPES,
  WIZARD_STEPS,
  type ReviewedStep,
  type SetupStatus,
  type SetupStepStatus,
} from '../../../client/api/compliance.js';
import type { SiteData } from '../../store/schema.js';
import { findSettingsGroup } from '../../store/settings-schema.js';
import type { Store } from '../../store/store.js';
import { checkboxLegalPage } from '../checkboxes/checkbox-legal-page.js';
import { LEGAL_PAGE_DEFAULTS } from '../legal-pages/legal-page-types.js';

const COMPANY_KEYS = ['shop_name', 'company_name', 'company_address', 'company_email'] as const;

const status = (missing: string[]): SetupStepStatus => ({ done: missing.length === 0, missing });

function companyMissing(site: SiteData): string[] {
  const general = findSettingsGroup('general')!;
  return COMPANY_KEYS.filter((key) => site.settings.general[key].trim() === '').map(
    (key) => `${general.settings[key]!.label} is empty.`,
  );
}

function legalPagesMissing(site: SiteData): string[] {
  return LEGAL_TYPES.flatMap((type) => {
    const title = LEGAL_PAGE_DEFAULTS[type].title;
    const page = site.pages.find((candidate) => candidate.legal_type === type && candidate.status !== 'trash');
    if (!page) return [`The ${title} page does not exist.`];
    return page.status === 'publish' ? [] : [`The ${title} page is not published.`];
  });
}

/**
 * Enabled, required checkboxes whose legal page shoppers cannot read: the forms leave them out, so shoppers are not
 * asked to accept them (the dashboard warns about each).
 */
export function unreadableCheckboxes(
  site: Pick<SiteData, 'pages' | 'checkboxes'>,
): SetupStatus['unreadable_checkboxes'] {
  return site.checkboxes.flatMap((checkbox) => {
    const linked = checkbox.enabled && checkbox.required ? checkboxLegalPage(site, checkbox) : null;
    if (!linked || linked.state === 'published') return [];
    return [{ id: checkbox.id, label: checkbox.label, location: checkbox.location, page: linked.state }];
  });
}

function checkboxesMissing(site: SiteData): string[] {
  const missing = unreadableCheckboxes(site).map(
    (checkbox) => `The required checkbox \u201c${checkbox.label}\u201d refers to a legal page that is not published.`,
  );
  if (!site.wizard.reviewed?.checkboxes) missing.unshift('The checkboxes have not been reviewed yet.');
  return missing;
}

/**
 * @example setupStatus(store).steps.legal_pages // { done: false, missing: ['The Terms and Conditions page does not
 * exist.', …] }
 */
export function setupStatus(store: Store): SetupStatus {
  const site = store.site.data;
  const steps = {
    company_info: status(companyMissing(site)),
    legal_pages: status(legalPagesMissing(site)),
    checkboxes: status(checkboxesMissing(site)),
    compliance: status(site.wizard.reviewed?.compliance ? [] : ['The compliance settings have not been saved yet.']),
  };
  return {
    steps,
    complete: WIZARD_STEPS.every((step) => steps[step].done),
    unreadable_checkboxes: unreadableCheckboxes(site),
  };
}

/** Records that the manager confirmed a step now (the checkboxes looked at, the compliance settings saved). */
export async function recordReviewed(store: Store, step: ReviewedStep, now = new Date()): Promise<SetupStatus> {
  await store.site.update((site) => {
    site.wizard.reviewed = { ...site.wizard.reviewed, [step]: now.toISOString() };
  });
  return setupStatus(store);
}
