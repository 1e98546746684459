// On a real server: non-canonical filter addresses redirect to the canonical one, the home page has
// its h1, every page its icon, "Relevance" is offered only with a search, ratings read "1 star & up", and counts are
// written in the shop's locale.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { buildDemoCatalog } from '../../../server/demo/demo-catalog.js';
import { defaultFacetConfig } from '../../../server/facets/config.js';
import { fetchJson, useTestServer } from '../support/test-server.js';
import { visibleText } from '../support/small-catalog.js';

describe('shop pages', () => {
  const suite = useTestServer();
  const get = (path: string) => fetch(`${suite.server.url}${path}`, { redirect: 'manual' });
  let lastPage = 0;
  before(() => {
    lastPage = Math.ceil(suite.server.store.catalog.data.products.length / defaultFacetConfig().per_page);
  });

  describe('canonical addresses', () => {
    it('sends a page number past the last page to the last page', async () => {
      const response = await get('/shop?sf_paged=999');
      assert.equal(response.status, 302);
      assert.equal(response.headers.get('location'), `/shop?sf_paged=${lastPage}`);
    });

    it('drops the empty fields a form sends without JavaScript, and turns min/max into one range', async () => {
      const response = await get('/shop?sf_q=&sf_color=navy&sf_price_min=&sf_price_max=&sf_rating=');
      assert.equal(response.status, 302);
      assert.equal(response.headers.get('location'), '/shop?sf_color=navy');
      const range = await get('/shop?sf_q=&sf_price_min=10&sf_price_max=');
      assert.equal(range.headers.get('location'), '/shop?sf_price=10-');
    });

    it('applies a crossed range the form sends (maximum 200, then minimum 300) as 200-300, and its fields read so', async () => {
      const crossed = await get('/shop?sf_price_min=300&sf_price_max=200');
      assert.equal(crossed.headers.get('location'), '/shop?sf_price=200-300');
      const html = await (await get('/shop?sf_price=200-300')).text();
      const field = (end: string) => new RegExp(`name="sf_price_${end}"\\s+value="([^"]*)"`).exec(html)?.[1];
      assert.deepEqual([field('min'), field('max')], ['200', '300']);
    });

    it('keeps other variables, answers canonical addresses directly, and does the same on category pages', async () => {
      assert.equal(
        (await get('/shop?utm_source=mail&sf_paged=999')).headers.get('location'),
        `/shop?utm_source=mail&sf_paged=${lastPage}`,
      );
      assert.equal((await get('/shop?sf_color=navy')).status, 200);
      assert.equal((await get('/shop')).status, 200);
      const category = suite.server.store.catalog.data.categories[0]!.slug;
      const response = await get(`/product-category/${category}?sf_q=&sf_paged=1`);
      assert.equal(response.status, 302);
      assert.equal(response.headers.get('location'), `/product-category/${category}`);
    });
  });

  it('gives the home page one h1, the shop name', async () => {
    const html = await (await get('/')).text();
    assert.deepEqual(
      [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => match[1]),
      ['Vitrine Demo Shop'],
    );
  });

  it('links an icon from every page and serves it', async () => {
    for (const path of ['/', '/shop', '/login'])
      assert.match(await (await get(path)).text(), /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"/);
    const icon = await get('/favicon.svg');
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get('content-type'), 'image/svg+xml');
    assert.match(await icon.text(), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const ico = await get('/favicon.ico');
    assert.equal(ico.status, 301);
    assert.equal(ico.headers.get('location'), '/favicon.svg');
  });

  it('offers "Relevance" only with a search, and names the rating thresholds in the shop\'s language', async () => {
    const options = (html: string) =>
      [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((match) => match[2]);
    const plain = await (await get('/shop')).text();
    assert.ok(!options(plain).includes('Trafność'), 'no search: no relevance');
    assert.ok(options(plain).includes('Popularność'));
    assert.ok(options(await (await get('/shop?sf_q=wool')).text()).includes('Trafność'));
    assert.match(visibleText(plain), /od 1 gwiazdki/);
    assert.match(visibleText(plain), /od 4 gwiazdek/);
    assert.doesNotMatch(visibleText(plain), /stars? & up/);
  });

  it("writes counts in the shop's locale", async () => {
    const { products, ...meta } = buildDemoCatalog(1500);
    await suite.server.store.catalog.replace(meta, products);
    const setLocale = (locale: string) =>
      fetchJson(suite.server.restUrl('/compliance/v1/settings/general'), {
        method: 'POST',
        headers: { authorization: suite.manager },
        json: { locale },
      });
    await setLocale('de-DE');
    const total = products.length.toLocaleString('de-DE');
    assert.equal(total, '1.500');
    const german = await (await get('/shop')).text();
    assert.match(german, new RegExp(`class="facet-filter__found">${total.replace('.', '\\.')} Artikel<`));
    assert.match(german, / locale="de-DE"/, 'the element formats its own counts the same way');
    await setLocale('en-GB');
    assert.match(await (await get('/shop')).text(), /class="facet-filter__found">1,500 products</);
  });
});
