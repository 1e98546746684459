/**
 * The one service that edits content pages: by id, as the admin and `wp/v2/pages` do, and by slug, as the command
 * line's `vitrine page set` does. A slug may change, so uniqueness is checked against the other pages inside the same
 * site update that writes the change (two editors saving at once cannot both win). Knows nothing of HTTP: refusals are
 * domain errors naming the field.
 */
import { InvalidInputError, NotFoundError } from '../errors/domain-errors.js';
import type { Store } from '../store/store.js';
import { nextId } from '../store/next-id.js';
import type { Page, PageStatus } from '../store/schema.js';
import { PAGE_SLUG_PATTERN, isReservedSlug } from '../site/page-slugs.js';

/** Large enough for any hand-written shop page, small enough that one save cannot bloat the site document. */
export const MAX_PAGE_CONTENT_LENGTH = 200_000;

/** WordPress's answer to a page id that names no page. */
const pageNotFound = () => new NotFoundError('Invalid page ID.', { code: 'rest_post_invalid_id' });

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
      throw new InvalidInputError({
        slug: `The slug "${changes.slug}" may hold only lower-case letters, digits and single hyphens, e.g. "summer-sale".`,
      });
    }
    if (isReservedSlug(changes.slug))
      throw new InvalidInputError({
        slug: `The slug "${changes.slug}" is a built-in path of the shop; choose another.`,
      });
  }
  if (changes.title !== undefined && (changes.title.trim() === '' || changes.title.length > 200)) {
    throw new InvalidInputError({ title: 'The title must have 1-200 characters.' });
  }
  if (changes.content !== undefined && changes.content.length > MAX_PAGE_CONTENT_LENGTH) {
    throw new InvalidInputError({
      content: `The content is ${changes.content.length} characters long; the limit is ${MAX_PAGE_CONTENT_LENGTH}.`,
    });
  }
}

function slugTaken(pages: readonly Page[], slug: string, ownId: number): boolean {
  return pages.some((page) => page.slug === slug && page.id !== ownId);
}

/** "Summer sale!" -> "summer-sale"; a page created without a slug gets one from its title, as in WordPress. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 80).replace(/-+$/, '') || 'page';
}

/** @throws InvalidInputError naming the bad field; nothing is written then */
export async function createPage(
  store: Store,
  changes: PageChanges & { title: string },
  authorId: number,
): Promise<Page> {
  const slug = changes.slug ?? slugFromTitle(changes.title);
  checkChanges({ ...changes, slug });
  const now = new Date().toISOString();
  let created!: Page;
  await store.site.update((site) => {
    if (slugTaken(site.pages, slug, 0))
      throw new InvalidInputError({ slug: `The slug "${slug}" is taken by another page; choose another.` });
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

/** @throws NotFoundError for an unknown id, InvalidInputError naming the bad field; nothing is written then */
export async function updatePage(store: Store, id: number, changes: PageChanges): Promise<Page> {
  checkChanges(changes);
  let updated!: Page;
  await store.site.update((site) => {
    const page = site.pages.find((candidate) => candidate.id === id);
    if (!page) throw pageNotFound();
    if (changes.slug !== undefined && slugTaken(site.pages, changes.slug, id)) {
      throw new InvalidInputError({ slug: `The slug "${changes.slug}" is taken by another page; choose another.` });
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

/** @returns the page as it was before deletion; @throws NotFoundError for an unknown id */
export async function deletePage(store: Store, id: number): Promise<Page> {
  let removed!: Page;
  await store.site.update((site) => {
    const index = site.pages.findIndex((candidate) => candidate.id === id);
    if (index < 0) throw pageNotFound();
    [removed] = site.pages.splice(index, 1) as [Page];
  });
  return removed;
}

/**
 * Creates the page with `slug` (published unless `status` says otherwise), or updates the fields given of the page
 * that has it: the command line's `vitrine page set`.
 * @returns the page and whether it was created
 * @throws InvalidInputError naming the bad field; nothing is written then
 */
export async function savePageBySlug(
  store: Store,
  input: { slug: string; title?: string; content?: string; status?: string },
): Promise<{ page: Page; created: boolean }> {
  if (input.status !== undefined && input.status !== 'publish' && input.status !== 'draft') {
    throw new InvalidInputError({ status: `The status "${input.status}" is unknown. Use publish or draft.` });
  }
  const changes: PageChanges = {
    slug: input.slug,
    title: input.title,
    content: input.content,
    status: input.status as PageStatus | undefined,
  };
  const existing = store.site.data.pages.find((page) => page.slug === input.slug);
  if (existing) return { page: await updatePage(store, existing.id, changes), created: false };
  if (input.title === undefined) throw new InvalidInputError({ title: 'A new page needs a title (--title).' });
  return {
    page: await createPage(store, { ...changes, title: input.title, status: changes.status ?? 'publish' }, 0),
    created: true,
  };
}
