// The total a shopper is shown before the order button is the total ordered. The checkout form shows the total of
// one delivery and payment choice (the pre-selected one, without JavaScript); a shopper who picks another (pickup
// instead of the courier, cash on delivery) and presses the button at once would be charged a total never shown. The
// form says which total it showed (`shown_total`); an order whose total differs is not placed: the form comes back
// with the choice kept, the new total shown and said, and the next press orders it. So does a price changed since the
// form was shown.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Order } from '../../../../server/store/schema.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

const address = {
  email: 'ewa@example.com',
  first_name: 'Ewa',
  last_name: 'Lis',
  street: 'Krótka 2',
  postcode: '00-002',
  city: 'Warszawa',
  phone: '',
  country: 'PL',
};
/** A money amount as pl-PL writes it ("44,99 zł" with a no-break space), as a pattern. */
const zl = (amount: string) => `${amount.replace(/\./g, ',')}\\szł`;
/** The one choice's totals the page shows (the others, for other choices, are hidden until the script shows them). */
const visibleTotal = (html: string) =>
  /<div class="order-totals-choice"(?![^>]*\bhidden)[^>]*>[\s\S]*?<dt>Do zapłaty<\/dt><dd><strong>([^<]+)<\/strong>/.exec(
    html,
  )?.[1];
const shownTotalField = (html: string) => /<input type="hidden" name="shown_total" value="([^"]*)"/.exec(html)?.[1];

describe('the total shown before the order button', () => {
  const suite = useTestServer();
  const coffee = () =>
    suite.server.store.catalog.data.products.find((product) => product.slug === 'single-origin-coffee-beans')!;
  const orders = async () =>
    (await fetchJson(suite.server.restUrl('/vitrine/v1/orders'), { headers: { authorization: suite.manager } }))
      .body as Order[];
  const ticked = () =>
    Object.fromEntries(
      suite.server.store.site.data.checkboxes
        .filter((box) => box.location === 'checkout' && box.enabled && box.required)
        .map((box) => [`legal_${box.id}`, '1']),
    );

  it('orders only the total shown: another choice than the one totalled brings the form back with its total', async () => {
    const visitor = new Visitor(suite.server.url);
    await visitor.get(`/product/${coffee().slug}`);
    assert.equal((await visitor.post('/cart/add', { product_id: String(coffee().id), quantity: '1' })).status, 303);
    const form = await visitor.get('/checkout');
    // 39,99 zł of coffee with the pre-selected courier (14,99 zł), by bank transfer.
    assert.match(visibleTotal(form.html) ?? '', new RegExp(zl('54.98')));
    assert.equal(shownTotalField(form.html), '54.98');
    const before = await orders();

    // The shopper picks pickup (free) and cash on delivery (5,00 zł) and orders at once: 44,99 zł, never shown.
    const choice = { ...address, shipping_method: '3', payment_method: 'cash_on_delivery', ...ticked() };
    const refused = await visitor.post('/checkout', { ...choice, shown_total: shownTotalField(form.html)! });
    assert.equal(refused.status, 409);
    assert.deepEqual(await orders(), before, 'nothing ordered');
    assert.match(
      refused.html,
      new RegExp(
        `role="alert">Wartość zamówienia z wybraną dostawą i płatnością wynosi teraz ${zl('44.99')}\\. Zamówienie nie zostało jeszcze złożone: sprawdź je i naciśnij przycisk ponownie\\.`,
      ),
    );
    assert.match(visibleTotal(refused.html) ?? '', new RegExp(zl('44.99')), 'the total of the choice is the one shown');
    assert.equal(shownTotalField(refused.html), '44.99');
    assert.match(
      refused.html,
      /id="shipping_method_3" name="shipping_method" value="3"\s+checked/,
      'the choice is kept',
    );
    assert.match(
      refused.html,
      /id="payment_cash_on_delivery" name="payment_method" value="cash_on_delivery"\s+checked/,
    );
    assert.match(refused.html, /name="street"[^>]*value="Krótka 2"/, 'typed values are kept');

    const placed = await visitor.post('/checkout', { ...choice, shown_total: shownTotalField(refused.html)! });
    assert.equal(placed.status, 303, placed.html.slice(0, 400));
    const stored = (await orders()).find((order) => !before.some((old) => old.id === order.id))!;
    assert.equal(stored.total, 44.99);
    assert.deepEqual(
      stored.shipping_lines.map((line) => line.method_title),
      ['Odbiór osobisty w naszym sklepie w Warszawie'],
    );
  });

  it('renders the total of every delivery and payment choice, for the script to show the one chosen', async () => {
    const visitor = new Visitor(suite.server.url);
    await visitor.get(`/product/${coffee().slug}`);
    await visitor.post('/cart/add', { product_id: String(coffee().id), quantity: '1' });
    const { html } = await visitor.get('/checkout');
    // Each choice is named by the values of its two radios: the method's id, then the way of paying.
    const blocks = [
      ...html.matchAll(/<div class="order-totals-choice"[^>]*data-choice="([^"]*)" data-total="([\d.]+)"/g),
    ].map((match) => match.slice(1).join(' '));
    // Kurier (1) 14,99 zł and pickup (3) free are offered for 39,99 zł; free courier delivery only from 200 zł.
    assert.deepEqual(blocks.sort(), [
      '1bank_transfer 54.98',
      '1cash_on_delivery 59.98',
      '3bank_transfer 39.99',
      '3cash_on_delivery 44.99',
    ]);
  });

  // Last: it raises the coffee's price for the suite.
  it('orders nothing at a price changed since the form was shown, and shows the new total', async () => {
    const visitor = new Visitor(suite.server.url);
    await visitor.get(`/product/${coffee().slug}`);
    await visitor.post('/cart/add', { product_id: String(coffee().id), quantity: '1' });
    const form = await visitor.get('/checkout');
    assert.equal(shownTotalField(form.html), '54.98');
    // Meanwhile the shop raises the coffee from 39,99 to 45,99 zł.
    const raised = await fetchJson(suite.server.restUrl(`/wc/v3/products/${coffee().id}`), {
      method: 'PUT',
      headers: { authorization: suite.manager },
      json: { regular_price: '45.99' },
    });
    assert.equal(raised.status, 200, JSON.stringify(raised.body));
    const before = await orders();
    const choice = { ...address, shipping_method: '1', payment_method: 'bank_transfer', ...ticked() };
    const refused = await visitor.post('/checkout', { ...choice, shown_total: '54.98' });
    assert.equal(refused.status, 409);
    assert.deepEqual(await orders(), before, 'nothing ordered at a total the shopper did not see');
    assert.match(refused.html, new RegExp(`wynosi teraz ${zl('60.98')}\\.`));
    assert.match(visibleTotal(refused.html) ?? '', new RegExp(zl('60.98')));
    const placed = await visitor.post('/checkout', { ...choice, shown_total: shownTotalField(refused.html)! });
    assert.equal(placed.status, 303);
  });
});
