/** Creating and updating content pages, for editors working from the command line. Knows nothing of HTTP. */
import type { Store } from '../store/store.js';
import { nextId } from '../store/next-id.js';
import type { Page, PageStatus } from '../store/schema.js';
import { PAGE_SLUG_PATTERN, isReservedSlug } from '../site/page-slugs.js';

export class PageInputError extends Error {}

export interface PageInput {
  slug: string;
  title?: string;
  content?: string;
  status?: string;
}

const STATUSES: readonly PageStatus[] = ['publish', 'draft'];

/**
 * Creates the page with `slug`, or updates the fields given of the existing one.
 * @returns the page and whether it was created
 * @throws PageInputError naming the bad field; nothing is written then
 */
export async function savePage(store: Store, input: PageInput): Promise<{ page: Page; created: boolean }> {
  if (!PAGE_SLUG_PATTERN.test(input.slug)) {
    throw new PageInputError(`The slug "${input.slug}" may hold only lower-case letters, digits and single hyphens, e.g. "summer-sale".`);
  }
  if (isReservedSlug(input.slug)) throw new PageInputError(`The slug "${input.slug}" is a built-in path of the shop; choose another.`);
  if (input.status !== undefined && !STATUSES.includes(input.status as PageStatus)) {
    throw new PageInputError(`The status "${input.status}" is unknown. Use publish or draft.`);
  }
  if (input.title !== undefined && (input.title.trim() === '' || input.title.length > 200)) {
    throw new PageInputError('The title must have 1-200 characters.');
  }
  const existing = store.site.data.pages.find((page) => page.slug === input.slug);
  if (!existing && input.title === undefined) throw new PageInputError(`A new page needs a title (--title).`);
  const now = new Date().toISOString();
  let saved!: Page;
  await store.site.update((site) => {
    const current = site.pages.find((page) => page.slug === input.slug);
    if (current) {
      if (input.title !== undefined) current.title = input.title.trim();
      if (input.content !== undefined) current.content = input.content;
      if (input.status !== undefined) current.status = input.status as PageStatus;
      current.modified_at = now;
      saved = current;
      return;
    }
    saved = {
      id: nextId(site, 'page'),
      slug: input.slug,
      title: input.title!.trim(),
      content: input.content ?? '',
      status: (input.status as PageStatus | undefined) ?? 'publish',
      show_in_menu: false, menu_order: 0, legal_type: null,
      author_id: 0,
      created_at: now,
      modified_at: now,
    };
    site.pages.push(saved);
  });
  return { page: saved, created: !existing };
}
