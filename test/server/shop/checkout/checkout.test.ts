// A shopper without JavaScript puts a product in the cart and checks out; the legal checkboxes guard the
// order, and every placed order keeps proof of the consent given.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, describe, it } from 'node:test';
import type { Product } from '../../../../server/catalog/model.js';
import { publishLegalPages } from '../../support/legal-pages.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

const address = {
  email: 'anna@example.com',
  first_name: 'Anna',
  last_name: 'Nowak',
  street: 'Długa 1',
  postcode: '00-001',
  city: 'Warszawa',
  country: 'PL',
  phone: '',
  payment_method: 'bank_transfer',
};

describe('cart and checkout without JavaScript', () => {
  const suite = useTestServer();
  // The seeded shop has no legal pages yet: these forms show the boxes that refer to one once it is published.
  before(() => publishLegalPages(suite.server));
  const product = (): Product =>
    suite.server.store.catalog.data.products.find(
      (candidate) => candidate.type !== 'variable' && candidate.in_stock && candidate.stock_quantity >= 5,
    )!;
  const checkoutBoxes = () =>
    suite.server.store.site.data.checkboxes
      .filter((box) => box.location === 'checkout' && box.enabled)
      .sort((a, b) => a.position - b.position);
  const stats = async () =>
    (
      await fetchJson(suite.server.restUrl('/compliance/v1/checkboxes/stats'), {
        headers: { authorization: suite.manager },
      })
    ).body.stats as { checkbox_id: number; total_shown: number; total_accepted: number }[];

  async function visitorWithCart(quantity = '2'): Promise<Visitor> {
    const visitor = new Visitor(suite.server.url);
    const page = await visitor.get(`/product/${product().slug}`);
    assert.match(page.html, /<form method="post" action="\/cart\/add"/, 'the product page has an add-to-cart form');
    const added = await visitor.post('/cart/add', { product_id: String(product().id), quantity });
    assert.equal(added.status, 303);
    assert.equal(added.location, `/cart?added=${product().id}`);
    return visitor;
  }

  it('adds to the cart with a form post and shows the cart with its subtotal', async () => {
    const visitor = await visitorWithCart();
    const cart = await visitor.get(`/cart?added=${product().id}`);
    assert.match(cart.html, /Dodano do koszyka/);
    assert.ok(cart.html.includes(`value="2"`), 'the quantity is shown in its field');
    assert.match(cart.html, /href="\/checkout"/);
  });

  it('refuses more than is in stock, saying how many are left', async () => {
    const visitor = await visitorWithCart('1');
    const refused = await visitor.post('/cart/add', {
      product_id: String(product().id),
      quantity: String(product().stock_quantity + 1),
    });
    assert.equal(refused.status, 409);
    assert.match(refused.html, /zostało tylko \d+ sztuk|została tylko 1 sztuka|zostały tylko \d+ sztuki/);
  });

  it('shows the form again with the error on an unticked required checkbox, keeps every field, and places no order', async () => {
    const visitor = await visitorWithCart();
    const form = await visitor.get('/checkout');
    assert.match(form.html, /<legend>Zgody<\/legend>/);
    assert.match(form.html, />Zamawiam z obowiązkiem zapłaty<\/button>/);
    const [first, second] = checkoutBoxes();
    const statsBefore = await stats();
    const answer = await visitor.post('/checkout', { ...address, [`legal_${first!.id}`]: '1' });
    assert.equal(answer.status, 400);
    assert.match(answer.html, new RegExp(`id="legal_${second!.id}"[^>]*autofocus`), 'focus goes to the unticked box');
    assert.match(answer.html, new RegExp(`aria-describedby="legal_${second!.id}-error"`));
    assert.match(answer.html, new RegExp(`id="legal_${second!.id}-error">Zaznacz to pole`));
    assert.match(answer.html, /name="street"[^>]*value="Długa 1"/, 'typed values are kept');
    assert.match(answer.html, new RegExp(`id="legal_${first!.id}"[^>]*checked`), 'the ticked box stays ticked');
    assert.deepEqual(
      (await fetchJson(suite.server.restUrl('/vitrine/v1/orders'), { headers: { authorization: suite.manager } })).body,
      [],
    );
    assert.deepEqual(await stats(), statsBefore, 'a refused submission counts nothing');
  });

  it('places the order when the boxes are ticked: confirmation, statistics raised by one, consent log with proof', async () => {
    const visitor = await visitorWithCart();
    await visitor.get('/checkout');
    const boxes = checkoutBoxes();
    const ticked = Object.fromEntries(boxes.filter((box) => box.required).map((box) => [`legal_${box.id}`, '1']));
    const before = await stats();
    const placed = await visitor.post('/checkout', { ...address, ...ticked });
    assert.equal(placed.status, 303);
    assert.match(placed.location!, /^\/order-received\/VT-\d{6}\?key=/);
    const confirmation = await visitor.get(placed.location!);
    assert.equal(confirmation.status, 200);
    const number = /Przyjęliśmy Twoje zamówienie (VT-\d{6})\./.exec(confirmation.html)![1]!;
    assert.match(confirmation.html, /Przelej/);
    const after = await stats();
    for (const box of boxes) {
      const was = before.find((row) => row.checkbox_id === box.id)!;
      const now = after.find((row) => row.checkbox_id === box.id)!;
      assert.equal(now.total_shown, was.total_shown + 1, `checkbox ${box.id} shown once more`);
      assert.equal(
        now.total_accepted,
        was.total_accepted + (box.required ? 1 : 0),
        `checkbox ${box.id} accepted as ticked`,
      );
    }
    const log = (await suite.server.store.consent.log()).filter((record) => record.reference === `order:${number}`);
    assert.equal(log.length, boxes.length, 'one row per checkbox shown');
    for (const record of log) {
      assert.equal(record.label_hash, createHash('sha256').update(record.label).digest('hex'));
      assert.equal(record.ip, '127.0.0.0', 'the address is shortened');
    }
    const order = (await suite.server.store.orders.findByNumber(number))!;
    assert.equal(order.lines[0]!.quantity, 2);
    assert.equal(order.subtotal, Math.round(order.lines[0]!.unit_price * 2 * 100) / 100);
    // Without a choice, the zone's first method offered (the one the form pre-selects): the demo's free
    // delivery from 200 zł, or its courier below.
    const shipping = order.subtotal >= 200 ? ['Darmowa dostawa kurierem', 0] : ['Kurier', 14.99];
    assert.deepEqual(
      order.shipping_lines.map((line) => [line.method_title, line.total]),
      [shipping],
    );
    assert.equal(order.total, Math.round((order.subtotal + (shipping[1] as number)) * 100) / 100);
    assert.equal((await visitor.get('/cart')).html.includes('Koszyk jest pusty'), true, 'the cart is emptied');
    assert.equal(
      (await new Visitor(suite.server.url).get(`/order-received/${number}`)).status,
      404,
      'without the key the order is not shown',
    );
  });

  it('refuses a checkout post without the form token', async () => {
    const visitor = await visitorWithCart();
    await visitor.get('/checkout');
    assert.equal((await visitor.post('/checkout', address, { withToken: false })).status, 403);
  });

  it('enforces the minimum order amount with a clear message', async () => {
    await suite.server.store.site.update((site) => {
      site.settings.checkout.min_order_amount = 1_000_000;
    });
    try {
      const visitor = await visitorWithCart('1');
      const cart = await visitor.get('/cart');
      assert.match(cart.html, /Minimalna wartość zamówienia to/);
      const checkout = await visitor.get('/checkout');
      assert.equal(checkout.status, 303);
      assert.equal(checkout.location, '/cart');
    } finally {
      await suite.server.store.site.update((site) => {
        site.settings.checkout.min_order_amount = 0;
      });
    }
  });

  it('asks a guest to log in or register when guest checkout is off', async () => {
    await suite.server.store.site.update((site) => {
      site.settings.checkout.guest_checkout = false;
    });
    try {
      const visitor = await visitorWithCart('1');
      const checkout = await visitor.get('/checkout');
      assert.match(checkout.html, /zaloguj się lub załóż konto/);
      assert.doesNotMatch(checkout.html, /action="\/checkout"/);
    } finally {
      await suite.server.store.site.update((site) => {
        site.settings.checkout.guest_checkout = true;
      });
    }
  });
});
