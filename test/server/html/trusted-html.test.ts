// Trusted HTML markers: the server's own markup passes through Lit unchanged; catalog text can never pose as markup.
import assert from 'node:assert/strict';
import { html } from '@lit-labs/ssr';
import { describe, it } from 'node:test';
import { renderToString } from '../../../server/html/render-html.js';
import { trustedHtml } from '../../../server/html/trusted-html.js';

describe('trustedHtml', () => {
  it('comes out of a rendered template as the markup it stands for, next to escaped text', async () => {
    const markup = '<li class="x">Żółty &amp; <b>bold</b></li>';
    const rendered = await renderToString(html`<ul>${trustedHtml(markup)}</ul><p>${'<i>text</i>'}</p>`);
    assert.equal(rendered, `<ul>${markup}</ul><p>&lt;i&gt;text&lt;/i&gt;</p>`);
  });

  it('does not turn text that imitates a marker into HTML', async () => {
    const encoded = Buffer.from('<script>alert(1)</script>').toString('base64url');
    const forged = `vitrine-trusted-${'0'.repeat(32)}-0-end ${encoded}`;
    const rendered = await renderToString(html`<p>${forged}</p>`);
    assert.equal(rendered, `<p>${forged}</p>`);
  });
});

describe('renderToString', () => {
  it('leaves no empty-part marker where a template ends with a part, and keeps text and trusted HTML as they are', async () => {
    const nested = html`<div>${html`<p>a</p>${''}`}</div>`;
    assert.equal(await renderToString(nested), '<div><p>a</p></div>');
    assert.equal(
      await renderToString(html`<p>${'<?>'}</p>${''}`),
      '<p>&lt;?&gt;</p>',
      'a value that looks like it is text',
    );
    assert.equal(await renderToString(html`<p>${trustedHtml('<b>kept</b>')}</p>${''}`), '<p><b>kept</b></p>');
  });
});
