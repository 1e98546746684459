/**
 * Stock as owners keep it, on a real server: a product made through wc/v3 without a quantity is not tracked and is
 * bought with plain form posts (no JavaScript); a tracked product without a quantity cannot be saved; backorders sell
 * on past 0 and say so where the owner chose `notify`; the shop is e-mailed when an order brings an item low or out.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';
import { requiredBoxes, SHOPPER_ADDRESS } from '../../support/storefront-order.js';

describe('stock kept as the owner chooses', () => {
  const suite = useTestServer();
  const call = (method: string, path: string, json?: unknown) =>
    fetchJson(suite.server.restUrl(path), { method, json, headers: { authorization: suite.manager } });
  const stored = (id: number) => suite.server.store.catalog.data.products.find((product) => product.id === id)!;

  /** Puts `quantity` units in a new visitor's cart and orders them with form posts, as a browser without scripts. */
  async function buyWithoutScripts(id: number, slug: string, quantity: number, email: string) {
    const visitor = new Visitor(suite.server.url);
    const page = await visitor.get(`/product/${slug}`);
    assert.match(page.html, /<form method="post" action="\/cart\/add"/, 'the product page offers the add-to-cart form');
    const added = await visitor.post('/cart/add', { product_id: String(id), quantity: String(quantity) });
    assert.equal(added.status, 303, added.html.slice(0, 300));
    const form = await visitor.get('/checkout');
    assert.match(form.html, /<textarea id="customer_note" name="customer_note"/, 'the checkout asks for a note');
    return visitor.post('/checkout', {
      ...SHOPPER_ADDRESS,
      email,
      payment_method: 'cash_on_delivery',
      customer_note: email === 'second@example.com' ? '  Proszę zostawić u sąsiada <spod 5>  ' : '',
      ...requiredBoxes(suite.server, 'checkout'),
    });
  }

  const shopMail = async (kind: string) =>
    (await suite.server.store.outbox.list({ page: 1, perPage: 50 })).messages.filter((mail) => mail.kind === kind);

  let untracked: { id: number; slug: string };
  before(async () => {
    const made = await call('POST', '/wc/v3/products', { name: 'Handmade bowl', regular_price: '49.90' });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    untracked = made.body;
  });

  it('makes a new product without a quantity untracked and in stock, as WooCommerce does', async () => {
    const read = await call('GET', `/wc/v3/products/${untracked.id}`);
    assert.equal(read.body.manage_stock, false);
    assert.equal(read.body.stock_quantity, null);
    assert.equal(read.body.stock_status, 'instock');
    assert.equal(read.body.backorders, 'no');
    assert.equal(read.body.backordered, false);
  });

  it('sells an untracked product without JavaScript, as often as it is bought, and counts nothing', async () => {
    for (const email of ['first@example.com', 'second@example.com']) {
      const placed = await buyWithoutScripts(untracked.id, untracked.slug, 7, email);
      assert.equal(placed.status, 303, placed.html.slice(0, 500));
      assert.match(placed.location!, /VT-\d{6}/);
    }
    const note = (await suite.server.store.orders.list()).find((order) => order.email === 'second@example.com');
    assert.equal(note!.customer_note, 'Proszę zostawić u sąsiada <spod 5>', "the checkout's note reaches the order");
    const product = stored(untracked.id);
    assert.equal(product.manage_stock, false);
    assert.equal(product.in_stock, true);
    const page = await new Visitor(suite.server.url).get(`/product/${untracked.slug}`);
    assert.match(page.html, /facet-filter__stock--in">Dostępny</, "in stock, in the shop's Polish");
    assert.doesNotMatch(page.html, /<dt>Kod produktu<\/dt>/, 'no empty SKU label on a product without one');
    assert.deepEqual(await shopMail('shop-stock-out'), [], 'an untracked product never runs out');
  });

  it('stops selling an untracked product its owner marks out of stock', async () => {
    const changed = await call('PUT', `/wc/v3/products/${untracked.id}`, { stock_status: 'outofstock' });
    assert.equal(changed.body.stock_status, 'outofstock');
    const page = await new Visitor(suite.server.url).get(`/product/${untracked.slug}`);
    assert.match(page.html, /facet-filter__stock--out">Niedostępny</);
    assert.doesNotMatch(page.html, /action="\/cart\/add"/);
    await call('PUT', `/wc/v3/products/${untracked.id}`, { stock_status: 'instock' });
  });

  it('refuses a tracked product without a quantity, on create and on update, and stores nothing', async () => {
    const count = suite.server.store.catalog.data.products.length;
    for (const body of [
      { name: 'Counted vase', regular_price: '10', manage_stock: true },
      { name: 'Counted vase', regular_price: '10', manage_stock: true, stock_quantity: null },
      { name: 'Counted vase', regular_price: '10', manage_stock: true, stock_quantity: '' },
    ]) {
      const refused = await call('POST', '/wc/v3/products', body);
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.equal(refused.body.code, 'rest_invalid_param');
      assert.match(refused.body.data.params.stock_quantity, /enter how many are in stock/);
    }
    assert.equal(suite.server.store.catalog.data.products.length, count);
    const turnedOn = await call('PUT', `/wc/v3/products/${untracked.id}`, { manage_stock: true });
    assert.equal(turnedOn.status, 400);
    assert.equal(stored(untracked.id).manage_stock, false, 'the refused update changed nothing');
  });

  it('sells a tracked product on backorder with notify, says so, and e-mails the shop once it runs out', async () => {
    const made = await call('POST', '/wc/v3/products', {
      name: 'Linen apron',
      sku: 'APRON-1',
      regular_price: '80',
      manage_stock: true,
      stock_quantity: 2,
      backorders: 'notify',
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.backorders_allowed, true);
    assert.equal(made.body.stock_status, 'instock');
    const placed = await buyWithoutScripts(made.body.id, made.body.slug, 3, 'apron@example.com');
    assert.equal(placed.status, 303, placed.html.slice(0, 500));
    const read = await call('GET', `/wc/v3/products/${made.body.id}`);
    assert.equal(read.body.stock_quantity, -1, 'one unit is owed');
    assert.equal(read.body.stock_status, 'onbackorder');
    assert.equal(read.body.backordered, true);
    const page = await new Visitor(suite.server.url).get(`/product/${made.body.slug}`);
    assert.match(page.html, /Dostępny na zamówienie/);
    assert.match(page.html, /<dt>Kod produktu<\/dt><dd>APRON-1<\/dd>/);
    assert.match(page.html, /action="\/cart\/add"/, 'still for sale');
    const out = await shopMail('shop-stock-out');
    assert.equal(out.length, 1);
    assert.equal(
      out[0]!.to,
      suite.server.store.site.data.settings.general.notification_email ||
        suite.server.store.site.data.settings.general.company_email,
    );
    assert.match(out[0]!.text, /Linen apron/);
    assert.match(out[0]!.text, /1/);
    const again = await buyWithoutScripts(made.body.id, made.body.slug, 1, 'apron2@example.com');
    assert.equal(again.status, 303);
    assert.equal((await shopMail('shop-stock-out')).length, 1, 'told once, when it ran out');
  });

  it('stops a tracked product without backorders at its last unit, and tells the shop it runs low', async () => {
    const threshold = suite.server.store.site.data.settings.storefront.low_stock_threshold;
    assert.ok(threshold >= 1, 'the shop has a low-stock threshold');
    const made = await call('POST', '/wc/v3/products', {
      name: 'Oak board',
      regular_price: '120',
      stock_quantity: threshold + 1,
    });
    assert.equal(made.body.manage_stock, true, 'a quantity alone turns tracking on');
    assert.equal((await buyWithoutScripts(made.body.id, made.body.slug, 1, 'oak@example.com')).status, 303);
    const low = await shopMail('shop-stock-low');
    assert.equal(low.length, 1);
    assert.match(low[0]!.subject, /Oak board/);
    const visitor = new Visitor(suite.server.url);
    await visitor.get(`/product/${made.body.slug}`);
    const tooMany = await visitor.post('/cart/add', {
      product_id: String(made.body.id),
      quantity: String(threshold + 1),
    });
    assert.equal(tooMany.status, 409, 'more than is left is not sold');
    assert.match(tooMany.html, new RegExp(`zostało tylko ${threshold} sztuk`));
    assert.equal(stored(made.body.id).stock_quantity, threshold);
  });
});
