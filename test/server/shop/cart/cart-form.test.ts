// The cart's "Update cart" form without JavaScript, as the shop's other forms: a refused change (more than is in stock,
// a quantity that is not a whole number) stores nothing, shows the cart again with every quantity as the shopper typed
// it, and ties the reason to the line's field (aria-invalid, aria-describedby, autofocus) rather than only at the top;
// so is a line's stock problem found when the cart is shown.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Purchasable } from '../../../../server/catalog/purchasable.js';
import { findItem } from '../../../../server/shop/cart/cart-service.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

/** The `<input>` tag of the line's quantity field in a cart page. */
function quantityField(html: string, itemId: number): string {
  const tag = new RegExp(`<input[^>]*\\bid="qty_${itemId}"[^>]*>`).exec(html)?.[0];
  assert.ok(tag, `the cart has a quantity field for item ${itemId}`);
  return tag;
}
const valueAttribute = (tag: string) => /\bvalue="([^"]*)"/.exec(tag)?.[1];

describe('the cart form', () => {
  const suite = useTestServer();
  /** Two simple products in stock: one with at least 3 units, one with fewer than 50. */
  function twoItems(): [Purchasable, Purchasable] {
    const simple = suite.server.store.catalog.data.products.filter(
      (product) => product.type !== 'variable' && product.in_stock && product.status !== 'draft',
    );
    const plenty = simple.find((product) => product.stock_quantity >= 3)!;
    const scarce = simple.find(
      (product) => product.id !== plenty.id && product.stock_quantity > 0 && product.stock_quantity < 50,
    )!;
    return [findItem(suite.server.store, plenty.id)!, findItem(suite.server.store, scarce.id)!];
  }

  async function cartWith(items: readonly Purchasable[]): Promise<Visitor> {
    const visitor = new Visitor(suite.server.url);
    for (const item of items) {
      await visitor.get(`/product/${item.product.slug}`);
      assert.equal(
        (await visitor.post('/cart/add', { product_id: String(item.product.id), quantity: '1' })).status,
        303,
      );
    }
    await visitor.get('/cart');
    return visitor;
  }

  for (const refused of [
    {
      what: 'more than is in stock',
      status: 409,
      quantity: '50',
      reason: /Produktu „[^”]+” został[oay]? tylko \d+ sztuk[ai]?\./,
    },
    { what: 'not a whole number', status: 400, quantity: '2.5', reason: /Podaj liczbę sztuk/ },
    {
      what: 'written in hexadecimal (0x2 is not 2)',
      status: 400,
      quantity: '0x2',
      reason: /Podaj liczbę sztuk/,
    },
    {
      what: 'written with an exponent (1e0 is not 1)',
      status: 400,
      quantity: '1e0',
      reason: /Podaj liczbę sztuk/,
    },
    {
      what: 'empty (not 0, which would remove the line)',
      status: 400,
      quantity: '',
      reason: /Podaj liczbę sztuk/,
    },
  ]) {
    it(`keeps what was typed and points at the line when a quantity is ${refused.what}`, async () => {
      const [plenty, scarce] = twoItems();
      const visitor = await cartWith([plenty, scarce]);
      const answer = await visitor.post('/cart/update', {
        [`qty_${plenty.itemId}`]: '3',
        [`qty_${scarce.itemId}`]: refused.quantity,
      });
      assert.equal(answer.status, refused.status);

      assert.equal(valueAttribute(quantityField(answer.html, plenty.itemId)), '3', 'the other line keeps the 3 typed');
      const field = quantityField(answer.html, scarce.itemId);
      assert.equal(valueAttribute(field), refused.quantity, 'the refused line keeps what was typed');
      assert.match(field, /aria-invalid="true"/);
      assert.match(field, /\bautofocus\b/, 'the focus goes to the refused line');
      const describedBy = /aria-describedby="([^"]+)"/.exec(field)?.[1];
      assert.ok(describedBy, 'the field names its error');
      const error = new RegExp(`<p[^>]*\\bid="${describedBy}"[^>]*>([^<]*)</p>`).exec(answer.html)?.[1];
      assert.match(error ?? '', refused.reason, 'the error beside the field says why');
      assert.doesNotMatch(quantityField(answer.html, plenty.itemId), /aria-invalid/, 'the accepted line is not marked');

      // Nothing was stored: the cart as it was, one of each.
      const cart = await visitor.get('/cart');
      assert.equal(valueAttribute(quantityField(cart.html, plenty.itemId)), '1');
      assert.equal(valueAttribute(quantityField(cart.html, scarce.itemId)), '1');
      assert.doesNotMatch(cart.html, /aria-invalid/);
    });
  }

  it('adds only a quantity written in decimal digits: 0x10 is not 16, 1e1 not 10', async () => {
    const [item] = twoItems();
    const visitor = new Visitor(suite.server.url);
    await visitor.get(`/product/${item.product.slug}`);
    for (const quantity of ['0x10', '1e1', '0b1', '0o1', '+1', '1.0', 'Infinity']) {
      const answer = await visitor.post('/cart/add', { product_id: String(item.product.id), quantity });
      assert.equal(answer.status, 400, quantity);
      assert.match(answer.html, /Podaj liczbę sztuk/, quantity);
    }
    assert.equal((await visitor.post('/cart/add', { product_id: String(item.product.id), quantity: '1' })).status, 303);
  });

  it("ties a line's stock problem (fewer left than in the cart) to its quantity field", async () => {
    const [item] = twoItems(); // at least 3 in stock
    const visitor = await cartWith([item]);
    assert.equal((await visitor.post('/cart/update', { [`qty_${item.itemId}`]: '2' })).status, 303);
    // Meanwhile one unit is left (the last test: the suite's stock stays so).
    const lowered = await fetchJson(suite.server.restUrl(`/wc/v3/products/${item.product.id}`), {
      method: 'PUT',
      headers: { authorization: suite.manager },
      json: { stock_quantity: 1 },
    });
    assert.equal(lowered.status, 200);
    const cart = await visitor.get('/cart');
    const field = quantityField(cart.html, item.itemId);
    assert.equal(valueAttribute(field), '2');
    assert.match(field, /aria-invalid="true"/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(field)?.[1];
    const problem = new RegExp(`<p[^>]*\\bid="${describedBy}"[^>]*>([^<]*)</p>`).exec(cart.html)?.[1];
    assert.match(
      problem ?? '',
      /Dostępna jest tylko 1 sztuka: zmniejsz ilość\./,
      'a screen reader hears the problem with the field',
    );
  });
});
