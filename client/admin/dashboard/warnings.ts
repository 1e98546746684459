/**
 * What the dashboard warns about, each with the screen that fixes it: legal pages missing or still drafts, required
 * checkboxes whose legal page shoppers cannot read (missing or unpublished: the forms leave such a box out, so
 * shoppers are not asked for that consent), required checkboxes that link no legal page, and compliance modules
 * switched on that have nothing to show.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { LegalPage, RestCheckbox, SettingValue, SetupStatus } from '../../api/compliance.js';
import { screenPath } from '../shell/admin-screens.js';

export interface Warning {
  text: string;
  fixHref: string;
  fixLabel: string;
}

export interface DashboardData {
  legalPages: LegalPage[];
  checkboxes: RestCheckbox[];
  settings: Record<'general' | 'compliance' | 'storefront', Record<string, SettingValue>>;
  unreadableCheckboxes: SetupStatus['unreadable_checkboxes'];
}

const LEGAL_TYPES: Record<string, string> = {
  terms: __('Terms and conditions'),
  privacy: __('Privacy policy'),
  returns: __('Returns and withdrawal'),
  complaints: __('Complaints procedure'),
};

export function dashboardWarnings({
  legalPages,
  checkboxes,
  settings,
  unreadableCheckboxes,
}: DashboardData): Warning[] {
  const warnings: Warning[] = [];
  const legal = { fixHref: screenPath('legal-pages'), fixLabel: __('Open legal pages') };
  for (const [type, label] of Object.entries(LEGAL_TYPES)) {
    const page = legalPages.find((candidate) => candidate.type === type);
    if (!page) warnings.push({ text: sprintf(__('The %s page is missing.'), label), ...legal });
    else if (page.status !== 'publish')
      warnings.push({ text: sprintf(__('The %s page is still a draft.'), label), ...legal });
  }
  for (const checkbox of unreadableCheckboxes) {
    warnings.push(
      checkbox.page === 'unpublished'
        ? {
            text: sprintf(
              __('Shoppers are not asked to accept “%s” because its page is not published.'),
              checkbox.label,
            ),
            fixHref: screenPath('legal-pages'),
            fixLabel: __('Publish the page'),
          }
        : {
            text: sprintf(__('Shoppers are not asked to accept “%s” because its page does not exist.'), checkbox.label),
            fixHref: screenPath('checkboxes'),
            fixLabel: __('Link a page'),
          },
    );
  }
  const unreadable = new Set(unreadableCheckboxes.map((checkbox) => checkbox.id));
  for (const checkbox of checkboxes) {
    if (checkbox.required && checkbox.enabled && checkbox.legal_page_id === 0 && !unreadable.has(checkbox.id)) {
      warnings.push({
        text: sprintf(__('The required checkbox "%s" links no legal page.'), checkbox.label),
        fixHref: screenPath('checkboxes'),
        fixLabel: __('Open checkboxes'),
      });
    }
  }
  if (settings.general.legal_pages_enabled === true && legalPages.length === 0) {
    warnings.push({ text: __('The Legal Pages module is on, but the shop has no legal pages.'), ...legal });
  }
  const returns = legalPages.find((page) => page.type === 'returns');
  if (settings.compliance.withdrawal_enabled === true && returns?.status !== 'publish') {
    warnings.push({ text: __('The right of withdrawal is on, but no published returns page explains it.'), ...legal });
  }
  if (settings.compliance.omnibus_enabled === true && settings.storefront.show_lowest_price !== true) {
    warnings.push({
      text: __('The Omnibus module is on, but the storefront does not show the lowest recent price.'),
      fixHref: screenPath('settings', 'storefront'),
      fixLabel: __('Open storefront settings'),
    });
  }
  return warnings;
}
