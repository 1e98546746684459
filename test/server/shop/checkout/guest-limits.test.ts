// What keeps shoppers from locking the stock with unpaid orders: a guest orders at most so many units per line and per
// order (refused at add-to-cart and at checkout), and one address, e-mail or browser has at most so many unpaid orders
// at once. Each refusal says why in the shopper's words, keeps the form as typed, and orders nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Product } from '../../../../server/store/catalog-types.js';
import { requiredBoxes, SHOPPER_ADDRESS } from '../../support/storefront-order.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

describe('guest caps and unpaid orders per source', () => {
  let server: TestServer;
  let manager: string;
  let plenty: Product[];

  before(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
    manager = await server.basicAuthFor('shop_manager');
    plenty = server.store.catalog.data.products.filter(
      (product) =>
        product.type !== 'variable' &&
        product.in_stock &&
        product.stock_quantity >= 40 &&
        (product.status ?? 'publish') === 'publish',
    );
    assert.ok(plenty.length >= 6, 'the shop has products with plenty in stock');
  });
  after(() => server?.stop());

  const orderCount = async () => (await server.store.orders.list()).length;
  const ipHeaders = (ip: string) => ({ 'x-forwarded-for': ip });

  /** A visitor from `ip` with `quantity` of `product` in the cart and the checkout open. */
  async function readyToOrder(ip: string, product: Product, quantity = 1, visitor = new Visitor(server.url)) {
    await visitor.get(`/product/${product.slug}`);
    const added = await visitor.post(
      '/cart/add',
      { product_id: String(product.id), quantity: String(quantity) },
      { headers: ipHeaders(ip) },
    );
    assert.equal(added.status, 303, added.html.slice(0, 300));
    await visitor.get('/checkout');
    return visitor;
  }

  const checkoutFields = (email: string, paymentMethod = 'bank_transfer') => ({
    ...SHOPPER_ADDRESS,
    street: 'Kept Street 7',
    email,
    payment_method: paymentMethod,
    ...requiredBoxes(server, 'checkout'),
  });

  it('refuses a guest more than 10 of one product, and more than 30 items in all, at add-to-cart', async () => {
    const visitor = new Visitor(server.url);
    await visitor.get(`/product/${plenty[0]!.slug}`);
    const tooMany = await visitor.post(
      '/cart/add',
      { product_id: String(plenty[0]!.id), quantity: '11' },
      { headers: ipHeaders('198.51.100.1') },
    );
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.html, /Bez konta możesz zamówić jednorazowo najwyżej 10 sztuk produktu/);
    for (const product of plenty.slice(0, 3)) {
      const added = await visitor.post(
        '/cart/add',
        { product_id: String(product.id), quantity: '10' },
        { headers: ipHeaders('198.51.100.1') },
      );
      assert.equal(added.status, 303);
    }
    const overOrder = await visitor.post(
      '/cart/add',
      { product_id: String(plenty[3]!.id), quantity: '1' },
      { headers: ipHeaders('198.51.100.1') },
    );
    assert.equal(overOrder.status, 400);
    assert.match(overOrder.html, /najwyżej 30 sztuk \(w koszyku byłoby 31\)/);
    const cart = await visitor.get('/cart');
    assert.doesNotMatch(cart.html, new RegExp(`qty_${plenty[3]!.id}`), 'the refused item is not in the cart');
  });

  it('refuses at checkout a guest cart over the caps, with the form kept and nothing ordered', async () => {
    const visitor = await readyToOrder('198.51.100.2', plenty[0]!, 8);
    const set = await fetchJson(server.restUrl('/compliance/v1/settings/checkout'), {
      method: 'POST',
      headers: { authorization: manager },
      json: { guest_max_line_units: 5 },
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    try {
      const before = await orderCount();
      const refused = await visitor.post('/checkout', checkoutFields('capped@example.com'), {
        headers: ipHeaders('198.51.100.2'),
      });
      assert.equal(refused.status, 409);
      assert.match(refused.html, /Bez konta możesz zamówić jednorazowo najwyżej 5 sztuk produktu/);
      assert.match(refused.html, /Kept Street 7/, 'the form keeps what was typed');
      assert.equal(await orderCount(), before, 'nothing was ordered');
    } finally {
      await fetchJson(server.restUrl('/compliance/v1/settings/checkout'), {
        method: 'POST',
        headers: { authorization: manager },
        json: { guest_max_line_units: 10 },
      });
    }
  });

  it('refuses a fourth unpaid order from one address, the form kept; paying on delivery still works', async () => {
    const ip = '203.0.113.10';
    for (let index = 0; index < 3; index++) {
      const visitor = await readyToOrder(ip, plenty[index]!);
      const placed = await visitor.post('/checkout', checkoutFields(`address-${index}@example.com`), {
        headers: ipHeaders(ip),
      });
      assert.equal(placed.status, 303, placed.html.slice(0, 300));
    }
    const before = await orderCount();
    const visitor = await readyToOrder(ip, plenty[3]!);
    const refused = await visitor.post('/checkout', checkoutFields('address-3@example.com'), {
      headers: ipHeaders(ip),
    });
    assert.equal(refused.status, 409);
    assert.match(refused.html, /Z Twojej sieci są już 3 nieopłacone zamówienia/);
    assert.match(refused.html, /Kept Street 7/);
    assert.equal(await orderCount(), before, 'nothing was ordered');
    const cash = await visitor.post('/checkout', checkoutFields('address-3@example.com', 'cash_on_delivery'), {
      headers: ipHeaders(ip),
    });
    assert.equal(cash.status, 303, 'an order paid on delivery holds nothing unpaid');
  });

  it('refuses a fourth unpaid order for one e-mail, from other addresses', async () => {
    for (let index = 0; index < 3; index++) {
      const ip = `203.0.113.${20 + index}`;
      const placed = await (await readyToOrder(ip, plenty[index]!)).post(
        '/checkout',
        checkoutFields('Same.Payer@example.com'),
        { headers: ipHeaders(ip) },
      );
      assert.equal(placed.status, 303, placed.html.slice(0, 300));
    }
    const refused = await (await readyToOrder('203.0.113.29', plenty[3]!)).post(
      '/checkout',
      checkoutFields('same.payer@example.com'),
      { headers: ipHeaders('203.0.113.29') },
    );
    assert.equal(refused.status, 409);
    assert.match(refused.html, /Na ten adres e-mail są już 3 nieopłacone zamówienia/);
  });

  it('refuses a fourth unpaid order from one browser, with other e-mails and addresses', async () => {
    const visitor = new Visitor(server.url);
    for (let index = 0; index < 3; index++) {
      const ip = `203.0.113.${40 + index}`;
      await readyToOrder(ip, plenty[index]!, 1, visitor);
      const placed = await visitor.post('/checkout', checkoutFields(`browser-${index}@example.com`), {
        headers: ipHeaders(ip),
      });
      assert.equal(placed.status, 303, placed.html.slice(0, 300));
    }
    await readyToOrder('203.0.113.49', plenty[3]!, 1, visitor);
    const refused = await visitor.post('/checkout', checkoutFields('browser-3@example.com'), {
      headers: ipHeaders('203.0.113.49'),
    });
    assert.equal(refused.status, 409);
    assert.match(refused.html, /Z tej przeglądarki złożono już 3 nieopłacone zamówienia/);
  });
});
