/**
 * An anonymous visitor's page with nothing made for that visitor in it gets a strong ETag, public
 * Cache-Control and 304; a page holding a form with the visitor's CSRF token (the shop's product cards), a signed-in
 * visitor's page, and the cart are never kept for others, though a visitor's own browser may revalidate a page made
 * for them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loginCookie } from '../support/login.js';
import { fetchJson, startTestServer, type TestServer } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';

describe('pages a browser and a CDN may keep', () => {
  let server: TestServer;
  let editor: string;
  before(async () => {
    server = await startTestServer();
    editor = await server.basicAuthFor('editor');
    const created = await fetchJson(server.restUrl('/wp/v2/pages'), {
      method: 'POST',
      headers: { authorization: editor },
      json: { title: 'About us', slug: 'about-us', status: 'publish', content: '<p>We sell things.</p>' },
    });
    assert.equal(created.status, 201);
  });
  after(() => server.stop());

  it("keeps an anonymous visitor's page without forms: strong ETag, public Cache-Control, 304", async () => {
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
    const [page] = (
      await fetchJson(server.restUrl('/wp/v2/pages?slug=about-us'), { headers: { authorization: editor } })
    ).body;
    await fetchJson(server.restUrl(`/wp/v2/pages/${page.id}`), {
      method: 'POST',
      headers: { authorization: editor },
      json: { content: '<p>We sell better things.</p>' },
    });
    const after = await fetch(`${server.url}/about-us`, { headers: { 'if-none-match': before! } });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.get('etag'), before);
  });

  it("never shares a page holding the visitor's CSRF token, a signed-in visitor's page, or the cart", async () => {
    const shop = await fetch(`${server.url}/shop`);
    assert.equal(shop.status, 200);
    assert.match(
      await shop.text(),
      /name="_csrf" value="[^"]+"/,
      "the product cards' add-to-cart forms carry the visitor's token",
    );
    assert.equal(shop.headers.get('cache-control'), 'private, no-cache');

    const session = await loginCookie(server.url, server.seeded!.adminLogin, server.seeded!.adminPassword);
    const asMember = await fetch(`${server.url}/about-us`, { headers: { cookie: session } });
    assert.equal(
      asMember.headers.get('cache-control'),
      'private, no-store',
      'as the page chrome says for a signed-in visitor',
    );
    assert.equal(asMember.headers.get('etag'), null);

    const cart = await fetch(`${server.url}/cart`);
    assert.doesNotMatch(cart.headers.get('cache-control') ?? '', /public/);
  });

  it("lets a visitor's browser revalidate a page made for them, and no one else's copy", async () => {
    const visitor = new Visitor(server.url);
    const other = new Visitor(server.url);
    await visitor.get('/shop');
    await other.get('/shop');
    const asked = (who: Visitor, etag: string) =>
      fetch(`${server.url}/shop`, { headers: { cookie: who.cookieHeader, 'if-none-match': etag } });
    const mine = await fetch(`${server.url}/shop`, { headers: { cookie: visitor.cookieHeader } });
    const etag = mine.headers.get('etag')!;
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    assert.equal(mine.headers.get('cache-control'), 'private, no-cache');
    const again = await asked(visitor, etag);
    assert.equal(again.status, 304, "the same visitor's copy is current");
    assert.equal((await asked(other, etag)).status, 200, "another visitor's page holds their own token");

    const productId = /data-add-to-cart>.*?name="product_id" value="(\d+)"/s.exec(await mine.text())?.[1];
    assert.ok(productId);
    assert.equal((await visitor.post('/cart/add', { product_id: productId })).status, 303);
    const afterAdding = await asked(visitor, etag);
    assert.equal(afterAdding.status, 200, "the header's cart count changed the page");
    assert.notEqual(afterAdding.headers.get('etag'), etag);
  });
});
