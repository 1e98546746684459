/**
 * The legal page a checkbox refers to, and whether shoppers can read it. Both the storefront forms (a box whose page
 * is not published is not shown: nobody is asked to accept terms they cannot read) and the setup status (which warns
 * about such a box) decide by this one rule.
 */
import type { Checkbox, Page, SiteData } from '../../store/schema.js';

export type CheckboxLegalPage =
  | { state: 'published'; page: Page }
  | { state: 'unpublished'; page: Page }
  /** None is linked (a kind of page named, none generated yet), or the linked one is gone or in the trash. */
  | { state: 'missing' };

/**
 * @returns null when the checkbox refers to no legal page (no page linked and no kind of page named, e.g. a
 * newsletter consent)
 */
export function checkboxLegalPage(site: Pick<SiteData, 'pages'>, checkbox: Checkbox): CheckboxLegalPage | null {
  if (checkbox.legal_page_id === 0 && !checkbox.legal_page_type) return null;
  const page =
    checkbox.legal_page_id !== 0 ? site.pages.find((candidate) => candidate.id === checkbox.legal_page_id) : undefined;
  if (!page || page.status === 'trash') return { state: 'missing' };
  return { state: page.status === 'publish' ? 'published' : 'unpublished', page };
}
