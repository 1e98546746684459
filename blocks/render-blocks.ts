/**
 * Block content to HTML, like WordPress's `do_blocks()`: dynamic blocks through their render, every other block
 * as its saved HTML without the comment delimiters, freeform HTML as it is.
 */
import { parseBlocks, type ParsedBlock } from './block-grammar.js';
import type { BlockRegistry } from './block-registry.js';

/**
 * Renders post content.
 *
 * Blocks render one after another in document order (inner blocks first, as `render_block()` does), so that
 * anything a render numbers follows the page.
 *
 * @param content Post content with block comments.
 * @param registry The dynamic block types.
 * @param context Passed to every render.
 * @returns HTML. A render's rejection propagates: the caller decides how a page fails.
 * @example
 * await renderBlocks('<!-- wp:paragraph --><p>Hi</p><!-- /wp:paragraph -->', new BlockRegistry(), {})  // '<p>Hi</p>'
 */
export async function renderBlocks<Context>(
  content: string,
  registry: BlockRegistry<Context>,
  context: Context,
): Promise<string> {
  let html = '';
  for (const block of parseBlocks(content)) html += await renderBlock(block, registry, context);
  return html;
}

async function renderBlock<Context>(
  block: ParsedBlock,
  registry: BlockRegistry<Context>,
  context: Context,
): Promise<string> {
  const innerHTML = await renderInnerContent(block, registry, context);
  if (block.blockName !== null && registry.has(block.blockName)) {
    return registry.render(block.blockName, block.attrs, innerHTML, context);
  }
  return innerHTML;
}

/** The block's HTML pieces, with each `null` slot replaced by the next inner block's rendering. */
async function renderInnerContent<Context>(
  block: ParsedBlock,
  registry: BlockRegistry<Context>,
  context: Context,
): Promise<string> {
  let html = '';
  let nextInnerBlock = 0;
  for (const piece of block.innerContent) {
    if (piece !== null) {
      html += piece;
      continue;
    }
    const innerBlock = block.innerBlocks[nextInnerBlock++];
    if (innerBlock !== undefined) html += await renderBlock(innerBlock, registry, context);
  }
  return html;
}
