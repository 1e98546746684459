/**
 * How deeply blocks nest. Rendering recurses once per level, so content nested deeper than the call stack allows
 * (hand-written or pasted, 10,000 levels) would crash the render; the renderer measures first and refuses such
 * content with an error the page can show.
 */
import type { ParsedBlock } from './block-grammar.js';

/** Thrown by `renderBlocks()` for content nested deeper than its limit; the message is meant for the editor. */
export class BlockNestingError extends RangeError {
  constructor(readonly limit: number) {
    super(
      `This content nests blocks more than ${limit} levels deep, so it is not shown. Edit it to nest fewer blocks inside each other.`,
    );
    this.name = 'BlockNestingError';
  }
}

/**
 * The number of levels of the deepest block (1 for blocks without inner blocks, 0 for no blocks). A loop, not
 * recursion, for the same reason as the limit.
 *
 * @example blockDepth(parseBlocks('<!-- wp:group --><!-- wp:paragraph /--><!-- /wp:group -->'))  // 2
 */
export function blockDepth(blocks: readonly ParsedBlock[]): number {
  let deepest = 0;
  const pending: { block: ParsedBlock; depth: number }[] = blocks.map((block) => ({ block, depth: 1 }));
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    deepest = Math.max(deepest, entry.depth);
    for (const inner of entry.block.innerBlocks) pending.push({ block: inner, depth: entry.depth + 1 });
  }
  return deepest;
}
