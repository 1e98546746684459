import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { BlockRegistry } from '../../blocks/block-registry.js';
import { renderBlocks } from '../../blocks/render-blocks.js';

function registryWithEcho(): BlockRegistry<string> {
  return new BlockRegistry<string>().register(
    { apiVersion: 3, name: 'test/echo', title: 'Echo', attributes: { n: { type: 'integer', default: 0 } } },
    (attributes, innerHTML, context) => `<echo n="${String(attributes.n)}" ctx="${context}">${innerHTML}</echo>`,
  );
}

describe('renderBlocks', () => {
  const cases: Array<[title: string, content: string, html: string]> = [
    ['freeform HTML as it is', '<p>a &amp; b</p>', '<p>a &amp; b</p>'],
    ['core block without its comments', '<!-- wp:paragraph --><p>x</p><!-- /wp:paragraph -->', '<p>x</p>'],
    ['unknown void block renders nothing', 'a<!-- wp:other/thing {"x":1} /-->b', 'ab'],
    ['dynamic void block', '<!-- wp:test/echo {"n":3} /-->', '<echo n="3" ctx="c"></echo>'],
    ['dynamic block with bad JSON gets defaults', '<!-- wp:test/echo {n:3} /-->', '<echo n="0" ctx="c"></echo>'],
    [
      'dynamic block with an invalid attribute gets defaults',
      '<!-- wp:test/echo {"n":"3"} /-->',
      '<echo n="0" ctx="c"></echo>',
    ],
    [
      'dynamic block inside an unknown block',
      '<!-- wp:group --><div><!-- wp:test/echo {"n":1} /--></div><!-- /wp:group -->',
      '<div><echo n="1" ctx="c"></echo></div>',
    ],
    [
      'dynamic block receives its rendered inner blocks',
      '<!-- wp:test/echo --><i><!-- wp:paragraph --><p>p</p><!-- /wp:paragraph --></i><!-- /wp:test/echo -->',
      '<echo n="0" ctx="c"><i><p>p</p></i></echo>',
    ],
    ['unclosed dynamic block closes at the end', '<!-- wp:test/echo -->tail', '<echo n="0" ctx="c">tail</echo>'],
  ];
  for (const [title, content, html] of cases) {
    it(title, async () => {
      assert.equal(await renderBlocks(content, registryWithEcho(), 'c'), html);
    });
  }

  it('renders in document order', async () => {
    const order: number[] = [];
    const registry = new BlockRegistry<void>().register(
      { apiVersion: 3, name: 'test/n', title: 'N', attributes: { n: { type: 'integer' } } },
      async (attributes) => {
        await new Promise((resolve) => setTimeout(resolve, 3 - Number(attributes.n)));
        order.push(Number(attributes.n));
        return '';
      },
    );
    await renderBlocks('<!-- wp:test/n {"n":1} /--><!-- wp:test/n {"n":2} /-->', registry, undefined);
    assert.deepEqual(order, [1, 2]);
  });

  it('rejects a block name that can never appear in a comment', () => {
    assert.throws(
      () => new BlockRegistry().register({ apiVersion: 3, name: 'NoNamespace', title: 'x' }, () => ''),
      TypeError,
    );
  });
});

describe('renderBlocks properties', () => {
  interface TreeBlock {
    name: string;
    pieces: string[];
    children: TreeBlock[];
  }
  const html = fc.string().filter((text) => !text.includes('<!--'));
  const name = fc.constantFrom('paragraph', 'group', 'core/columns', 'acme/card', 'x-y/z-1');
  const { tree } = fc.letrec<{ tree: TreeBlock }>((recurse) => ({
    tree: fc.record({
      name,
      children: fc.oneof(
        { maxDepth: 3, depthIdentifier: 'tree' },
        fc.constant<TreeBlock[]>([]),
        fc.array(recurse('tree'), { maxLength: 3, depthIdentifier: 'tree' }),
      ),
      pieces: fc.array(html, { minLength: 4, maxLength: 4 }),
    }),
  }));

  /** Post content for a block tree: each block's HTML pieces interleaved with its children. */
  function serialize(block: TreeBlock): string {
    const body =
      block.children.map((child, index) => (block.pieces[index] ?? '') + serialize(child)).join('') +
      block.pieces.at(-1);
    return `<!-- wp:${block.name} -->${body}<!-- /wp:${block.name} -->`;
  }
  function expectedHtml(block: TreeBlock): string {
    return (
      block.children.map((child, index) => (block.pieces[index] ?? '') + expectedHtml(child)).join('') +
      block.pieces.at(-1)
    );
  }

  it('keeps the inner HTML of unknown blocks, without their comments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(tree, { maxLength: 3 }), html, async (blocks, between) => {
        const content = blocks.map(serialize).join(between);
        assert.equal(
          await renderBlocks(content, new BlockRegistry(), undefined),
          blocks.map(expectedHtml).join(between),
        );
      }),
    );
  });

  it('never throws on arbitrary content with an empty registry', async () => {
    const blockish = fc.string({ unit: fc.constantFrom('<!-- ', 'wp:', '/wp:', 'a', ' ', '{}', '/-->', '-->', 'x') });
    await fc.assert(
      fc.asyncProperty(blockish, async (content) => void (await renderBlocks(content, registryWithEcho(), 'c'))),
    );
  });
});
