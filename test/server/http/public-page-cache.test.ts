/**
 * Issue 22 item 5: an anonymous visitor's page with nothing made for that visitor in it gets a strong ETag, public
 * Cache-Control and 304; a page holding a form with the visitor's CSRF token (the shop's product cards), a signed-in
 * visitor's page, and the cart are never kept for others.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loginCookie } from '../support/login.js';
import { fetchJson, startTestServer, type TestServer } from '../support/test-server.js';

describe('pages a browser and a CDN may keep', () => {
  let server: TestServer;
  let editor: string;
  before(async () => {
    server = await startTestServer();
    editor = await server.basicAuthFor('editor');
    const created = await fetchJson(server.restUrl('/wp/v2/pages'), { method: 'POST', headers: { authorization: editor }, json: { title: 'About us', slug: 'about-us', status: 'publish', content: '<p>We sell things.</p>' } });
    assert.equal(created.status, 201);
  });
  after(() => server.stop());

  it('keeps an anonymous visitor\'s page without forms: strong ETag, public Cache-Control, 304', async () => {
    const first = await fetch(`${server.url}/about-us`);
    assert.equal(first.status, 200);
    assert.match(first.headers.get('cache-control')!, /^public, max-age=\d+, stale-while-revalidate=\d+$/);
    assert.equal(first.headers.get('set-cookie'), null);
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    const again = await fetch(`${server.url}/about-us`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
  });

  it('gives the page a new ETag when it changes', async () => {
    const before = (await fetch(`${server.url}/about-us`)).headers.get('etag');
    const [page] = (await fetchJson(server.restUrl('/wp/v2/pages?slug=about-us'), { headers: { authorization: editor } })).body;
    await fetchJson(server.restUrl(`/wp/v2/pages/${page.id}`), { method: 'POST', headers: { authorization: editor }, json: { content: '<p>We sell better things.</p>' } });
    const after = await fetch(`${server.url}/about-us`, { headers: { 'if-none-match': before! } });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.get('etag'), before);
  });

  it('never shares a page holding the visitor\'s CSRF token, a signed-in visitor\'s page, or the cart', async () => {
    const shop = await fetch(`${server.url}/shop`);
    assert.equal(shop.status, 200);
    assert.match(await shop.text(), /name="_csrf" value="[^"]+"/, 'the product cards\' add-to-cart forms carry the visitor\'s token');
    assert.equal(shop.headers.get('cache-control'), 'private, no-cache');
    assert.equal(shop.headers.get('etag'), null);

    const session = await loginCookie(server.url, server.seeded!.adminLogin, server.seeded!.adminPassword);
    const asMember = await fetch(`${server.url}/about-us`, { headers: { cookie: session } });
    assert.equal(asMember.headers.get('cache-control'), 'private, no-store', 'as the page chrome says for a signed-in visitor');
    assert.equal(asMember.headers.get('etag'), null);

    const cart = await fetch(`${server.url}/cart`);
    assert.doesNotMatch(cart.headers.get('cache-control') ?? '', /public/);
  });
});
