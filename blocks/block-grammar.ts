/**
 * WordPress's block-comment grammar (`<!-- wp:ns/name {"json"} -->...<!-- /wp:ns/name -->`, `<!-- wp:name /-->`),
 * parsed by `@wordpress/block-serialization-default-parser`, the same algorithm as PHP's `WP_Block_Parser`.
 *
 * The wrapper changes two things a page would show:
 * - attributes are always an object: the package gives `null` for JSON it cannot parse, and a block with broken
 *   JSON should render like one with no attributes (defaults), not crash a renderer;
 * - blocks left open at the end of the content are closed there, nested as written. The package (and PHP) handle
 *   one open block that way, but with two or more they flatten the stack and repeat the inner HTML once per level.
 */
import { parse } from '@wordpress/block-serialization-default-parser';

/** A block as parsed; `blockName` is `null` for freeform HTML between blocks. */
export interface ParsedBlock {
  /** `namespace/name`; names without a namespace are `core/` ones (`wp:paragraph` is `core/paragraph`). */
  readonly blockName: string | null;
  /** The comment's JSON object, unvalidated; `{}` when absent or malformed. */
  readonly attrs: Readonly<Record<string, unknown>>;
  readonly innerBlocks: readonly ParsedBlock[];
  /** The block's own HTML without its inner blocks. */
  readonly innerHTML: string;
  /** The block's own HTML pieces, with `null` where each inner block goes, in order. */
  readonly innerContent: readonly (string | null)[];
}

type PackageBlock = ReturnType<typeof parse>[number];

/**
 * A closer the package accepts for any open block (it does not compare names). The name is ours so that leftover
 * copies are recognisable.
 * @internal
 */
const IMPLICIT_CLOSER = '<!-- /wp:vitrine/implicit-closer -->';

/**
 * Parses content into blocks; never throws. Text outside block comments comes back as freeform blocks, so
 * joining everything's HTML reproduces the content without the comments.
 *
 * A closer with no open block makes the rest of the content freeform text, as in WordPress.
 *
 * @param content Post content.
 * @example
 * parseBlocks('<!-- wp:paragraph --><p>Hi</p><!-- /wp:paragraph --><!-- wp:facet/filter {"perPage":12} /-->')
 * // => [{blockName: 'core/paragraph', attrs: {}, innerHTML: '<p>Hi</p>', ...},
 * //     {blockName: 'facet/filter', attrs: {perPage: 12}, innerHTML: '', ...}]
 */
export function parseBlocks(content: string): ParsedBlock[] {
  // Close whatever is left open by appending closers: more than needed are harmless, because the surplus ends up
  // as freeform text at the very end, which is removed again. Doubling keeps the number of parses logarithmic in
  // the depth of unclosed blocks; almost all content needs one.
  for (let closers = 1; ; closers *= 2) {
    const appended = IMPLICIT_CLOSER.repeat(closers);
    const blocks = parse(content + appended);
    const last = blocks.at(-1);
    if (last?.blockName === null && last.innerHTML.endsWith(IMPLICIT_CLOSER)) {
      return withObjectAttributes(withoutTrailingClosers(blocks));
    }
    if (closers > content.length) return withObjectAttributes(parse(content)); // Unreachable: a guard, not a path.
  }
}

/** Removes the surplus closers from the final freeform block, and that block if nothing else was in it. */
function withoutTrailingClosers(blocks: PackageBlock[]): PackageBlock[] {
  const last = blocks[blocks.length - 1] as PackageBlock;
  let html = last.innerHTML;
  while (html.endsWith(IMPLICIT_CLOSER)) html = html.slice(0, -IMPLICIT_CLOSER.length);
  const rest = blocks.slice(0, -1);
  return html === '' ? rest : [...rest, { ...last, innerHTML: html, innerContent: [html] }];
}

/**
 * Replaces `null` attributes by `{}` in every block, in place: the parse result is fresh and ours. A loop rather
 * than recursion, because hand-written content can nest blocks deeper than the call stack allows.
 */
function withObjectAttributes(blocks: PackageBlock[]): ParsedBlock[] {
  const pending = [...blocks];
  for (let block = pending.pop(); block !== undefined; block = pending.pop()) {
    if (!isPlainObject(block.attrs)) block.attrs = {};
    pending.push(...block.innerBlocks);
  }
  return blocks as ParsedBlock[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
