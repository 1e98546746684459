/**
 * A server opens its catalog lazily (a million-product shop answers from its facet index snapshot in seconds). The
 * shop's listings (content pages holding the widget, category pages) and its product pages are made without loading
 * it: the widget reads its page's products by id, a product page its product by slug. What needs the products after
 * all (a returning visitor's cart in the header) loads it and the page is made again; the cart loads it as before.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';

const titlesIn = (html: string) =>
  [...html.matchAll(/class="facet-filter__title-link" href="[^"]*">([^<]*)</g)].map((match) => match[1]!);
const cartCount = (html: string) => /<span id="cart-count">(\d+)<\/span>/.exec(html)?.[1];

describe("the shop's listings, before the catalog is loaded", () => {
  let server: TestServer;
  before(async () => {
    // The first start builds the index from the catalog and stores its snapshot; a restart reads it back.
    const first = await startTestServer();
    await first.stop({ keepData: true });
    server = await startTestServer({ dataDir: first.dataDir });
  });
  after(() => server.stop());

  it('answers the shop, a category and the home page from the index, leaving the catalog unloaded', async () => {
    assert.equal(server.store.catalog.loaded, false, 'a restarted server answers from its index snapshot');
    const category = server.store.catalog.taxonomy.categories.find((candidate) => candidate.parent === 0)!;
    const visitor = new Visitor(server.url);
    const shop = await visitor.get('/shop');
    const listing = await visitor.get(`/product-category/${category.slug}`);
    const home = await visitor.get('/');
    for (const page of [shop, listing, home]) assert.equal(page.status, 200);
    assert.match(listing.html, new RegExp(`<h1[^>]*>${category.name}</h1>`));
    assert.equal((await visitor.get('/product-category/no-such-category')).status, 404);
    const productLink = /href="(\/product\/[^"]+)"/.exec(shop.html)![1]!;
    const productPage = await visitor.get(productLink);
    assert.equal(productPage.status, 200);
    assert.equal((await visitor.get('/product/no-such-product')).status, 404);
    assert.equal(server.store.catalog.loaded, false, 'none of them loaded the catalog');

    await server.store.catalog.load();
    const published = new Set(
      server.store.catalog.data.products
        .filter((product) => product.status !== 'draft')
        .map((product) => product.title),
    );
    const shown = titlesIn(shop.html);
    assert.equal(shown.length, 24, 'a full first page');
    assert.deepEqual(
      shown.filter((title) => !published.has(title)),
      [],
      'every card is a published product of the catalog',
    );
    assert.equal(
      titlesIn((await visitor.get('/shop')).html).join('|'),
      shown.join('|'),
      'the same page once the catalog is loaded',
    );
    const loadedPage = await visitor.get(productLink);
    assert.equal(loadedPage.html, productPage.html, 'the same product page once the catalog is loaded');
  });
});

describe('a listing that needs the catalog after all', () => {
  let dataDir: string;
  let jar: Visitor;
  before(async () => {
    const first = await startTestServer();
    dataDir = first.dataDir;
    jar = new Visitor(first.url);
    const shop = await jar.get('/shop');
    const productId = /data-add-to-cart>.*?name="product_id" value="(\d+)"/s.exec(shop.html)?.[1];
    assert.ok(productId);
    assert.equal((await jar.post('/cart/add', { product_id: productId })).status, 303);
    await first.stop({ keepData: true });
  });

  it("loads it to show a returning visitor's cart in the header", async () => {
    const server = await startTestServer({ dataDir });
    try {
      const shop = await fetch(`${server.url}/shop`, { headers: { cookie: jar.cookieHeader } });
      assert.equal(shop.status, 200);
      assert.equal(cartCount(await shop.text()), '1', 'the cart, priced against the catalog, counted');
      assert.equal(server.store.catalog.loaded, true);
    } finally {
      await server.stop({ keepData: true });
    }
  });

  it('leaves the cart to load it, as before', async () => {
    const server = await startTestServer({ dataDir });
    try {
      assert.equal((await fetch(`${server.url}/shop`)).status, 200);
      assert.equal(server.store.catalog.loaded, false);
      assert.equal((await fetch(`${server.url}/cart`, { headers: { cookie: jar.cookieHeader } })).status, 200);
      assert.equal(server.store.catalog.loaded, true);
    } finally {
      await server.stop();
    }
  });
});
