// POST facet/v1/filter on a real server: the documented shape, the canonical state applied, widget attributes,
// tolerance of unknown variables, and 400s for bodies of another shape or absurd size.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseFilterState } from '../../../../client/facet-filter/query-state.js';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import { bruteForce } from '../../../../bench/engines/naive-scan.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';

describe('POST /facet/v1/filter', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  const filter = (body: unknown, headers: Record<string, string> = {}) =>
    fetchJson(server.restUrl('/facet/v1/filter'), { method: 'POST', json: body, headers });

  it('answers anonymous callers with the four fragments, found, and the canonical query actually applied', async () => {
    const { status, body } = await filter({
      query: {
        sf_size: 'l,m,m',
        sf_color: 'navy',
        sf_orderby: 'popularity',
        sf_paged: '1',
        utm_source: 'mail',
        sf_nonsense: 'x',
      },
    });
    assert.equal(status, 200);
    for (const key of ['facets_html', 'toolbar_html', 'results_html', 'pagination_html'])
      assert.equal(typeof body[key], 'string', key);
    assert.deepEqual(
      body.query,
      { sf_color: 'navy', sf_size: 'l,m' },
      'configuration order, sorted unique values, defaults left out, unknowns dropped',
    );
    const schema = server.plugin.container.get('facets').filter({}, {}).schema;
    const reference = bruteForce(
      server.store.catalog.data,
      defaultFacetConfig(),
      parseFilterState(new URLSearchParams('sf_color=navy&sf_size=l,m'), schema),
      undefined,
      24,
    );
    assert.equal(body.found, reference.found);
    assert.equal(body.pages, Math.max(1, Math.ceil(reference.found / 24)));
  });

  it('applies the widget attributes: products per page and base category', async () => {
    const shoes = server.store.catalog.data.categories.find((category) => category.slug === 'shoes')!;
    const { body } = await filter({ query: {}, widget: { per_page: 5, category: 'shoes' } });
    const descendants = new Set([
      shoes.id,
      ...server.store.catalog.data.categories
        .filter((category) => category.parent === shoes.id)
        .map((category) => category.id),
    ]);
    const expected = server.store.catalog.data.products.filter((product) =>
      product.category_ids.some((id) => descendants.has(id)),
    ).length;
    assert.equal(body.found, expected);
    assert.equal(body.results_html.match(/class="facet-filter__card"/g)?.length, 5);
  });

  it("answers the state alone: a facet's value search, a page's for the form without JavaScript, never narrows it", async () => {
    const plain = await filter({ query: {} });
    const searched = await filter({ query: { sf_brand_search: 'zz' } });
    const plainAgain = await filter({ query: {} });
    assert.match(plain.body.facets_html, /name="sf_brand_search" value=""/);
    for (const answer of [searched, plainAgain]) assert.equal(answer.body.facets_html, plain.body.facets_html);
    const searchedFirst = await filter({ query: { sf_orderby: 'price', sf_brand_search: 'zz' } });
    const plainAfter = await filter({ query: { sf_orderby: 'price' } });
    assert.doesNotMatch(
      plainAfter.body.facets_html,
      /value="zz"/,
      "an answer asked with a search is not another shopper's plain one",
    );
    assert.equal(searchedFirst.body.facets_html, plainAfter.body.facets_html);
  });

  it('clamps the page and drops values that do not exist', async () => {
    const { body } = await filter({ query: { sf_color: 'navy,ultraviolet', sf_paged: '9999' } });
    assert.equal(body.query.sf_color, 'navy');
    assert.equal(Number(body.query.sf_paged), body.pages);
  });

  // A region with nothing to show is an empty string, never a template marker (Lit SSR renders an
  // empty template as `<?>` and an empty top-level part as `<!--lit-part-->`).
  it('answers no template markers: an empty pagination with a single page of results, none in any fragment', async () => {
    const single = await filter({ query: { sf_color: 'navy' }, widget: { per_page: 100 } });
    assert.equal(single.body.pages, 1);
    assert.equal(single.body.pagination_html, '');
    const empty = await filter({ query: { sf_q: 'no-product-has-this-word' } });
    assert.equal(empty.body.found, 0);
    const paged = await filter({ query: {}, widget: { per_page: 2 } });
    assert.match(paged.body.pagination_html, /facet-filter__pagination/);
    for (const { body } of [single, empty, paged]) {
      for (const key of ['facets_html', 'toolbar_html', 'results_html', 'pagination_html']) {
        assert.doesNotMatch(body[key], /<\?>|lit-part|<\?lit/, `${key} holds no template marker`);
      }
    }
  });

  it('answers 400 rest_invalid_param, naming the part, for bodies of another shape', async () => {
    for (const [body, param] of [
      [{ query: 'sf_color=navy' }, 'query'],
      [{ query: { sf_color: 7 } }, 'query.sf_color'],
      [{ query: {}, widget: [] }, 'widget'],
    ] as const) {
      const response = await filter(body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.code, 'rest_invalid_param');
      assert.ok(param in response.body.data.params, `${param} in ${JSON.stringify(response.body.data.params)}`);
    }
    const missing = await filter({});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.code, 'rest_missing_callback_param');
  });

  it('refuses absurd requests quickly with a 400', async () => {
    const started = performance.now();
    const tooMany = await filter({
      query: { sf_brand: Array.from({ length: 500 }, (_, index) => `b${index}`).join(',') },
    });
    const tooLong = await filter({ query: { sf_q: 'a'.repeat(5000) } });
    assert.equal(tooMany.status, 400);
    assert.equal(tooLong.status, 400);
    assert.ok(performance.now() - started < 1000);
  });

  it('still answers 401 for wrong credentials, as every route does', async () => {
    const { status } = await filter(
      { query: {} },
      { authorization: `Basic ${Buffer.from('admin:wrong').toString('base64')}` },
    );
    assert.equal(status, 401);
  });
});
