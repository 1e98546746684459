/**
 * No empty-template marker (`<?>`, which Lit's server rendering leaves for a template made of parts alone) in the
 * shop's pages: browsers ignore it, HTML validators and anyone reading the source do not. (The `<facet-filter>`
 * element's `lit-part` comments are its hydration markers, and stay.) Walked as a shopper walks the pages, a cart and
 * an order included.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkOut, productsInStock } from '../support/storefront-order.js';
import { useTestServer } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';

const MARKERS = /<\?>/;

describe("the shop's pages", () => {
  const suite = useTestServer();

  it('hold no template markers, from the listing to the order and its withdrawal', async () => {
    const visitor = new Visitor(suite.server.url);
    const [product] = productsInStock(suite.server, 1);
    const pages: Array<[string, string]> = [];
    for (const path of ['/', '/shop', `/product/${product!.slug}`, '/withdraw', '/contact', '/login', '/register'])
      pages.push([path, (await visitor.get(path)).html]);
    await visitor.post('/cart/add', { product_id: String(product!.id), quantity: '1' });
    for (const path of ['/cart', '/checkout']) pages.push([path, (await visitor.get(path)).html]);
    const number = await checkOut(visitor, suite.server, 'markers@example.com', [product!]);
    const order = await visitor.open(`/account`);
    pages.push(['/account', order.html]);
    const confirmation = await visitor.post('/withdraw', {
      step: 'items',
      order: number,
      email: 'markers@example.com',
    });
    pages.push(['/withdraw (items)', confirmation.html]);
    for (const [path, html] of pages) {
      assert.ok(html.length > 500, `${path} is a page`);
      assert.doesNotMatch(
        html,
        MARKERS,
        `${path}: ${MARKERS.exec(html) ? html.slice(Math.max(0, html.search(MARKERS) - 200), html.search(MARKERS) + 20) : ''}`,
      );
    }
  });
});
