import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseBlocks, type ParsedBlock } from '../../blocks/block-grammar.js';

/** Name, attributes and nesting of blocks; freeform blocks as their HTML. */
function outline(blocks: readonly ParsedBlock[]): unknown[] {
  return blocks.map((block) =>
    block.blockName === null
      ? block.innerHTML
      : { name: block.blockName, attrs: block.attrs, html: block.innerHTML, inner: outline(block.innerBlocks) },
  );
}

describe('parseBlocks: WordPress cases', () => {
  const cases: Array<[title: string, content: string, expected: unknown[]]> = [
    ['empty content', '', []],
    ['freeform HTML', '<p>hi</p>', ['<p>hi</p>']],
    [
      'void block with JSON',
      '<!-- wp:facet/filter {"perPage":5} /-->',
      [{ name: 'facet/filter', attrs: { perPage: 5 }, html: '', inner: [] }],
    ],
    [
      'void block without JSON',
      '<!-- wp:facet/filter /-->',
      [{ name: 'facet/filter', attrs: {}, html: '', inner: [] }],
    ],
    [
      'core block without namespace',
      '<!-- wp:paragraph --><p>x</p><!-- /wp:paragraph -->',
      [{ name: 'core/paragraph', attrs: {}, html: '<p>x</p>', inner: [] }],
    ],
    [
      'malformed JSON gives no attributes',
      '<!-- wp:facet/filter {perPage: 5} /-->',
      [{ name: 'facet/filter', attrs: {}, html: '', inner: [] }],
    ],
    ['JSON whose braces do not close is no block at all', '<!-- wp:x {"a":1 /-->', ['<!-- wp:x {"a":1 /-->']],
    [
      'braces and comment ends inside JSON strings',
      '<!-- wp:x {"a":"}","b":"--><script>"} /-->',
      [{ name: 'core/x', attrs: { a: '}', b: '--><script>' }, html: '', inner: [] }],
    ],
    ['upper-case names are not blocks', '<!-- wp:Paragraph /-->', ['<!-- wp:Paragraph /-->']],
    ['missing space is not a block', '<!--wp:paragraph /-->', ['<!--wp:paragraph /-->']],
    ['HTML around blocks is kept', 'a<!-- wp:x /-->b', ['a', { name: 'core/x', attrs: {}, html: '', inner: [] }, 'b']],
    [
      'nested blocks',
      '<!-- wp:group --><div><!-- wp:paragraph --><p>a</p><!-- /wp:paragraph --></div><!-- /wp:group -->',
      [
        {
          name: 'core/group',
          attrs: {},
          html: '<div></div>',
          inner: [{ name: 'core/paragraph', attrs: {}, html: '<p>a</p>', inner: [] }],
        },
      ],
    ],
    ['one unclosed block closes at the end', '<!-- wp:a -->A', [{ name: 'core/a', attrs: {}, html: 'A', inner: [] }]],
    [
      'nested unclosed blocks close at the end, nested, without repeating HTML',
      'x<!-- wp:a -->A<!-- wp:b -->B<!-- wp:c -->C',
      [
        'x',
        {
          name: 'core/a',
          attrs: {},
          html: 'A',
          inner: [
            { name: 'core/b', attrs: {}, html: 'B', inner: [{ name: 'core/c', attrs: {}, html: 'C', inner: [] }] },
          ],
        },
      ],
    ],
    [
      'a closer without an opener makes the rest freeform',
      'x<!-- /wp:a -->y<!-- wp:b /-->',
      ['x<!-- /wp:a -->y<!-- wp:b /-->'],
    ],
    [
      'a stray closer after a block',
      '<!-- wp:a -->A<!-- /wp:a --><!-- /wp:a -->t',
      [{ name: 'core/a', attrs: {}, html: 'A', inner: [] }, '<!-- /wp:a -->t'],
    ],
    [
      'closers do not check names',
      '<!-- wp:a -->A<!-- /wp:b -->',
      [{ name: 'core/a', attrs: {}, html: 'A', inner: [] }],
    ],
  ];
  for (const [title, content, expected] of cases) {
    it(title, () => {
      assert.deepEqual(outline(parseBlocks(content)), expected);
    });
  }
});

describe('parseBlocks properties', () => {
  const blockish = fc.string({
    unit: fc.constantFrom('<!-- ', 'wp:', '/wp:', 'a', 'x/y', ' ', '{"k":1}', '{', '}', '/-->', '-->', 'text', '<p>'),
  });

  it('never throws on arbitrary content', () => {
    fc.assert(fc.property(fc.oneof(blockish, fc.string({ unit: 'binary' })), (content) => void parseBlocks(content)));
  });

  it('always gives object attributes', () => {
    const everyBlock = (blocks: readonly ParsedBlock[]): ParsedBlock[] =>
      blocks.flatMap((block) => [block, ...everyBlock(block.innerBlocks)]);
    fc.assert(
      fc.property(blockish, (content) => {
        for (const block of everyBlock(parseBlocks(content))) {
          assert.ok(typeof block.attrs === 'object' && block.attrs !== null && !Array.isArray(block.attrs));
        }
      }),
    );
  });

  it('returns content without block comments as one freeform block', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).filter((text) => !text.includes('<!--')),
        (content) => {
          assert.deepEqual(outline(parseBlocks(content)), content === '' ? [] : [content]);
        },
      ),
    );
  });
});
