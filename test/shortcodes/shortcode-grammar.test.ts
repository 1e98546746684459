import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ATTRIBUTE_PARSES_PER_CACHE,
  findShortcodes,
  parseShortcodeAttributes,
} from '../../shortcodes/shortcode-grammar.js';

describe('findShortcodes', () => {
  it('reports positions, type and escaping in text order', () => {
    const text = 'a [facet x=1] b [[facet]] [box]c[/box]';
    const found = findShortcodes(text, ['facet', 'box']);
    assert.deepEqual(
      found.map(({ start, end, tag, content, escaped }) => ({ source: text.slice(start, end), tag, content, escaped })),
      [
        { source: '[facet x=1]', tag: 'facet', content: undefined, escaped: false },
        { source: '[[facet]]', tag: 'facet', content: undefined, escaped: true },
        { source: '[box]c[/box]', tag: 'box', content: 'c', escaped: false },
      ],
    );
  });

  it('treats regular-expression characters in names literally', () => {
    assert.deepEqual(
      findShortcodes('[a+] [aa]', ['a+']).map((found) => found.tag),
      ['a+'],
    );
  });

  it('finds nothing when no registered name occurs', () => {
    assert.deepEqual(findShortcodes('[gallery] [facet-x]', ['facet']), []);
  });
});

describe('parseShortcodeAttributes', () => {
  it('separates named and positional values', () => {
    const { named, positional } = parseShortcodeAttributes(`a="1" B='2' c=3 loose "quoted words"`);
    assert.deepEqual({ ...named }, { a: '1', b: '2', c: '3' });
    assert.deepEqual(positional, ['loose', 'quoted words']);
  });

  it('reads non-breaking spaces as separators, as WordPress does', () => {
    assert.deepEqual({ ...parseShortcodeAttributes('a=1\u00a0b=2').named }, { a: '1', b: '2' });
  });
});

describe('the attribute cache of @wordpress/shortcode', () => {
  it('is cleared after a bounded number of parses, so that unseen attribute texts cannot grow it for good', async () => {
    const { attrs } = await import('@wordpress/shortcode');
    const first = attrs('cached="yes"');
    assert.equal(attrs('cached="yes"'), first, 'the package memoizes by text');
    for (let index = 0; index < ATTRIBUTE_PARSES_PER_CACHE; index++) findShortcodes(`[facet n=${index}]`, ['facet']);
    assert.notEqual(attrs('cached="yes"'), first);
  });
});
