import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { escapeAttribute, escapeHtml } from '../../../client/html/escape.js';

describe('escapeHtml', () => {
  it('replaces the five special characters', () => {
    assert.equal(
      escapeHtml(`<a href="x" title='y'>&amp;</a>`),
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('leaves no markup-significant character behind', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => assert.doesNotMatch(escapeHtml(text), /[<>"']/)));
  });
});

describe('escapeAttribute', () => {
  it('keeps a hostile value inside its quotes', () => {
    assert.equal(
      `<div title="${escapeAttribute('" onclick="alert(1)')}">`,
      '<div title="&quot; onclick=&quot;alert(1)">',
    );
  });
});
