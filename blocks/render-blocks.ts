/**
 * Block content to HTML, like WordPress's `do_blocks()`: dynamic blocks through their render, every other block
 * as its saved HTML without the comment delimiters, freeform HTML as it is.
 */
import { BlockNestingError, blockDepth } from './block-depth.js';
import { parseBlocks, type ParsedBlock } from './block-grammar.js';
import type { BlockRegistry } from './block-registry.js';

/** WordPress sets no limit; real pages nest a handful of levels, and the call stack gives out in the thousands. */
export const DEFAULT_MAX_BLOCK_DEPTH = 100;

export interface RenderBlocksOptions {
  /** Deeper content is refused with a {@link BlockNestingError}. */
  readonly maxDepth?: number;
  /**
   * Receives each dynamic block's output and returns what stands in its place, e.g. a marker that keeps a later
   * shortcode pass out of it. Default: the output itself.
   */
  readonly wrapDynamicOutput?: (html: string) => string;
}

interface RenderRun<Context> {
  readonly registry: BlockRegistry<Context>;
  readonly context: Context;
  readonly wrapDynamicOutput: (html: string) => string;
}

/**
 * Renders post content.
 *
 * Blocks render one after another in document order (inner blocks first, as `render_block()` does), so that
 * anything a render numbers follows the page.
 *
 * @param content Post content with block comments.
 * @param registry The dynamic block types.
 * @param context Passed to every render.
 * @param options The nesting limit and what stands in for dynamic output.
 * @returns HTML. A render's rejection propagates: the caller decides how a page fails.
 * @throws BlockNestingError when blocks nest deeper than `options.maxDepth`, before anything renders.
 * @example
 * await renderBlocks('<!-- wp:paragraph --><p>Hi</p><!-- /wp:paragraph -->', new BlockRegistry(), {})  // '<p>Hi</p>'
 */
export async function renderBlocks<Context>(
  content: string,
  registry: BlockRegistry<Context>,
  context: Context,
  options: RenderBlocksOptions = {},
): Promise<string> {
  const blocks = parseBlocks(content);
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_BLOCK_DEPTH;
  if (blockDepth(blocks) > maxDepth) throw new BlockNestingError(maxDepth);
  const run: RenderRun<Context> = {
    registry,
    context,
    wrapDynamicOutput: options.wrapDynamicOutput ?? ((html) => html),
  };
  let html = '';
  for (const block of blocks) html += await renderBlock(block, run);
  return html;
}

async function renderBlock<Context>(block: ParsedBlock, run: RenderRun<Context>): Promise<string> {
  const innerHTML = await renderInnerContent(block, run);
  if (block.blockName !== null && run.registry.has(block.blockName)) {
    return run.wrapDynamicOutput(await run.registry.render(block.blockName, block.attrs, innerHTML, run.context));
  }
  return innerHTML;
}

/** The block's HTML pieces, with each `null` slot replaced by the next inner block's rendering. */
async function renderInnerContent<Context>(block: ParsedBlock, run: RenderRun<Context>): Promise<string> {
  let html = '';
  let nextInnerBlock = 0;
  for (const piece of block.innerContent) {
    if (piece !== null) {
      html += piece;
      continue;
    }
    const innerBlock = block.innerBlocks[nextInnerBlock++];
    if (innerBlock !== undefined) html += await renderBlock(innerBlock, run);
  }
  return html;
}
