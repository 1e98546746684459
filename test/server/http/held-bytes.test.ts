/**
 * Bytes a page holds outside its strings (http/held-bytes.ts): each marker is replaced by its bytes, in place and
 * whole (UTF-8 kept), and text that only looks like a marker stays as it is.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Context } from 'koa';
import { heldBytesMiddleware, holdBytes, withHeldBytes } from '../../../server/http/held-bytes.js';

const fakeContext = () => ({ state: {} }) as unknown as Context;

describe("bytes held outside a page's strings", () => {
  it('puts each part in place of its marker, in order, its characters intact', () => {
    const ctx = fakeContext();
    const first = holdBytes(ctx, [Buffer.from('<p>Żółty '), Buffer.from('★</p>')]);
    const second = holdBytes(ctx, [Buffer.from('<p>two</p>')]);
    const page = withHeldBytes(`<main>${second}|${first}|${second}</main>`, ctx.state.heldBytes);
    assert.equal(page.toString(), '<main><p>two</p>|<p>Żółty ★</p>|<p>two</p></main>');
  });

  it("leaves text that only looks like a marker as it is: another process's secret, or a number never held", () => {
    const ctx = fakeContext();
    const marker = holdBytes(ctx, [Buffer.from('held')]);
    const unheld = marker.replace(/-0-end$/, '-7-end');
    const forged = marker.replace(/vitrine-held-[0-9a-f]+-/, 'vitrine-held-000000000000000000000000-');
    assert.equal(
      withHeldBytes(`${forged} ${unheld} ${marker}`, ctx.state.heldBytes).toString(),
      `${forged} ${unheld} held`,
    );
  });

  it('answers the page as bytes with its type once it is made, and leaves a page without markers alone', async () => {
    const ctx = { state: {}, body: '', response: { get: () => 'text/html; charset=utf-8' } } as unknown as Context & {
      type: string;
    };
    await heldBytesMiddleware()(ctx, async () => {
      ctx.body = `<body>${holdBytes(ctx, [Buffer.from('<p>widget</p>')])}</body>`;
    });
    assert.ok(Buffer.isBuffer(ctx.body));
    assert.equal(String(ctx.body), '<body><p>widget</p></body>');
    assert.equal(ctx.type, 'text/html; charset=utf-8');

    const plain = { state: {}, body: '' } as unknown as Context;
    await heldBytesMiddleware()(plain, async () => {
      holdBytes(plain, [Buffer.from('never placed')]);
      plain.body = '<p>a redirect or an error page</p>';
    });
    assert.equal(plain.body, '<p>a redirect or an error page</p>');
  });
});
