import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ShortcodeRegistry } from '../../shortcodes/shortcode-registry.js';

/** A registry whose handlers show exactly what they received, so each table row pins the grammar. */
function echoRegistry(...tags: string[]): ShortcodeRegistry<void> {
  const registry = new ShortcodeRegistry<void>();
  for (const tag of tags) {
    registry.register(tag, (attributes, content) => {
      const named = Object.entries(attributes.named).map(([name, value]) => `${name}=${value}`);
      return `<${tag}|${named.join('|')}|${attributes.positional.join('|')}|${content ?? '-'}>`;
    });
  }
  return registry;
}

describe('ShortcodeRegistry.expand: WordPress cases', () => {
  const cases: Array<[title: string, input: string, output: string]> = [
    ['double quotes', '[facet a="one two"]', '<facet|a=one two||->'],
    ['single quotes', "[facet a='one two']", '<facet|a=one two||->'],
    ['bare values', '[facet a=1 b=two]', '<facet|a=1|b=two||->'],
    ['positional values', '[facet one "two words" \'three\']', '<facet||one|two words|three|->'],
    ['names lower-cased', '[facet PER_Page=5]', '<facet|per_page=5||->'],
    ['last duplicate wins', '[facet a=1 a="2"]', '<facet|a=2||->'],
    ['= inside a value', '[facet q="a=b" r=c=d]', '<facet|q=a=b|r=c=d||->'],
    ['URL with slashes', '[facet href=http://x/y]', '<facet|href=http://x/y||->'],
    ['HTML in a quoted value', '[facet t="<b>x</b>"]', '<facet|t=<b>x</b>||->'],
    ['escaped shortcode is shown literally', 'a [[facet x=1]] b', 'a [facet x=1] b'],
    ['escaped enclosing shortcode', '[[facet]c[/facet]]', '[facet]c[/facet]'],
    ['a lone extra [ is kept', '[[facet]', '[<facet|||->'],
    ['a lone extra ] is kept', '[facet]]', '<facet|||->]'],
    ['self-closing', '[facet a=1 /]', '<facet|a=1||->'],
    ['self-closing without space', '[facet a=1/]', '<facet|a=1||->'],
    ['enclosing', '[facet]in[/facet]', '<facet|||in>'],
    ['empty enclosing', '[facet][/facet]', '<facet|||>'],
    ['enclosing content is not expanded', '[facet][box]x[/box][/facet]', '<facet|||[box]x[/box]>'],
    ['unclosed enclosing is a single tag', '[facet]text', '<facet|||->text'],
    [
      'same tag unclosed before enclosing takes the rest (WP limitation)',
      '[facet]a[facet]b[/facet]',
      '<facet|||a[facet]b>',
    ],
    ['hyphenated name is another shortcode', '[facet-x] [facet_x]', '[facet-x] [facet_x]'],
    ['name followed by punctuation is another shortcode', '[facet.x]', '[facet.x]'],
    ['names are case-sensitive', '[FACET]', '[FACET]'],
    ['unknown shortcode untouched', '[gallery ids="1,2"] [facet]', '[gallery ids="1,2"] <facet|||->'],
    ['closing tag alone untouched', '[/facet]', '[/facet]'],
  ];
  for (const [title, input, output] of cases) {
    it(title, async () => {
      assert.equal(await echoRegistry('facet', 'box').expand(input, undefined), output);
    });
  }

  it('nested different tags: each runs where it stands, in text order', async () => {
    assert.equal(await echoRegistry('a', 'b').expand('[a]1[/a][b]2[/b]', undefined), '<a|||1><b|||2>');
  });

  it('chooses the longer name when both are registered', async () => {
    assert.equal(
      await echoRegistry('facet', 'facet-x').expand('[facet-x][facet]', undefined),
      '<facet-x|||-><facet|||->',
    );
  });

  it('never re-parses a handler output', async () => {
    const registry = new ShortcodeRegistry<void>().register('loop', () => '[loop]');
    assert.equal(await registry.expand('[loop] [loop]', undefined), '[loop] [loop]');
  });

  it('lets a handler expand nested content itself', async () => {
    const registry = echoRegistry('b');
    registry.register('outer', async (_attributes, content) => `(${await registry.expand(content ?? '', undefined)})`);
    assert.equal(await registry.expand('[outer][b x=1][/outer]', undefined), '(<b|x=1||->)');
  });

  it('passes the context to handlers', async () => {
    const registry = new ShortcodeRegistry<{ user: string }>().register('who', (_a, _c, context) => context.user);
    assert.equal(await registry.expand('hi [who]', { user: 'ann' }), 'hi ann');
  });

  it('gives each handler its own attributes object', async () => {
    const registry = new ShortcodeRegistry<void>().register('m', (attributes) => {
      const seen = attributes.named.a ?? 'none';
      (attributes.named as Record<string, string>).a = 'changed';
      return seen;
    });
    assert.equal(await registry.expand('[m a=1][m a=1]', undefined), '11');
  });

  it('leaves prototype names undefined unless written', async () => {
    const registry = new ShortcodeRegistry<void>().register('m', (attributes) => String(attributes.named.constructor));
    assert.equal(await registry.expand('[m]', undefined), 'undefined');
  });
});

describe('ShortcodeRegistry registration', () => {
  it('unregister makes the tag plain text again', async () => {
    const registry = echoRegistry('facet');
    assert.equal(registry.unregister('facet'), true);
    assert.equal(registry.has('facet'), false);
    assert.equal(await registry.expand('[facet]', undefined), '[facet]');
  });

  it('rejects names that can never match', () => {
    for (const bad of ['', 'a b', 'a/b', 'a]', 'a=b', '<a>']) {
      assert.throws(() => new ShortcodeRegistry().register(bad, () => ''), TypeError, bad);
    }
  });

  it('propagates a handler failure', async () => {
    const registry = new ShortcodeRegistry<void>().register('boom', () => Promise.reject(new Error('down')));
    await assert.rejects(registry.expand('[boom]', undefined), /down/);
  });
});

describe('ShortcodeRegistry.expand properties', () => {
  const registry = echoRegistry('facet', 'facet-x', 'box');

  it('never throws on arbitrary text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom('[', ']', '/', '"', "'", '=', ' ', 'facet', 'box', '-x', 'a') }),
        async (text) => {
          assert.equal(typeof (await registry.expand(text, undefined)), 'string');
        },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }), async (text) => void (await registry.expand(text, undefined))),
    );
  });

  it('returns text without a registered tag unchanged', async () => {
    const unregisteredText = fc.string({
      unit: fc.constantFrom('[', ']', '/', '"', '=', ' ', 'gallery', 'Facet', 'a', '[['),
    });
    await fc.assert(
      fc.asyncProperty(unregisteredText, async (text) => {
        assert.equal(await registry.expand(text, undefined), text);
      }),
    );
  });

  it('finds a registered shortcode in bracket-free surroundings exactly once', async () => {
    const surrounding = fc.string().map((text) => text.replace(/[[\]]/g, ''));
    const counting = new ShortcodeRegistry<void>().register('facet', () => '\u0000FOUND\u0000');
    await fc.assert(
      fc.asyncProperty(surrounding, surrounding, async (before, after) => {
        const output = await counting.expand(`${before}[facet per_page="5"]${after}`, undefined);
        assert.equal(output, `${before}\u0000FOUND\u0000${after}`);
      }),
    );
  });
});
