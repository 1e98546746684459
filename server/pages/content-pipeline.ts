/**
 * Page content to HTML, in WordPress's order (`the_content`: `do_blocks` before `do_shortcode`): blocks first, so
 * a shortcode inside a paragraph block is expanded in the paragraph's HTML, then shortcodes in one pass over the
 * result.
 *
 * Unlike WordPress, shortcodes are expanded only in what the editor wrote: each dynamic block's output is parked
 * behind a marker during the shortcode pass, because it holds text from the catalog and the request (a search for
 * `[facet]` would otherwise become a second widget inside the search box). Shortcode output is never re-parsed.
 *
 * Content too large or nested too deeply renders as a visible notice in its place, for the editor who previews it,
 * rather than failing the page.
 */
import { BlockNestingError } from '../../blocks/block-depth.js';
import type { BlockRegistry } from '../../blocks/block-registry.js';
import { DEFAULT_MAX_BLOCK_DEPTH, renderBlocks } from '../../blocks/render-blocks.js';
import { escapeHtml } from '../../client/html/escape.js';
import type { ShortcodeRegistry } from '../../shortcodes/shortcode-registry.js';
import { HtmlShield } from './html-shield.js';

/** Twice what one REST request may carry (1 MB): room for content written by the command line, not for megabytes. */
export const MAX_CONTENT_LENGTH = 2 * 1024 * 1024;

/** What the pipeline renders with. */
export interface ContentPipeline<Context> {
  readonly blocks: BlockRegistry<Context>;
  readonly shortcodes: ShortcodeRegistry<Context>;
  /** Passed to every block render and shortcode handler, e.g. the request's URL state and the services. */
  readonly context: Context;
  /** Defaults: {@link MAX_CONTENT_LENGTH} characters, {@link DEFAULT_MAX_BLOCK_DEPTH} levels. */
  readonly limits?: { readonly maxLength?: number; readonly maxBlockDepth?: number };
}

/**
 * Renders stored page content.
 *
 * @param content Page content: HTML with block comments and shortcodes.
 * @param pipeline The registries, the render context and optional limits.
 * @returns The page body HTML, or a notice saying why the content is not shown. A render's rejection propagates to
 *   the page route.
 * @example
 * const html = await renderContent(page.content, {blocks, shortcodes, context: {query: ctx.query}});
 */
export async function renderContent<Context>(content: string, pipeline: ContentPipeline<Context>): Promise<string> {
  const maxLength = pipeline.limits?.maxLength ?? MAX_CONTENT_LENGTH;
  if (content.length > maxLength) {
    return contentNotice(
      `This content is ${content.length.toLocaleString('en')} characters long, more than the ${maxLength.toLocaleString('en')} a page may have, so it is not shown. Split it into several pages.`,
    );
  }
  const shield = new HtmlShield();
  let withBlocksRendered: string;
  try {
    withBlocksRendered = await renderBlocks(content, pipeline.blocks, pipeline.context, {
      maxDepth: pipeline.limits?.maxBlockDepth ?? DEFAULT_MAX_BLOCK_DEPTH,
      wrapDynamicOutput: (html) => shield.park(html),
    });
  } catch (error) {
    if (error instanceof BlockNestingError) return contentNotice(error.message);
    throw error;
  }
  return shield.restore(await pipeline.shortcodes.expand(withBlocksRendered, pipeline.context));
}

function contentNotice(message: string): string {
  return `<p class="notice content-notice" role="alert">${escapeHtml(message)}</p>`;
}
