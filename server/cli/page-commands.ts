/** `vitrine page set`: create or update a content page, e.g. to place `[facet per_page="6"]` on it. */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.js';
import { savePageBySlug } from '../pages/page-editing.js';
import { withCommandStore } from './command-store.js';
import { CommandError } from './output.js';

export interface PageSetOptions {
  title?: string;
  content?: string;
  contentFile?: string;
  status?: string;
  data?: string;
}

export async function pageSetCommand(slug: string, options: PageSetOptions): Promise<void> {
  if (options.content !== undefined && options.contentFile !== undefined) {
    throw new CommandError('Give the content either with --content or with --content-file, not both.');
  }
  const content = options.contentFile !== undefined ? await readFile(options.contentFile, 'utf8') : options.content;
  const config = loadConfig(process.env, { data: options.data });
  const { page, created } = await withCommandStore(options, (store) =>
    savePageBySlug(store, { slug, title: options.title, content, status: options.status }),
  );
  console.log(
    `${created ? 'Created' : 'Updated'} the page "${page.title}" (${page.status}) at ${config.siteUrl}/${page.slug}`,
  );
}
