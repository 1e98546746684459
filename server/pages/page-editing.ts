/**
 * Pages edited by id, as the admin and `wp/v2/pages` do: a slug may change, so uniqueness is checked against the
 * other pages inside the same site update that writes the change (two editors saving at once cannot both win).
 * The slug and status rules are the command line's (page-slugs.ts). Knows nothing of HTTP.
 */
import type { Store } from '../store/store.js';
import { nextId } from '../store/next-id.js';
import type { Page, PageStatus } from '../store/schema.js';
import { PAGE_SLUG_PATTERN, isReservedSlug } from '../site/page-slugs.js';

/** Large enough for any hand-written shop page, small enough that one save cannot bloat the site document. */
export const MAX_PAGE_CONTENT_LENGTH = 200_000;

/** A refusal that names the field, so that the admin shows the reason next to it. */
export class PageFieldError extends Error {
  constructor(readonly field: 'slug' | 'title' | 'content' | 'status' | 'id', message: string, readonly status = 400) {
    super(message);
  }
}

export interface PageChanges {
  slug?: string;
  title?: string;
  content?: string;
  status?: PageStatus;
  show_in_menu?: boolean;
  menu_order?: number;
}

function checkChanges(changes: PageChanges): void {
  if (changes.slug !== undefined) {
    if (!PAGE_SLUG_PATTERN.test(changes.slug)) {
      throw new PageFieldError('slug', `The slug "${changes.slug}" may hold only lower-case letters, digits and single hyphens, e.g. "summer-sale".`);
    }
    if (isReservedSlug(changes.slug)) throw new PageFieldError('slug', `The slug "${changes.slug}" is a built-in path of the shop; choose another.`);
  }
  if (changes.title !== undefined && (changes.title.trim() === '' || changes.title.length > 200)) {
    throw new PageFieldError('title', 'The title must have 1-200 characters.');
  }
  if (changes.content !== undefined && changes.content.length > MAX_PAGE_CONTENT_LENGTH) {
    throw new PageFieldError('content', `The content is ${changes.content.length} characters long; the limit is ${MAX_PAGE_CONTENT_LENGTH}.`);
  }
}

function slugTaken(pages: readonly Page[], slug: string, ownId: number): boolean {
  return pages.some((page) => page.slug === slug && page.id !== ownId);
}

/** "Summer sale!" -> "summer-sale"; a page created without a slug gets one from its title, as in WordPress. */
export function slugFromTitle(title: string): string {
  const slug = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, 80).replace(/-+$/, '') || 'page';
}

/** @throws PageFieldError naming the bad field; nothing is written then */
export async function createPage(store: Store, changes: PageChanges & { title: string }, authorId: number): Promise<Page> {
  const slug = changes.slug ?? slugFromTitle(changes.title);
  checkChanges({ ...changes, slug });
  const now = new Date().toISOString();
  let created!: Page;
  await store.site.update((site) => {
    if (slugTaken(site.pages, slug, 0)) throw new PageFieldError('slug', `The slug "${slug}" is taken by another page; choose another.`);
    created = {
      id: nextId(site, 'page'),
      slug,
      title: changes.title.trim(),
      content: changes.content ?? '',
      status: changes.status ?? 'draft',
      show_in_menu: changes.show_in_menu ?? false,
      menu_order: changes.menu_order ?? 0,
      legal_type: null,
      author_id: authorId,
      created_at: now,
      modified_at: now,
    };
    site.pages.push(created);
  });
  return created;
}

/** @throws PageFieldError (404 for an unknown id) naming the bad field; nothing is written then */
export async function updatePage(store: Store, id: number, changes: PageChanges): Promise<Page> {
  checkChanges(changes);
  let updated!: Page;
  await store.site.update((site) => {
    const page = site.pages.find((candidate) => candidate.id === id);
    if (!page) throw new PageFieldError('id', 'Invalid page ID.', 404);
    if (changes.slug !== undefined && slugTaken(site.pages, changes.slug, id)) {
      throw new PageFieldError('slug', `The slug "${changes.slug}" is taken by another page; choose another.`);
    }
    if (changes.slug !== undefined) page.slug = changes.slug;
    if (changes.title !== undefined) page.title = changes.title.trim();
    if (changes.content !== undefined) page.content = changes.content;
    if (changes.status !== undefined) page.status = changes.status;
    if (changes.show_in_menu !== undefined) page.show_in_menu = changes.show_in_menu;
    if (changes.menu_order !== undefined) page.menu_order = changes.menu_order;
    page.modified_at = new Date().toISOString();
    updated = { ...page };
  });
  return updated;
}

/** @returns the page as it was before deletion; @throws PageFieldError 404 for an unknown id */
export async function deletePage(store: Store, id: number): Promise<Page> {
  let removed!: Page;
  await store.site.update((site) => {
    const index = site.pages.findIndex((candidate) => candidate.id === id);
    if (index < 0) throw new PageFieldError('id', 'Invalid page ID.', 404);
    [removed] = site.pages.splice(index, 1) as [Page];
  });
  return removed;
}
