// Pages that carry the widget, rendered by the real server over the seeded demo shop: the shop and home pages,
// a [facet] page with attributes, category pages and product pages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseFilterState } from '../../../../client/facet-filter/query-state.js';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { bruteForce } from '../../../../bench/engines/naive-scan.js';

const cardCount = (html: string) => html.match(/class="facet-filter__card"/g)?.length ?? 0;

describe('pages with the widget', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, html: await response.text() };
  };
  const reference = (query: string, baseCategory?: string, perPage = 24) => {
    const facets = server.plugin.container.get('facets');
    const outcome = facets.filter(new URLSearchParams(query), {});
    return bruteForce(
      server.store.catalog.data,
      defaultFacetConfig(),
      parseFilterState(new URLSearchParams(query), outcome.schema),
      baseCategory,
      perPage,
      facets.wordForms(),
    );
  };

  it('GET /shop renders <facet-filter> with declarative shadow DOM and the four regions for the URL state', async () => {
    const { status, html } = await get('/shop?sf_color=navy&sf_paged=2');
    assert.equal(status, 200);
    assert.equal(html.match(/<facet-filter\b/g)?.length, 1);
    assert.equal(
      html.match(/<template shadowroot="open" shadowrootmode="open">/g)?.length,
      1,
      'exactly one shadow root',
    );
    assert.match(html, /<slot name="facets"><\/slot>/);
    for (const region of ['facets', 'toolbar', 'results', 'pagination']) {
      assert.match(html, new RegExp(`<div slot="${region}" data-region="${region}"`), `region ${region}`);
    }
    const expected = reference('sf_color=navy&sf_paged=2');
    assert.match(html, new RegExp(`>${expected.found} produkt(y|ów|u)?<`));
    assert.match(html, /value="navy" checked/);
    assert.match(html, /aria-current="page"><span class="screen-reader-text">Strona <\/span>2</);
    assert.equal(cardCount(html), expected.pageIds.length);
    assert.match(html, /endpoint="\/wp-json\/facet\/v1\/filter"/, 'the endpoint is site-relative');
    assert.match(
      html,
      /schema="\{&quot;facets&quot;:\[\{&quot;name&quot;:&quot;category&quot;,&quot;kind&quot;:&quot;list&quot;\}/,
    );
  });

  it('GET / renders the block widget with its 12 products per page', async () => {
    const { html } = await get('/');
    assert.match(html, /<template shadowroot="open" shadowrootmode="open">/);
    assert.equal(cardCount(html), 12);
    assert.match(html, /widget="\{&quot;per_page&quot;:12\}"/);
  });

  it('a [facet per_page="6"] page shows 6 cards', async () => {
    await server.store.site.update((site) => {
      site.pages.push({
        ...site.pages.find((page) => page.slug === 'shop')!,
        id: 9001,
        slug: 'six',
        title: 'Six',
        content: '[facet per_page="6" facets="color,price"]',
      });
    });
    const { html } = await get('/six');
    assert.equal(cardCount(html), 6);
    assert.match(html, /data-facet="color"/);
    assert.doesNotMatch(html, /data-facet="brand"/, 'only the listed facets');
  });

  it('GET /product-category/<slug> scopes the widget; an unknown category is 404', async () => {
    const { status, html } = await get('/product-category/shoes');
    assert.equal(status, 200);
    assert.match(html, /<h1>Shoes<\/h1>/);
    assert.match(html, new RegExp(`>${reference('', 'shoes').found} produkt(y|ów|u)?<`));
    assert.equal((await get('/product-category/no-such-thing')).status, 404);
  });

  it('GET /product/<slug> shows the product with breadcrumbs; an unknown product is 404', async () => {
    const product = server.store.catalog.data.products.find((candidate) => candidate.sale_price !== null)!;
    const { status, html } = await get(`/product/${product.slug}`);
    assert.equal(status, 200);
    assert.match(html, new RegExp(`<h1 class="product__title">${product.title}</h1>`));
    assert.match(html, /<nav class="breadcrumbs" aria-label="Ścieżka nawigacji">/);
    assert.match(html, /<del aria-hidden="true">/, 'the sale shows the old price struck through');
    assert.match(html, new RegExp(product.in_stock ? 'Dostępny' : 'Niedostępny'));
    assert.match(html, new RegExp(`src="${product.image}"`));
    assert.equal((await get('/product/no-such-product')).status, 404);
  });

  it('POST /filter answers the same regions as the page, with links relative to the page', async () => {
    const response = await fetch(server.restUrl('/facet/v1/filter'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { sf_color: 'navy', sf_paged: '99' } }),
    });
    const body = await response.json();
    assert.equal(response.status, 200);
    assert.equal(body.found, reference('sf_color=navy').found);
    assert.equal(body.query.sf_paged, String(Math.ceil(body.found / 24)), 'the page is clamped');
    assert.match(body.pagination_html, /href="\?sf_color=navy"/);
    assert.equal(
      cardCount(body.results_html),
      reference(`sf_color=navy&sf_paged=${body.query.sf_paged}`).pageIds.length,
    );
  });
});
