/**
 * An extension's response filter for `/facet/v1/filter` (`facet/rest/filter_response`, docs/architecture.md#extensions)
 * on a real server: the filter is given every answer whole, by POST, by GET and by GET naming the facets form the
 * client holds, and the client gets what it returns (without the held form, under the address's ETag); a filter that
 * throws costs its request a 500 in the REST error shape and nothing else, and one that returns something else than an
 * answer does not stop the server.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FilterResponse } from '../../../../client/api/facets.js';
import { responseFilter } from '../../fixtures/filter-response-extension.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const EXTENSION = new URL('../../fixtures/filter-response-extension.ts', import.meta.url).pathname;

/** The fields of every answer (client/api/facets.ts). */
const ANSWER_FIELDS = [
  'facets_etag',
  'facets_html',
  'found',
  'page',
  'pages',
  'pagination_html',
  'query',
  'results_html',
  'toolbar_html',
];

const BANNER = '<p class="promotion">Free delivery this week</p>';

/** What the extension does in most tests: a banner above the results, a mark on the facets form, a field of its own. */
function promote(response: FilterResponse): FilterResponse & { promotion: string } {
  return {
    ...response,
    results_html: BANNER + response.results_html,
    facets_html: response.facets_html.replace('<form ', '<form data-promotion="free-delivery" '),
    promotion: 'free-delivery',
  };
}

/** An answer as a client without the facets form it holds gets it. */
function withoutForm<T extends { facets_html?: string }>(answer: T): Omit<T, 'facets_html'> {
  const { facets_html: _held, ...rest } = answer;
  return rest;
}

/** An answer with every add-to-cart token emptied: a POST's carry the visitor's, who is new on every request here. */
function tokenless<T extends object>(answer: T): T {
  return Object.fromEntries(
    Object.entries(answer).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.replace(/name="_csrf" value="[^"]*"/g, 'name="_csrf" value=""') : value,
    ]),
  ) as T;
}

describe('facet/rest/filter_response, added by an extension', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { VITRINE_EXTENSIONS: EXTENSION } });
  });
  after(() => server.stop());
  beforeEach(() => responseFilter.set());

  const get = (search: string, headers: Record<string, string> = {}) =>
    fetch(`${server.restUrl('/facet/v1/filter')}${search}`, { headers, redirect: 'manual' });
  const post = (query: Record<string, string>) =>
    fetch(server.restUrl('/facet/v1/filter'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
  const answerOf = async (response: Response) => {
    assert.equal(response.status, 200, response.url);
    return (await response.json()) as FilterResponse & Record<string, unknown>;
  };
  /** The one answer the filter was given since it was last set. */
  const givenOnce = () => {
    assert.equal(responseFilter.given.length, 1, 'the filter is given the answer once');
    return responseFilter.given[0]!;
  };

  it("gives the filter a POST's whole answer with the visitor's token in it, and sends what it returns", async () => {
    const plain = await answerOf(await post({ sf_color: 'black' }));
    responseFilter.set(promote);
    const answer = await answerOf(await post({ sf_color: 'black' }));
    const given = givenOnce();
    assert.equal(given.method, 'POST');
    assert.deepEqual(Object.keys(given.response).sort(), ANSWER_FIELDS);
    assert.ok(given.response.facets_html.includes('<form '), 'the facets form too');
    assert.match(given.response.results_html, /name="_csrf" value="[^"]+"/, "the visitor's add-to-cart token");
    assert.deepEqual(tokenless(given.response), tokenless(plain), 'the answer as sent without a filter');
    assert.deepEqual(answer, promote(given.response), 'what the filter returned, as it returned it');
  });

  it("gives the filter a GET's whole answer, and sends what it returns under the answer's ETag, 304 to it", async () => {
    responseFilter.set(promote);
    const response = await get('?sf_color=black');
    const answer = await answerOf(response);
    const given = givenOnce();
    assert.equal(given.method, 'GET');
    assert.deepEqual(Object.keys(given.response).sort(), ANSWER_FIELDS);
    assert.match(given.response.results_html, /name="_csrf" value=""/, 'the empty token of an answer for everyone');
    assert.deepEqual(answer, promote(given.response));

    const etag = response.headers.get('etag')!;
    assert.match(response.headers.get('cache-control')!, /^public, /);
    const revalidated = await get('?sf_color=black', { 'if-none-match': etag });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.headers.get('etag'), etag);
    assert.deepEqual(await answerOf(await get('?sf_color=black')), answer, 'the same answer when asked again');
  });

  it('gives the filter the whole answer when the client holds the facets form, and leaves the form out of what it returns', async () => {
    responseFilter.set(promote);
    const first = await answerOf(await get('?sf_color=black'));
    assert.match(first.facets_html, /data-promotion="free-delivery"/, 'the form the client shows is the filtered one');

    responseFilter.set(promote);
    const turn = `?sf_color=black&sf_paged=2&facets_etag=${first.facets_etag}`;
    const response = await get(turn);
    const answer = await answerOf(response);
    const given = givenOnce();
    assert.deepEqual(Object.keys(given.response).sort(), ANSWER_FIELDS, 'the filter is given the form as well');
    assert.equal(given.response.page, 2);
    assert.equal(Object.hasOwn(answer, 'facets_html'), false, 'the client is not sent the form it holds');
    assert.deepEqual(answer, withoutForm(promote(given.response)));
    assert.equal(
      promote(given.response).facets_html,
      first.facets_html,
      'the form left out is the one the client shows',
    );

    const etag = response.headers.get('etag')!;
    const whole = await get('?sf_color=black&sf_paged=2');
    assert.equal((await answerOf(whole)).facets_html, first.facets_html, 'asked without the tag, the page is whole');
    assert.notEqual(etag, whole.headers.get('etag'), 'another representation, another ETag');
    const revalidated = await get(turn, { 'if-none-match': etag });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.headers.get('etag'), etag);
  });

  it('cannot change the answer kept for others by changing the one it is given', async () => {
    const { facets_etag: tag } = await answerOf(await get('?sf_size=m'));
    const turn = `?sf_size=m&sf_paged=2&facets_etag=${tag}`;
    const before = {
      whole: await answerOf(await get('?sf_size=m')),
      turn: await answerOf(await get(turn)),
      posted: await answerOf(await post({ sf_size: 'm' })),
    };
    responseFilter.set((response) => {
      response.found = 0;
      response.results_html = '';
      response.facets_html = '';
      return response;
    });
    assert.equal((await answerOf(await get('?sf_size=m'))).found, 0);
    assert.equal((await answerOf(await get(turn))).found, 0);
    assert.equal((await answerOf(await post({ sf_size: 'm' }))).found, 0);

    responseFilter.set();
    assert.deepEqual(await answerOf(await get('?sf_size=m')), before.whole);
    assert.deepEqual(await answerOf(await get(turn)), before.turn);
    assert.deepEqual(tokenless(await answerOf(await post({ sf_size: 'm' }))), tokenless(before.posted));
  });

  it('answers 500 in the REST error shape when the filter throws, not kept by caches, and goes on answering', async () => {
    const { facets_etag: tag } = await answerOf(await get('?sf_color=navy'));
    responseFilter.set(() => {
      throw new Error('secret detail of the extension');
    });
    const logged: string[] = [];
    const originalError = console.error;
    console.error = (line: string) => logged.push(line);
    try {
      for (const response of [
        await get('?sf_color=navy'),
        await get(`?sf_color=navy&sf_paged=2&facets_etag=${tag}`),
        await post({ sf_color: 'navy' }),
      ]) {
        const where = `${response.url} (${responseFilter.given.at(-1)?.method})`;
        assert.equal(response.status, 500, where);
        const body = (await response.json()) as { code: string; message: string; data: { status: number } };
        assert.equal(body.code, 'internal_server_error', where);
        assert.equal(body.data.status, 500, where);
        assert.ok(body.message.length > 0, where);
        assert.doesNotMatch(JSON.stringify(body), /secret/, where);
        assert.equal(response.headers.get('cache-control'), 'no-store', where);
        assert.equal(response.headers.get('etag'), null, where);
      }
    } finally {
      console.error = originalError;
    }
    assert.equal(responseFilter.given.length, 3, 'every request reached the filter');
    for (const address of ['?sf_color=navy:', `?sf_color=navy&sf_paged=2&facets_etag=${tag}:`])
      assert.ok(
        logged.some((line) => line.includes(address) && line.includes('secret detail of the extension')),
        `logged on the server: GET ${address}`,
      );

    responseFilter.set();
    const answer = await answerOf(await get('?sf_color=navy'));
    assert.equal(answer.facets_etag, tag);
    assert.ok(answer.found > 0);
  });

  it('is still answered after a filter that returns something else than an answer', async () => {
    const { facets_etag: tag } = await answerOf(await get('?sf_color=black'));
    const turn = `?sf_color=black&sf_paged=2&facets_etag=${tag}`;
    const before = { whole: await answerOf(await get('?sf_color=black')), turn: await answerOf(await get(turn)) };
    for (const junk of [undefined, null, 'junk', 42, []]) {
      responseFilter.set(() => junk);
      for (const response of [await get('?sf_color=black'), await get(turn), await post({ sf_color: 'black' })]) {
        // Whatever went out (it is the extension's to get right), it went out whole and the server is still up.
        await response.arrayBuffer();
      }
      assert.equal(responseFilter.given.length, 3);
      responseFilter.set();
      assert.deepEqual(await answerOf(await get('?sf_color=black')), before.whole, `after ${JSON.stringify(junk)}`);
      assert.deepEqual(await answerOf(await get(turn)), before.turn, `after ${JSON.stringify(junk)}`);
    }
  });
});
