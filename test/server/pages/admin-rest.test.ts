// Server side: wp/v2/pages, wp/v2/block-renderer, facet/v1/block-choices and who may open /admin/.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_PAGE_CONTENT_LENGTH } from '../../../server/pages/page-editing.js';
import { loginCookie } from '../support/login.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

describe('wp/v2/pages', () => {
  const suite = useTestServer();
  const pages = (path = '') => suite.server.restUrl(`/wp/v2/pages${path}`);
  const asEditor = async () => ({ authorization: await suite.server.basicAuthFor('editor') });

  it('creates, reads in the edit context, updates and deletes a page; visitors see only what is published', async () => {
    const headers = await asEditor();
    const created = await fetchJson(pages(), {
      method: 'POST',
      headers,
      json: { title: 'Winter sale', content: '<!-- wp:paragraph --><p>Cosy</p><!-- /wp:paragraph -->' },
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.slug, 'winter-sale', 'a slug is made from the title');
    assert.equal(created.body.status, 'draft', 'new pages start as drafts, as in WordPress');
    assert.equal(created.body.content.raw, '<!-- wp:paragraph --><p>Cosy</p><!-- /wp:paragraph -->');
    const id = created.body.id as number;

    assert.equal((await fetchJson(pages(`/${id}`))).status, 404, 'a draft is hidden from visitors');
    assert.equal((await fetchJson(pages(`/${id}?context=edit`))).status, 401);
    const published = await fetchJson(pages(`/${id}`), {
      method: 'POST',
      headers,
      json: { status: 'publish', title: 'Winter sale!' },
    });
    assert.equal(published.body.title.raw, 'Winter sale!');
    const visitor = await fetchJson(pages(`/${id}`));
    assert.equal(visitor.status, 200);
    assert.equal(visitor.body.content.raw, undefined, 'the raw markup is for editors');
    assert.match(visitor.body.content.rendered, /<p>Cosy<\/p>/);
    const page = await fetch(`${suite.server.url}/winter-sale`);
    assert.match(await page.text(), /<h1>Winter sale!<\/h1>/);

    const listed = await fetchJson(pages('?search=winter'), {});
    assert.deepEqual(
      listed.body.map((item: { id: number }) => item.id),
      [id],
    );
    assert.equal(listed.headers.get('x-wp-total'), '1');

    const removed = await fetchJson(pages(`/${id}?force=true`), { method: 'DELETE', headers });
    assert.equal(removed.body.deleted, true);
    assert.equal((await fetch(`${suite.server.url}/winter-sale`)).status, 404);
  });

  it('refuses a taken or reserved slug and oversized content, naming the field, and writes nothing', async () => {
    const headers = await asEditor();
    const before = JSON.stringify(suite.server.store.site.data.pages);
    const taken = await fetchJson(pages(), { method: 'POST', headers, json: { title: 'Another shop', slug: 'shop' } });
    assert.equal(taken.status, 400);
    assert.equal(taken.body.code, 'rest_invalid_param');
    assert.match(taken.body.data.params.slug, /taken by another page/);
    const reserved = await fetchJson(pages(), { method: 'POST', headers, json: { title: 'Admin', slug: 'admin' } });
    assert.match(reserved.body.data.params.slug, /built-in path/);
    const badShape = await fetchJson(pages(), { method: 'POST', headers, json: { title: 'Bad', slug: 'Bad Slug' } });
    assert.match(badShape.body.data.params.slug, /lower-case letters/);
    const huge = await fetchJson(pages(), {
      method: 'POST',
      headers,
      json: { title: 'Huge', content: 'x'.repeat(MAX_PAGE_CONTENT_LENGTH + 1) },
    });
    assert.equal(huge.status, 400);
    assert.match(huge.body.data.params.content, /limit is 200000/);
    assert.equal(JSON.stringify(suite.server.store.site.data.pages), before);
  });

  it('trashes without force (the page disappears), restores by status, and lists chosen pages in the header menu', async () => {
    const headers = await asEditor();
    const created = await fetchJson(pages(), {
      method: 'POST',
      headers,
      json: { title: 'Lookbook', status: 'publish', show_in_menu: true, menu_order: 2 },
    });
    assert.equal(created.body.show_in_menu, true);
    await fetchJson(pages(), {
      method: 'POST',
      headers,
      json: { title: 'About us', status: 'publish', show_in_menu: true, menu_order: 1 },
    });
    const nav = async () =>
      [...(await (await fetch(`${suite.server.url}/shop`)).text()).matchAll(/<a href="(\/[a-z-]*)">/g)].map(
        (match) => match[1],
      );
    assert.deepEqual(
      (await nav()).slice(0, 4),
      ['/', '/shop', '/about-us', '/lookbook'],
      'the menu follows the chosen order',
    );

    const trashed = await fetchJson(pages(`/${created.body.id}`), { method: 'DELETE', headers });
    assert.equal(trashed.body.status, 'trash');
    assert.equal((await fetch(`${suite.server.url}/lookbook`)).status, 404);
    assert.ok(!(await nav()).includes('/lookbook'));
    const inTrash = await fetchJson(pages('?status=trash&context=edit'), { headers });
    assert.deepEqual(
      inTrash.body.map((page: { slug: string }) => page.slug),
      ['lookbook'],
    );
    await fetchJson(pages(`/${created.body.id}`), { method: 'POST', headers, json: { status: 'publish' } });
    assert.equal((await fetch(`${suite.server.url}/lookbook`)).status, 200);
  });

  it('lets only editors write, and customers not even read drafts', async () => {
    const customer = { authorization: await suite.server.basicAuthFor('customer') };
    assert.equal(
      (await fetchJson(pages(), { method: 'POST', headers: customer, json: { title: 'Mine' } })).status,
      403,
    );
    assert.equal((await fetchJson(pages(), { method: 'POST', json: { title: 'Mine' } })).status, 401);
    assert.equal((await fetchJson(pages('?status=draft'), { headers: customer })).status, 403);
  });
});

describe('wp/v2/block-renderer and facet/v1/block-choices', () => {
  const suite = useTestServer();

  it('renders facet/filter with ServerSideRender\u2019s query-string attributes, as the page would', async () => {
    const headers = { authorization: await suite.server.basicAuthFor('editor') };
    const query =
      'context=edit&attributes[perPage]=6&attributes[facets][0]=color&attributes[facets][1]=size&attributes[category]=shoes';
    const answer = await fetchJson(suite.server.restUrl(`/wp/v2/block-renderer/facet/filter?${query}`), { headers });
    assert.equal(answer.status, 200);
    const html = answer.body.rendered as string;
    assert.deepEqual(
      [...html.matchAll(/data-facet="([a-z]+)"/g)].map((match) => match[1]),
      ['color', 'size'],
    );
    assert.equal([...html.matchAll(/class="facet-filter__title"/g)].length, 6);
    assert.match(html, /^<div class="wp-block-facet-filter"/);
  });

  it('answers 404 for an unknown block and 401/403 without edit_pages', async () => {
    const editor = { authorization: await suite.server.basicAuthFor('editor') };
    const customer = { authorization: await suite.server.basicAuthFor('customer') };
    assert.equal(
      (await fetchJson(suite.server.restUrl('/wp/v2/block-renderer/core/nothing'), { headers: editor })).status,
      404,
    );
    assert.equal(
      (await fetchJson(suite.server.restUrl('/wp/v2/block-renderer/facet/filter'), { headers: customer })).status,
      403,
    );
    assert.equal((await fetchJson(suite.server.restUrl('/wp/v2/block-renderer/facet/filter'))).status, 401);
  });

  it('offers the configured facets in order and the category tree to editors', async () => {
    const headers = { authorization: await suite.server.basicAuthFor('editor') };
    const choices = (await fetchJson(suite.server.restUrl('/facet/v1/block-choices'), { headers })).body;
    assert.deepEqual(
      choices.facets.map((facet: { name: string }) => facet.name),
      suite.server.plugin.container
        .get('facets')
        .config()
        .facets.map((facet) => facet.name),
    );
    assert.ok(
      choices.categories.some(
        (category: { slug: string; parent: number }) => category.slug === 'shoes' && category.parent === 0,
      ),
    );
  });
});

describe('/admin/', () => {
  const suite = useTestServer();

  it('sends anonymous visitors to the login page and back', async () => {
    const response = await fetch(`${suite.server.url}/admin/pages/3`, { redirect: 'manual' });
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), '/login?redirect_to=%2Fadmin%2Fpages%2F3');
  });

  it('shows a customer a 403 page, and an editor the shell with a nonce, under a CSP that forbids framing', async () => {
    await suite.server.basicAuthFor('customer', 'carla');
    await suite.server.basicAuthFor('editor', 'eddie');
    const customer = await fetch(`${suite.server.url}/admin/`, {
      headers: { cookie: await loginCookie(suite.server.url, 'carla', 'a-long-password') },
    });
    assert.equal(customer.status, 403);
    assert.match(await customer.text(), /Nie masz dostępu do panelu administracyjnego/, "in the shop's Polish");

    const editor = await fetch(`${suite.server.url}/admin/`, {
      headers: { cookie: await loginCookie(suite.server.url, 'eddie', 'a-long-password') },
    });
    assert.equal(editor.status, 200);
    const html = await editor.text();
    assert.match(html, /<meta name="rest-nonce" content="[0-9a-f]+"/);
    assert.match(
      html,
      /<script type="module" src="\/assets\/index-[\w-]+\.js"><\/script>/,
      'the admin bundle, not the storefront',
    );
    assert.match(
      html,
      /<link rel="modulepreload" href="\/assets\/mount-admin-[\w-]+\.js"/,
      'its screens fetched beside it',
    );
    assert.doesNotMatch(html, /<script>/, 'no inline script');
    assert.match(
      html,
      /data-start="\{&quot;user&quot;:\{&quot;id&quot;:\d+,&quot;display_name&quot;:&quot;eddie&quot;/,
    );
    const csp = editor.headers.get('content-security-policy') ?? '';
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /script-src 'self' 'sha256-/);
    assert.equal(editor.headers.get('cache-control'), 'private, no-store');
  });
});
