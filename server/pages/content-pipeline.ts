/**
 * Page content to HTML, in WordPress's order (`the_content`: `do_blocks` before `do_shortcode`): blocks first, so
 * a shortcode inside a paragraph block is expanded in the paragraph's HTML, then shortcodes in one pass over the
 * result. Block output is therefore searched for shortcodes, as in WordPress; shortcode output is never re-parsed.
 */
import type { BlockRegistry } from '../../blocks/block-registry.js';
import { renderBlocks } from '../../blocks/render-blocks.js';
import type { ShortcodeRegistry } from '../../shortcodes/shortcode-registry.js';

/** What the pipeline renders with. */
export interface ContentPipeline<Context> {
  readonly blocks: BlockRegistry<Context>;
  readonly shortcodes: ShortcodeRegistry<Context>;
  /** Passed to every block render and shortcode handler, e.g. the request's URL state and the services. */
  readonly context: Context;
}

/**
 * Renders stored page content.
 *
 * @param content Page content: HTML with block comments and shortcodes.
 * @param pipeline The registries and the render context.
 * @returns The page body HTML. A render's rejection propagates to the page route.
 * @example
 * const html = await renderContent(page.content, {blocks, shortcodes, context: {query: ctx.query}});
 */
export async function renderContent<Context>(content: string, pipeline: ContentPipeline<Context>): Promise<string> {
  const withBlocksRendered = await renderBlocks(content, pipeline.blocks, pipeline.context);
  return pipeline.shortcodes.expand(withBlocksRendered, pipeline.context);
}
