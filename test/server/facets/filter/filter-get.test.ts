/**
 * `GET /facet/v1/filter?…` on a real server answers what POST answers for the same state, at one
 * address per state (other spellings are redirected there), with a strong ETag and Cache-Control that let a browser
 * and a CDN keep it, 304 for a copy still valid, and a new ETag as soon as the catalog or the configuration changes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { rawRequest } from '../../http/raw-request.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';

const tokenless = (html: string) => html.replace(/name="_csrf" value="[^"]*"/g, 'name="_csrf" value=""');

describe('GET /facet/v1/filter', () => {
  let server: TestServer;
  let manager: string;
  before(async () => {
    server = await startTestServer();
    manager = await server.basicAuthFor('shop_manager');
  });
  after(() => server.stop());

  const get = (search: string, headers: Record<string, string> = {}) =>
    fetch(`${server.restUrl('/facet/v1/filter')}${search}`, { headers, redirect: 'manual' });

  it('answers what POST answers for the same widget and state, the same for every visitor', async () => {
    const posted = await fetchJson(server.restUrl('/facet/v1/filter'), {
      method: 'POST',
      json: { query: { sf_color: 'navy,black', sf_orderby: 'price' }, widget: { per_page: 6 } },
    });
    const response = await get('?per_page=6&sf_color=black,navy&sf_orderby=price');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('set-cookie'), null, "no visitor cookie: the answer is everybody's");
    const body = await response.json();
    assert.deepEqual(Object.keys(body).sort(), Object.keys(posted.body).sort());
    for (const key of Object.keys(body)) {
      assert.deepEqual(
        typeof body[key] === 'string' ? tokenless(body[key]) : body[key],
        typeof posted.body[key] === 'string' ? tokenless(posted.body[key]) : posted.body[key],
        key,
      );
    }
    assert.match(body.results_html, /name="_csrf" value=""/, 'add-to-cart forms whose token the element fills in');
  });

  it('sends a strong ETag and public Cache-Control, and 304 for a copy that is still valid', async () => {
    const search = '?sf_size=m';
    const first = await get(search);
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/, 'strong');
    assert.match(first.headers.get('cache-control')!, /^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const revalidated = await get(search, { 'if-none-match': etag });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.headers.get('etag'), etag);
    assert.equal(await revalidated.text(), '');
    assert.equal((await get(search, { 'if-none-match': '"another"' })).status, 200);
    assert.equal((await get('?sf_size=l', { 'if-none-match': etag })).status, 200, 'another state, another tag');
  });

  it('gives a compressed answer its own tag, and 304 to it', async () => {
    const first = await get('?sf_color=red', { 'accept-encoding': 'br' });
    assert.equal(first.headers.get('content-encoding'), 'br');
    const etag = first.headers.get('etag')!;
    assert.match(etag, /-br"$/);
    const again = await get('?sf_color=red', { 'accept-encoding': 'br', 'if-none-match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('etag'), etag);
  });

  it('answers the same bytes however often a compressed answer is asked (made fast first, smaller once asked again)', async () => {
    const address = `${server.restUrl('/facet/v1/filter')}?sf_size=m&sf_orderby=price`;
    const plain = await rawRequest(address, { headers: { 'accept-encoding': 'identity' } });
    const sizes: number[] = [];
    for (let asked = 1; asked <= 3; asked++) {
      const response = await rawRequest(address, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(response.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(response.body).toString('utf8'), plain.body.toString('utf8'), `asked ${asked} times`);
      sizes.push(response.body.length);
      // The smaller copy is made behind the request that asked again.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(sizes[2]! < sizes[0]!, `kept smaller once asked again: ${sizes.join(', ')} bytes`);
  });

  it('redirects every other spelling of a state to its one address', async () => {
    const cases: Array<[string, string]> = [
      ['?sf_color=navy,black&per_page=6', '?per_page=6&sf_color=black,navy'],
      ['?sf_color=black,no-such-colour&utm_source=mail', '?sf_color=black'],
      ['?sf_paged=1&sf_orderby=popularity', ''],
      ['?facets=Size,color&per_page=06', '?facets=size,color&per_page=6'],
      ['?sf_paged=99&sf_q=no-product-has-this', '?sf_q=no-product-has-this'],
    ];
    for (const [asked, canonical] of cases) {
      const response = await get(asked);
      assert.equal(response.status, 301, asked);
      assert.equal(response.headers.get('location'), `/wp-json/facet/v1/filter${canonical}`, asked);
    }
    // WordPress's other way to reach the API answers too, with the same tag; its other spellings go to the REST root.
    const viaRestRoute = await fetch(`${server.url}/?rest_route=/facet/v1/filter&sf_color=black,navy`, {
      redirect: 'manual',
    });
    assert.equal(viaRestRoute.status, 200);
    assert.equal(viaRestRoute.headers.get('etag'), (await get('?sf_color=black,navy')).headers.get('etag'));
    const respelled = await fetch(`${server.url}/?rest_route=/facet/v1/filter&sf_color=navy,black`, {
      redirect: 'manual',
    });
    assert.equal(respelled.headers.get('location'), '/wp-json/facet/v1/filter?sf_color=black,navy');
  });

  it('changes the ETag at once when the catalog or the facet configuration changes', async () => {
    const tagOf = async () => (await get('?sf_color=black')).headers.get('etag');
    const before = await tagOf();
    assert.equal(await tagOf(), before, 'stable while nothing changes');
    const product = server.store.catalog.data.products[0]!;
    const edited = await fetchJson(server.restUrl(`/wc/v3/products/${product.id}`), {
      method: 'PUT',
      headers: { authorization: manager },
      json: { name: `${product.title} (edited)` },
    });
    assert.equal(edited.status, 200);
    const afterCatalog = await tagOf();
    assert.notEqual(afterCatalog, before);
    const config = (await fetchJson(server.restUrl('/facet/v1/settings'), { headers: { authorization: manager } }))
      .body;
    const saved = await fetchJson(server.restUrl('/facet/v1/settings'), {
      method: 'POST',
      headers: { authorization: manager },
      json: { ...config, per_page: 12 },
    });
    assert.equal(saved.status, 200);
    assert.notEqual(await tagOf(), afterCatalog);
  });

  it("keeps a signed-in caller's answer private", async () => {
    const response = await get('?sf_color=black', { authorization: manager });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'private, no-cache');
  });
});
