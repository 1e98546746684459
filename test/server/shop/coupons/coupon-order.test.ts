// A coupon applied without JavaScript (plain form posts with the CSRF token) to a cart of a 23% and an 8% product:
// codes that do not apply are refused in the shopper's language, 10% comes off both lines, the checkout shows it and
// orders it, and the order keeps its coupon line and each line's discount with the VAT of each rate recomputed on the
// discounted sums; wc/v3/orders (through WooCommerce's own client) answers coupon_lines, discount_total, discount_tax
// and line subtotals before and totals after the discount. Expected amounts come from an independent brute force.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../../server/auth/users.js';
import { translatorOfLocale } from '../../../../server/i18n/translator.js';
import type { NewCoupon } from '../../../../server/store/coupons-store.js';
import type { Order } from '../../../../server/store/schema.js';
import { blankCoupon } from '../../../../server/wc/wc-coupon-input.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { productsInStock, requiredBoxes, SHOPPER_ADDRESS } from '../../support/storefront-order.js';
import { Visitor } from '../../support/visitor.js';
import { vatInside } from '../../../support/vat-reference.js';
import { type WooCommerceClient, wooCommerceClient } from '../../support/woocommerce-client.js';

/** Escapes text as the page writes it between tags. */
const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** How many times `text` occurs in `html`. */
const occurrences = (html: string, text: string) => html.split(text).length - 1;

const coupon = (code: string, changes: Partial<NewCoupon> = {}): NewCoupon => ({
  ...blankCoupon(new Date().toISOString()),
  code,
  discount_type: 'percent',
  amount: 1000,
  ...changes,
});

describe('a 10% coupon on a cart of a 23% and an 8% product, without JavaScript', () => {
  const suite = useTestServer();
  let api: WooCommerceClient;
  let visitor: Visitor;
  let say: (key: string, values?: Record<string, string | number>) => string;
  let order: Order;
  /** The two lines' amounts before the discount, in grosz. */
  let amounts: number[];

  before(async () => {
    const { store } = suite.server;
    await createUser(store, { login: 'ledger', role: 'shop_manager', password: 'a-long-password' });
    api = await wooCommerceClient(suite.server, 'ledger', 'Accounting');
    // No delivery charged: each rate's VAT is then its goods' alone.
    const zones = await fetchJson(suite.server.restUrl('/vitrine/v1/shipping/zones'), {
      method: 'PUT',
      headers: { authorization: suite.manager },
      json: { zones: [] },
    });
    assert.equal(zones.status, 200, JSON.stringify(zones.body));
    const [standard, reduced] = productsInStock(suite.server, 2, 0, 2);
    assert.equal((await api.put(`products/${reduced!.id}`, { tax_class: 'reduced-rate' })).status, 200);
    await store.coupons.create(coupon('minus10'));
    await store.coupons.create(coupon('gone', { date_expires: '2020-01-01T00:00:00.000Z' }));
    await store.coupons.create(coupon('big-spender', { minimum_amount: 100_000_000 }));
    await store.coupons.create(coupon('other-things', { product_ids: [987_654] }));
    const { t } = translatorOfLocale(store.site.data.settings.general.locale);
    say = (key, values) => t(key, values);

    visitor = new Visitor(suite.server.url);
    await visitor.get(`/product/${standard!.slug}`);
    for (const product of [standard!, reduced!])
      await visitor.post('/cart/add', { product_id: String(product.id), quantity: '1' });
    await visitor.get('/cart');
  });

  it('refuses codes that do not apply, saying why in the shop language, and keeps none of them', async () => {
    const money = (grosz: number) => {
      const { currency, locale } = suite.server.store.site.data.settings.general;
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(grosz / 100);
    };
    const cases = [
      ['nothing-like-this', say('coupon.notFound', { code: 'nothing-like-this' })],
      ['GONE', say('coupon.expired', { code: 'gone' })],
      ['big-spender', say('coupon.minimumSpend', { code: 'big-spender', amount: money(100_000_000) })],
      ['other-things', say('coupon.notForTheseProducts', { code: 'other-things' })],
    ] as const;
    for (const [code, reason] of cases) {
      const refused = await visitor.post('/cart/coupon', { coupon_code: code, back: '/cart' });
      assert.equal(refused.status, 409, code);
      assert.ok(refused.html.includes(escaped(reason)), `${code}: ${reason}`);
    }
    const empty = await visitor.post('/cart/coupon', { coupon_code: '  ', back: '/cart' });
    assert.equal(empty.status, 400);
    assert.equal(visitor.cookie('vitrine_coupons'), undefined);
    const forged = await visitor.post('/cart/coupon', { coupon_code: 'minus10' }, { withToken: false });
    assert.equal(forged.status, 403);
    assert.equal(visitor.cookie('vitrine_coupons'), undefined, 'no token, no coupon');
  });

  it('applies the coupon and shows the discount per line and in the totals', async () => {
    const applied = await visitor.post('/cart/coupon', { coupon_code: 'Minus10', back: '/cart' });
    assert.equal(applied.status, 303);
    const cart = await visitor.open(applied.location!);
    assert.ok(cart.html.includes(escaped(say('coupon.applied', { code: 'minus10' }))));
    assert.ok(cart.html.includes(escaped(say('coupon.discountLine', { code: 'minus10' }))));
    assert.equal((cart.html.match(/class="line-discount"/g) ?? []).length, 2);
  });

  it('orders the discounted total, and keeps the coupon line and VAT per rate on the discounted sums', async () => {
    const checkout = await visitor.get('/checkout');
    assert.equal(checkout.status, 200);
    assert.ok(checkout.html.includes(escaped(say('coupon.discountLine', { code: 'minus10' }))));
    const shownTotal = /name="shown_total" value="([^"]+)"/.exec(checkout.html)![1]!;
    const placed = await visitor.post('/checkout', {
      ...SHOPPER_ADDRESS,
      email: 'coupon.buyer@example.com',
      payment_method: 'bank_transfer',
      shown_total: shownTotal,
      ...requiredBoxes(suite.server, 'checkout'),
    });
    assert.equal(placed.status, 303, placed.html.slice(0, 2000));
    assert.equal(visitor.cookie('vitrine_coupons'), undefined, 'the coupon is used up with the order');
    const confirmation = await visitor.get(placed.location!);
    assert.ok(confirmation.html.includes(escaped(say('coupon.discountLine', { code: 'minus10' }))));
    const number = /VT-\d{6}/.exec(placed.location!)![0];
    order = (await suite.server.store.orders.findByNumber(number))!;
    amounts = order.lines.map((line) => Math.round(line.line_total * 100));
    const discounts = amounts.map((amount) => Math.round(amount / 10));
    const wanted = Math.round((amounts[0]! + amounts[1]!) / 10);
    assert.equal(discounts[0]! + discounts[1]!, wanted, 'the test picks amounts whose tenths round alike');
    assert.deepEqual(
      order.lines.map((line) => line.discount),
      discounts,
    );
    assert.equal(order.coupon_lines.length, 1);
    assert.equal(order.coupon_lines[0]!.code, 'minus10');
    assert.equal(order.coupon_lines[0]!.discount, wanted);
    assert.equal(Math.round(order.total * 100), amounts[0]! + amounts[1]! - wanted);
    assert.equal(Number(shownTotal), order.total);
    const byRate = new Map(order.taxes.tax_lines.map((line) => [line.rate_percent, line.tax_total]));
    const after = [vatInside(amounts[0]! - discounts[0]!, 23), vatInside(amounts[1]! - discounts[1]!, 8)];
    assert.equal(byRate.get(23), after[0]);
    assert.equal(byRate.get(8), after[1]);
    const discountTax = vatInside(amounts[0]!, 23) + vatInside(amounts[1]!, 8) - after[0]! - after[1]!;
    assert.equal(order.coupon_lines[0]!.discount_tax, discountTax);
    const used = (await suite.server.store.coupons.findByCode('minus10'))!;
    assert.equal(used.usage_count, 1);
    assert.deepEqual(used.used_by, ['coupon.buyer@example.com']);
  });

  it('answers coupon_lines, discount_total, discount_tax and line subtotals and totals in wc/v3/orders', async () => {
    const { data } = await api.get(`orders/${order.id}`);
    const cents = (grosz: number) => (grosz / 100).toFixed(2);
    const gross = order.coupon_lines[0]!.discount;
    const tax = order.coupon_lines[0]!.discount_tax;
    assert.deepEqual(
      data.coupon_lines.map(({ code, discount, discount_tax }: Record<string, string>) => ({
        code,
        discount,
        discount_tax,
      })),
      [{ code: 'minus10', discount: cents(gross - tax), discount_tax: cents(tax) }],
    );
    assert.equal(data.discount_total, cents(gross - tax));
    assert.equal(data.discount_tax, cents(tax));
    data.line_items.forEach((item: Record<string, string>, index: number) => {
      const percent = index === 0 ? 23 : 8;
      const before = amounts[index]!;
      const after = before - Math.round(before / 10);
      assert.equal(item.subtotal_tax, cents(vatInside(before, percent)));
      assert.equal(item.subtotal, cents(before - vatInside(before, percent)));
      assert.equal(item.total_tax, cents(vatInside(after, percent)));
      assert.equal(item.total, cents(after - vatInside(after, percent)));
    });
    const sum = (values: string[]) => values.reduce((total, value) => total + Math.round(Number(value) * 100), 0);
    assert.equal(
      sum(data.line_items.map((item: { total: string }) => item.total)) + sum([data.total_tax]),
      Math.round(Number(data.total) * 100),
    );
  });

  it('refuses a guest a second use of a once-per-customer coupon at checkout, by their e-mail, ordering nothing', async () => {
    const { store } = suite.server;
    await store.coupons.create(coupon('raz', { usage_limit_per_user: 1 }));
    const [product] = productsInStock(suite.server, 1, 0, 3);
    const orderOnce = async (email: string) => {
      const shopper = new Visitor(suite.server.url);
      await shopper.get(`/product/${product!.slug}`);
      await shopper.post('/cart/add', { product_id: String(product!.id), quantity: '1' });
      await shopper.get('/cart');
      assert.equal((await shopper.post('/cart/coupon', { coupon_code: 'raz', back: '/cart' })).status, 303);
      const form = await shopper.get('/checkout');
      return shopper.post('/checkout', {
        ...SHOPPER_ADDRESS,
        email,
        payment_method: 'bank_transfer',
        shown_total: /name="shown_total" value="([^"]+)"/.exec(form.html)![1]!,
        ...requiredBoxes(suite.server, 'checkout'),
      });
    };
    assert.equal((await orderOnce('once@example.com')).status, 303);
    const before = (await store.orders.list()).length;
    const again = await orderOnce('ONCE@example.com');
    assert.equal(again.status, 409);
    assert.equal(occurrences(again.html, escaped(say('coupon.usageLimitReached', { code: 'raz' }))), 1, 'said once');
    assert.equal((await store.orders.list()).length, before, 'nothing was ordered');
    assert.equal((await store.coupons.findByCode('raz'))!.usage_count, 1);
  });

  it("tells a shopper whose coupon's last use another order took meanwhile why, once, ordering nothing", async () => {
    const { store } = suite.server;
    await store.coupons.create(coupon('ostatni', { usage_limit: 1 }));
    const [product] = productsInStock(suite.server, 1, 0, 3);
    const shopperWithCoupon = async () => {
      const shopper = new Visitor(suite.server.url);
      await shopper.get(`/product/${product!.slug}`);
      await shopper.post('/cart/add', { product_id: String(product!.id), quantity: '1' });
      await shopper.get('/cart');
      assert.equal((await shopper.post('/cart/coupon', { coupon_code: 'ostatni', back: '/cart' })).status, 303);
      const form = await shopper.get('/checkout');
      return { shopper, shownTotal: /name="shown_total" value="([^"]+)"/.exec(form.html)![1]! };
    };
    const order = ({ shopper, shownTotal }: Awaited<ReturnType<typeof shopperWithCoupon>>, email: string) =>
      shopper.post('/checkout', {
        ...SHOPPER_ADDRESS,
        email,
        payment_method: 'bank_transfer',
        shown_total: shownTotal,
        ...requiredBoxes(suite.server, 'checkout'),
      });
    const first = await shopperWithCoupon();
    const second = await shopperWithCoupon();
    assert.equal((await order(first, 'first@example.com')).status, 303);
    const before = (await store.orders.list()).length;
    const late = await order(second, 'second@example.com');
    assert.equal(late.status, 409);
    const usedUp = escaped(say('coupon.usageLimitReached', { code: 'ostatni' }));
    assert.equal(occurrences(late.html, usedUp), 1, `said once: ${late.html.split(usedUp).length - 1}`);
    assert.ok(late.html.includes(escaped(say('checkout.nothingOrderedYet'))), 'and that nothing was ordered');
    assert.equal((await store.orders.list()).length, before, 'nothing was ordered');
  });
});
