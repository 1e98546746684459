// The escape module checked against the browser's own HTML parser: whatever text goes in comes out as the same
// text, never as markup, both in element content and in a quoted attribute.
import { expect } from '@open-wc/testing';
import { escapeAttribute, escapeHtml } from '../../client/html/escape.js';

const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' onmouseover='x",
  'Tom & Jerry &amp; co',
  'Żółty <b>koc</b> — 100% wełna',
  '</textarea><svg/onload=alert(1)>',
];

function randomText(seed: number): string {
  const alphabet = '<>&"\'=/ abcŻł\u00a0;#x';
  let state = seed;
  let text = '';
  for (let i = 0; i < 40; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += alphabet[state % alphabet.length];
  }
  return text;
}

describe('escapeHtml', () => {
  it('gives back the same text, and no elements, when parsed as element content', () => {
    for (const text of [...HOSTILE, ...Array.from({ length: 200 }, (_, i) => randomText(i + 1))]) {
      const container = document.createElement('div');
      container.innerHTML = escapeHtml(text);
      expect(container.children.length, text).to.equal(0);
      expect(container.textContent).to.equal(text);
    }
  });

  it('gives back the same value when parsed inside a quoted attribute', () => {
    for (const text of [...HOSTILE, ...Array.from({ length: 200 }, (_, i) => randomText(i + 1000))]) {
      const container = document.createElement('div');
      container.innerHTML = `<span title="${escapeAttribute(text)}" data-x='${escapeAttribute(text)}'></span>`;
      const span = container.querySelector('span')!;
      expect(span.getAttributeNames().sort()).to.deep.equal(['data-x', 'title']);
      expect(span.getAttribute('title')).to.equal(text);
      expect(span.getAttribute('data-x')).to.equal(text);
    }
  });
});
