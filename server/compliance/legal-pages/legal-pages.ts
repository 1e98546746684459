/**
 * Legal pages are ordinary store pages with a `legal_type`, served at their slug by the page routes. This service
 * lists them and creates the missing standard ones as empty drafts.
 */
import type { GeneratedLegalPages, LegalPage, LegalPageList } from '../../../client/api/compliance.js';
import type { Config } from '../../config.js';
import type { Store } from '../../store/store.js';
import { nextId } from '../../store/next-id.js';
import { LEGAL_TYPES, type LegalType, type Page, type SiteData } from '../../store/schema.js';
import { moduleDisabled } from '../compliance-errors.js';
import { legalPageWords } from './legal-page-types.js';
import { shopLocalTime } from '../shop-context.js';
import { countWords } from './word-count.js';
import { isReservedSlug } from '../../site/page-slugs.js';

export type { LegalPageList };
export type LegalPageView = LegalPage;
/** What a generation did, by page id (an extension of the spec's answer, for the admin's report). */
export type GenerationReport = Pick<GeneratedLegalPages, 'created' | 'reused'>;

/**
 * A slug no page has yet: `base`, else `base-2`, `base-3`, ...
 * @example uniquePageSlug(site, 'privacy-policy') === 'privacy-policy-2' // when a page already uses privacy-policy
 */
export function uniquePageSlug(site: SiteData, base: string): string {
  const taken = new Set(site.pages.map((page) => page.slug));
  let slug = base;
  for (let suffix = 2; taken.has(slug) || isReservedSlug(slug); suffix++) slug = `${base}-${suffix}`;
  return slug;
}

/** A new legal page of `type`, appended to `site.pages`; call inside a store update. */
export function addLegalPage(
  site: SiteData,
  type: LegalType,
  fields: { status: Page['status']; content: string; authorId: number; now: string },
): Page {
  const words = legalPageWords(type, site.settings.general.locale);
  const page: Page = {
    id: nextId(site, 'page'),
    slug: uniquePageSlug(site, words.slug),
    title: words.title,
    content: fields.content,
    status: fields.status,
    show_in_menu: false,
    menu_order: 0,
    legal_type: type,
    author_id: fields.authorId,
    created_at: fields.now,
    modified_at: fields.now,
  };
  site.pages.push(page);
  return page;
}

function view(store: Store, config: Config, page: Page & { legal_type: LegalType }): LegalPageView {
  return {
    id: page.id,
    type: page.legal_type,
    title: page.title,
    status: page.status,
    url: `${config.siteUrl}/${page.slug}`,
    last_modified: shopLocalTime(store, page.modified_at),
    word_count: countWords(page.content),
  };
}

function legalPages(store: Store): Array<Page & { legal_type: LegalType }> {
  return store.site.data.pages
    .filter((page): page is Page & { legal_type: LegalType } => page.legal_type !== null)
    .sort((a, b) => LEGAL_TYPES.indexOf(a.legal_type) - LEGAL_TYPES.indexOf(b.legal_type) || a.id - b.id);
}

/** Every legal page, standard types in order terms, privacy, returns, complaints. */
export function listLegalPages(store: Store, config: Config): LegalPageList {
  const pages = legalPages(store).map((page) => view(store, config, page));
  return { pages, total: pages.length };
}

/**
 * Creates, as empty drafts, the standard legal pages of the types that have no page yet. A page of a type that
 * exists, whatever its status, is reused: never duplicated, never overwritten. Unlinked checkboxes that refer to a
 * created page's kind are linked to it.
 *
 * @param authorId the user who asked
 * @returns the list of all legal pages, and the ids of the pages this call created and of those it reused
 * @throws ConflictError (409) `compliance_module_disabled` when the Legal Pages module is off; nothing is created then
 */
export async function generateLegalPages(
  store: Store,
  config: Config,
  authorId: number,
): Promise<LegalPageList & GenerationReport> {
  if (!store.site.data.settings.general.legal_pages_enabled)
    throw moduleDisabled('Legal Pages', 'general.legal_pages_enabled');
  const report: GenerationReport = { created: [], reused: [] };
  await store.site.update((site) => {
    report.created = [];
    report.reused = [];
    // Decided inside the update, so two concurrent calls cannot both find a type missing.
    const now = new Date().toISOString();
    for (const type of LEGAL_TYPES) {
      const existing = site.pages.find((page) => page.legal_type === type);
      if (existing) {
        report.reused.push(existing.id);
        continue;
      }
      const page = addLegalPage(site, type, { status: 'draft', content: '', authorId, now });
      report.created.push(page.id);
      // Checkboxes waiting for a page of this kind get it; a link a manager set is left alone.
      for (const checkbox of site.checkboxes) {
        if (checkbox.legal_page_id === 0 && checkbox.legal_page_type === type) {
          checkbox.legal_page_id = page.id;
          checkbox.updated_at = now;
        }
      }
    }
  });
  return { ...listLegalPages(store, config), ...report };
}
