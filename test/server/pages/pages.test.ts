// Pages on a real server: home and slug pages, drafts for editors only, the 404 page, login and the nonce meta tag.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { nextId } from '../../../server/store/next-id.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { loginCookie, postLogin, restNonce } from '../support/login.js';

describe('pages', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    await createUser(server.store, { login: 'writer', role: 'editor', password: 'writer-password' });
    await createUser(server.store, { login: 'buyer', role: 'customer', password: 'buyer-password' });
    await server.store.site.update((site) => {
      const now = new Date().toISOString();
      site.pages.push({
        id: nextId(site, 'page'),
        slug: 'coming-soon',
        title: 'Coming <soon>',
        content: '<p>Secret plans</p>',
        status: 'draft',
        show_in_menu: false,
        menu_order: 0,
        legal_type: null,
        author_id: 1,
        created_at: now,
        modified_at: now,
      });
    });
  });
  after(() => server.stop());

  const get = (path: string, cookie?: string) => fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });

  it('serves the home page as a complete HTML document from the store', async () => {
    const response = await get('/');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    const page = await response.text();
    assert.match(page, /^<!doctype html>/);
    assert.match(page, /<title>Home · Vitrine Demo Shop<\/title>/);
    assert.match(page, /Welcome to the Vitrine demo shop/);
    assert.doesNotMatch(page, /rest-nonce/, 'anonymous pages carry no nonce');
  });

  it('serves a published page at its slug', async () => {
    const page = await (await get('/shop')).text();
    assert.match(page, /<h1>Shop<\/h1>/);
  });

  it('answers a real 404 page for unknown paths', async () => {
    const response = await get('/no-such-page');
    assert.equal(response.status, 404);
    assert.match(await response.text(), /Page not found/);
  });

  it('hides drafts from anonymous visitors and customers, and shows them to editors with a notice', async () => {
    assert.equal((await get('/coming-soon')).status, 404);
    const customer = await loginCookie(server.url, 'buyer', 'buyer-password');
    assert.equal((await get('/coming-soon', customer)).status, 404);
    const editor = await loginCookie(server.url, 'writer', 'writer-password');
    const response = await get('/coming-soon', editor);
    assert.equal(response.status, 200);
    const page = await response.text();
    assert.match(page, /Secret plans/);
    assert.match(page, /is a draft/);
    assert.match(page, /Coming &lt;soon&gt;/, 'titles are escaped');
  });

  it('puts the REST nonce of a signed-in user in <meta name="rest-nonce">, the same one /rest-nonce gives', async () => {
    const cookie = await loginCookie(server.url, 'writer', 'writer-password');
    const page = await (await get('/', cookie)).text();
    const meta = /<meta name="rest-nonce" content="([0-9a-f]{12})"/.exec(page)?.[1];
    assert.ok(meta, 'the meta tag is present');
    assert.equal(meta, await restNonce(server.url, cookie));
    assert.match(page, /Zalogowano jako writer/);
  });

  it('answers 403 at /rest-nonce without a session', async () => {
    const response = await get('/rest-nonce');
    assert.equal(response.status, 403);
  });

  describe('login', () => {
    it('shows a labelled form', async () => {
      const page = await (await get('/login?redirect_to=/shop')).text();
      assert.match(page, /<form class="login-form" method="post" action="\/login"/);
      assert.match(page, /<label>Login lub e-mail <input name="login"/);
      assert.match(page, /name="redirect_to" value="\/shop"/);
    });

    it('shows the form again with a message and no cookie after a wrong password', async () => {
      const response = await postLogin(server.url, { login: 'writer', password: 'wrong' });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('set-cookie'), null);
      assert.match(await response.text(), /role="alert"[^>]*>Login lub hasło są nieprawidłowe/);
    });

    it('redirects to a local redirect_to only, and sets an HttpOnly SameSite=Lax cookie', async () => {
      const attempt = (redirectTo: string) =>
        postLogin(server.url, { login: 'writer', password: 'writer-password', redirect_to: redirectTo });
      const local = await attempt('/shop?sf_color=red');
      assert.equal(local.status, 303);
      assert.equal(local.headers.get('location'), '/shop?sf_color=red');
      assert.match(local.headers.get('set-cookie') ?? '', /httponly/i);
      assert.match(local.headers.get('set-cookie') ?? '', /samesite=lax/i);
      for (const hostile of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
        assert.equal((await attempt(hostile)).headers.get('location'), '/', hostile);
      }
    });
  });

  it('draws a product image as SVG', async () => {
    const response = await get('/media/products/1.svg');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/svg+xml');
    assert.match(await response.text(), /^<svg [^>]*width="480"/);
    assert.equal((await get('/media/products/999999.svg')).status, 404);
  });
});
