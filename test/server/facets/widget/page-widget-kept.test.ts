/**
 * The filter widget a page embeds is kept rendered (facets/widget/widget-renderer.ts) and written as bytes held outside
 * the page's strings (http/held-bytes.ts). What a visitor must still see: their own CSRF token in every form of a kept
 * page (never another visitor's), a catalog change at once, a facet's value search kept apart from the same state
 * without it, the widget itself wherever content is rendered as a string (the REST API), and an Omnibus reference
 * price the history learned under the same catalog revision, once the kept copy is past its lifetime.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Product } from '../../../../server/catalog/model.js';
import { DAY_MS } from '../../../../server/catalog/omnibus.js';
import { recordPriceChanges } from '../../../../server/catalog/price-history-cache.js';
import type { Config } from '../../../../server/config.js';
import { FacetService } from '../../../../server/facets/facet-service.js';
import { createWidgetRenderer } from '../../../../server/facets/widget/widget-renderer.js';
import { openLowdbStore } from '../../../../server/store/lowdb/lowdb-store.js';
import type { PriceChange } from '../../../../server/store/store.js';
import { visibleText } from '../../support/small-catalog.js';
import { fetchJson, makeTempDir, useTestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

const tokensIn = (html: string) =>
  new Set([...html.matchAll(/name="_csrf" value="([^"]*)"/g)].map((match) => match[1]!));
const cartTokenOf = (html: string) => /<facet-filter[^>]*\scart-token="([^"]*)"/.exec(html)?.[1];
const firstCartProduct = (html: string) => /data-add-to-cart>.*?name="product_id" value="(\d+)"/s.exec(html)?.[1];
const titlesIn = (html: string) =>
  [...html.matchAll(/class="facet-filter__title-link" href="[^"]*">([^<]*)</g)].map((match) => match[1]!);

describe('the widget a page embeds, kept rendered', () => {
  const suite = useTestServer();

  it("puts each visitor's own token in the forms of the one kept copy, and only theirs is accepted for them", async () => {
    const first = new Visitor(suite.server.url);
    const second = new Visitor(suite.server.url);
    const pageA = (await first.get('/shop')).html;
    const pageB = (await second.get('/shop')).html;
    const [tokenA] = tokensIn(pageA);
    const [tokenB] = tokensIn(pageB);
    assert.ok(tokenA && tokenB, "the shop's cards carry add-to-cart forms");
    assert.notEqual(tokenA, tokenB);
    assert.deepEqual(tokensIn(pageA), new Set([tokenA]), "one token in every form of the first visitor's page");
    assert.deepEqual(tokensIn(pageB), new Set([tokenB]), "and only the second visitor's in theirs");
    assert.equal(cartTokenOf(pageA), tokenA, 'the element is given the same token for the cards it swaps in');
    assert.equal(cartTokenOf(pageB), tokenB);
    assert.equal(pageA.replaceAll(tokenA, 'TOKEN'), pageB.replaceAll(tokenB, 'TOKEN'), 'the same page otherwise');

    const productId = firstCartProduct(pageB);
    assert.ok(productId);
    const stolen = await first.post('/cart/add', { product_id: productId, _csrf: tokenB }, { withToken: false });
    assert.equal(stolen.status, 403, "another visitor's token is refused");
    const added = await second.post('/cart/add', { product_id: productId, _csrf: tokenB }, { withToken: false });
    assert.equal(added.status, 303, "the visitor's own token, from the kept copy, is accepted");
  });

  it('shows a product renamed in the catalog on the very next page', async () => {
    const visitor = new Visitor(suite.server.url);
    const before = (await visitor.get('/shop')).html;
    const shownFirst = titlesIn(before)[0];
    assert.ok(shownFirst);
    const product = suite.server.store.catalog.data.products.find((candidate) => candidate.title === shownFirst)!;
    const renamed = await fetchJson(suite.server.restUrl(`/wc/v3/products/${product.id}`), {
      method: 'PUT',
      headers: { authorization: suite.manager },
      json: { name: `${shownFirst} Renamed` },
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const after = (await visitor.get('/shop')).html;
    assert.ok(titlesIn(after).includes(`${shownFirst} Renamed`), titlesIn(after).join(', '));
  });

  it("keeps a facet's value search apart from the same listing without it", async () => {
    const visitor = new Visitor(suite.server.url);
    const searchBox = (html: string) => /name="sf_brand_search" value="([^"]*)"/.exec(html)?.[1];
    const searched = (await visitor.get('/shop?sf_brand_search=zz')).html;
    const plain = (await visitor.get('/shop')).html;
    const searchedAgain = (await visitor.get('/shop?sf_brand_search=zz')).html;
    assert.equal(searchBox(searched), 'zz');
    assert.notEqual(searchBox(plain), 'zz', 'the listing without the search does not show it');
    assert.equal(searchBox(searchedAgain), 'zz');
  });

  it('renders the widget itself, not a stand-in, where content is a string (the pages API)', async () => {
    const { status, body } = await fetchJson(suite.server.restUrl('/wp/v2/pages?slug=shop'), {
      headers: { authorization: suite.manager },
    });
    assert.equal(status, 200);
    const rendered = (body as { content: { rendered: string } }[])[0]!.content.rendered;
    assert.match(rendered, /<facet-filter[^>]*>/);
    assert.match(rendered, /class="facet-filter__grid"/);
    assert.doesNotMatch(rendered, /vitrine-held-/);
  });
});

describe('a kept widget past its lifetime', () => {
  const SCARF = 700_001;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
  const change = (days: number, regular: number, sale: number | null): PriceChange => ({
    item_id: SCARF,
    product_id: SCARF,
    time: daysAgo(days),
    regular_price: regular,
    sale_price: sale,
    date_on_sale_from: null,
    date_on_sale_to: null,
  });
  const line = (amount: string) => `Najniższa cena z 30 dni przed obniżką: ${amount} zł`;

  it('shows a reference price the history learned since its render once past its lifetime and read again, not before', async (t) => {
    const store = await openLowdbStore(await makeTempDir(), { watch: false });
    t.after(() => store.close());
    const scarf: Product = {
      id: SCARF,
      slug: 'steady-scarf',
      title: 'Steady Scarf',
      description: 'A scarf.',
      sku: 'KEPT-1',
      category_ids: [1],
      brand: 'Acme',
      attributes: { color: ['Red'], size: ['M'] },
      regular_price: 100,
      sale_price: 80,
      rating: 0,
      rating_count: 0,
      in_stock: true,
      stock_quantity: 5,
      total_sales: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      image: '/media/products/1.svg',
    };
    await store.catalog.replace(
      {
        categories: [{ id: 1, slug: 'clothes', name: 'Clothes', parent: 0 }],
        attributes: [
          { name: 'color', label: 'Colour' },
          { name: 'size', label: 'Size' },
        ],
      },
      [scarf],
    );
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    await recordPriceChanges(store, [change(60, 100, null), change(10, 100, 80)]);
    const render = createWidgetRenderer({
      config: { restRoot: '/wp-json' } as Config,
      store,
      facets: new FacetService(store, () => {}),
    });
    const shown = async () => visibleText(await render({}, { url: new URL('http://shop.test/shop') }));
    assert.ok((await shown()).includes(line('100,00')), 'made with the history as it was');

    // The price history is appended after the catalog changes, under the same catalog revision: the key stays.
    await recordPriceChanges(store, [change(20, 90, null)]);
    t.mock.timers.tick(20_000);
    assert.ok((await shown()).includes(line('100,00')), 'fresh: kept as made');
    t.mock.timers.tick(2 * 60_000);
    assert.ok(
      (await shown()).includes(line('100,00')),
      'past its lifetime: answered at once, read again behind the page',
    );
    // The read runs after a pause of a few real milliseconds (only Date is mocked).
    let remade = '';
    for (let waited = 0; !remade.includes(line('90,00')); waited += 10) {
      assert.ok(waited < 5000, `the new reference never showed: ${remade}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      remade = await shown();
    }
  });
});
