/**
 * A page turn names the facets form its client shows (`&facets_etag=…`, server/facets/filter/held-fragments.ts), and
 * the answer leaves that form out when it is the one the state has: on a real server, against the whole answers of
 * the same states.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { rawRequest } from '../../http/raw-request.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('GET /facet/v1/filter with the facets form held', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  const get = (search: string, headers: Record<string, string> = {}) =>
    fetch(`${server.restUrl('/facet/v1/filter')}${search}`, { headers, redirect: 'manual' });
  const whole = async (search: string) => {
    const response = await get(search);
    assert.equal(response.status, 200, search);
    return (await response.json()) as Record<string, unknown> & { facets_html: string; facets_etag: string };
  };

  it("tags every answer's facets form, the same on every page of a state and another for another selection", async () => {
    const first = await whole('?sf_color=black');
    assert.match(first.facets_etag, /^[0-9a-f]{16}$/);
    // Of the form after its opening tag, whose action names the page it is on.
    const content = first.facets_html.slice(first.facets_html.indexOf('>') + 1);
    assert.match(first.facets_html, /^<form [^>]*action=""[^>]*>/);
    assert.equal(first.facets_etag, createHash('sha1').update(content).digest('hex').slice(0, 16));
    const second = await whole('?sf_color=black&sf_paged=2');
    assert.equal(second.facets_html, first.facets_html, 'the form does not change with the page');
    assert.equal(second.facets_etag, first.facets_etag);
    assert.notEqual((await whole('?sf_color=navy')).facets_etag, first.facets_etag);
    const posted = await fetch(server.restUrl('/facet/v1/filter'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { sf_color: 'black' } }),
    });
    assert.equal(((await posted.json()) as { facets_etag: string }).facets_etag, first.facets_etag);
  });

  it("tags a page's facets form as the answer for its state, so that its first page turn can name it held", async () => {
    const pageTag = async (path: string) => {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const tag = /<facet-filter [^>]*data-facets_etag="([0-9a-f]{16})"/.exec(html)?.[1];
      assert.ok(tag, `${path}: the widget carries its form's tag`);
      return { html, tag };
    };
    const page = await pageTag('/shop?sf_color=black');
    const answer = await whole('?sf_color=black');
    assert.equal(page.tag, answer.facets_etag);
    assert.match(page.html, /<form class="facet-filter__form" method="get" action="\/shop"/, "the page's own action");
    const turned = await get(`?sf_color=black&sf_paged=2&facets_etag=${page.tag}`);
    assert.equal(Object.hasOwn((await turned.json()) as object, 'facets_html'), false);
    // A page showing a facet's value search (without JavaScript) shows another form than the answers: another tag.
    assert.notEqual((await pageTag('/shop?sf_color=black&sf_brand_search=zz')).tag, answer.facets_etag);
  });

  it('leaves the form out of a page that names it held, and sends the rest of the page whole', async () => {
    const { facets_etag: tag } = await whole('?sf_color=black');
    const page = await whole('?sf_color=black&sf_paged=2');
    const response = await get(`?sf_color=black&sf_paged=2&facets_etag=${tag}`);
    assert.equal(response.status, 200);
    const held = (await response.json()) as Record<string, unknown>;
    assert.equal(Object.hasOwn(held, 'facets_html'), false);
    const { facets_html, ...rest } = page;
    assert.deepEqual(held, rest);
    assert.ok(facets_html.length > 1000, 'what is left out is most of an answer');
    // Compressed, the same bytes.
    const plain = await rawRequest(
      `${server.restUrl('/facet/v1/filter')}?sf_color=black&sf_paged=2&facets_etag=${tag}`,
      {
        headers: { 'accept-encoding': 'identity' },
      },
    );
    const gzipped = await rawRequest(
      `${server.restUrl('/facet/v1/filter')}?sf_color=black&sf_paged=2&facets_etag=${tag}`,
      {
        headers: { 'accept-encoding': 'gzip' },
      },
    );
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(gzipped.body).toString('utf8')), JSON.parse(plain.body.toString('utf8')));
  });

  it('sends the whole answer when the form held is another one (another selection, or counts that changed)', async () => {
    const { facets_etag: navy } = await whole('?sf_color=navy');
    const answer = await whole(`?sf_color=black&sf_paged=2&facets_etag=${navy}`);
    assert.deepEqual(answer, await whole('?sf_color=black&sf_paged=2'));
  });

  it('gives an address naming a held form its own ETag, and 304 to it', async () => {
    const { facets_etag: tag } = await whole('?sf_size=m');
    const plain = await get('?sf_size=m&sf_paged=2');
    const held = await get(`?sf_size=m&sf_paged=2&facets_etag=${tag}`);
    const etag = held.headers.get('etag')!;
    assert.match(etag, /^"[A-Za-z0-9_.-]+"$/, 'strong');
    assert.notEqual(etag, plain.headers.get('etag'), 'another representation than the whole answer');
    const again = await get(`?sf_size=m&sf_paged=2&facets_etag=${tag}`, { 'if-none-match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('etag'), etag);
  });

  it('keeps the held form last in the one address of a state, and drops a tag that is not one', async () => {
    const tag = '0123456789abcdef';
    const cases: Array<[string, string]> = [
      [`?facets_etag=${tag}&sf_color=black`, `?sf_color=black&facets_etag=${tag}`],
      [`?sf_color=black&facets_etag=NOT-A-TAG`, '?sf_color=black'],
      [`?sf_color=black&facets_etag=${tag}&facets_etag=fedcba9876543210`, '?sf_color=black'],
      [`?sf_paged=99&sf_q=no-product-has-this&facets_etag=${tag}`, `?sf_q=no-product-has-this&facets_etag=${tag}`],
    ];
    for (const [asked, canonical] of cases) {
      const response = await get(asked);
      assert.equal(response.status, 301, asked);
      assert.equal(response.headers.get('location'), `/wp-json/facet/v1/filter${canonical}`, asked);
    }
    assert.equal((await get(`?facets_etag=${tag}`)).status, 200, 'the unfiltered listing with a tag is an address');
  });
});
