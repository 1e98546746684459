// An order of a 23% product and an 8% product with paid delivery, placed without JavaScript (plain form posts): the
// checkout shows its VAT per rate before the order button, the confirmation page and the confirmation e-mail (through
// a real SMTP server) show it, and wc/v3/orders (through WooCommerce's own client) answers tax lines and line taxes
// that add up to total_tax and the total. The expected VAT comes from an independent reference of the rounding rule.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../../server/auth/users.js';
import { useMailTestServer } from '../../support/mail-test-server.js';
import { fetchJson } from '../../support/test-server.js';
import { productsInStock, requiredBoxes, SHOPPER_ADDRESS } from '../../support/storefront-order.js';
import { Visitor } from '../../support/visitor.js';
import { translatorOfLocale, type Translate } from '../../../../server/i18n/translator.js';
import { vatInside } from '../../../support/vat-reference.js';
import { type WooCommerceClient, wooCommerceClient } from '../../support/woocommerce-client.js';

const DELIVERY = 1499;

describe('VAT of an order with two rates and paid delivery, placed without JavaScript', () => {
  const suite = useMailTestServer();
  let api: WooCommerceClient;
  let number: string;
  let confirmation: string;
  let checkoutHtml: string;
  /** Each rate's VAT by its percent, in grosz: goods and their share of the delivery. */
  const expected = new Map<number, number>();
  let format: (grosz: number) => string;
  /** The shop's language: the pages and the e-mail speak it. */
  let t: Translate;
  const included = (percent: number) => t('vat.included', { rate: `VAT ${percent}%` });

  before(async () => {
    await createUser(suite.server.store, { login: 'ledger', role: 'shop_manager', password: 'a-long-password' });
    api = await wooCommerceClient(suite.server, 'ledger', 'Accounting');
    await suite.server.store.site.update((site) => {
      site.settings.general.notification_email = 'orders@shop.example';
    });
    const zones = await fetchJson(suite.server.restUrl('/vitrine/v1/shipping/zones'), {
      method: 'PUT',
      headers: { authorization: suite.manager },
      json: {
        zones: [{ name: 'Polska', countries: ['PL'], methods: [{ type: 'flat_rate', title: 'Kurier', cost: 14.99 }] }],
      },
    });
    assert.equal(zones.status, 200, JSON.stringify(zones.body));
    const [standard, reduced] = productsInStock(suite.server, 2, 0, 2);
    assert.equal((await api.put(`products/${reduced!.id}`, { tax_class: 'reduced-rate' })).status, 200);
    const { currency, locale } = suite.server.store.site.data.settings.general;
    t = translatorOfLocale(locale).t;
    format = (grosz) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(grosz / 100);

    const visitor = new Visitor(suite.server.url);
    await visitor.get(`/product/${standard!.slug}`);
    for (const product of [standard!, reduced!])
      await visitor.post('/cart/add', { product_id: String(product.id), quantity: '1' });
    const checkout = await visitor.get('/checkout');
    checkoutHtml = checkout.html;
    // What the browser sends without a script: every field of the form, the total it showed among them.
    const shownTotal = /name="shown_total" value="([^"]+)"/.exec(checkoutHtml)![1]!;
    const method = /name="shipping_method" value="(\d+)"[^>]*checked/.exec(checkoutHtml)![1]!;
    const placed = await visitor.post('/checkout', {
      ...SHOPPER_ADDRESS,
      email: 'vat.buyer@example.com',
      payment_method: 'bank_transfer',
      shipping_method: method,
      shown_total: shownTotal,
      ...requiredBoxes(suite.server, 'checkout'),
    });
    assert.equal(placed.status, 303, placed.html.slice(0, 500));
    number = /VT-\d{6}/.exec(placed.location!)![0];
    confirmation = (await visitor.get(placed.location!)).html;

    const order = (await suite.server.store.orders.findByNumber(number))!;
    const [a, b] = order.lines.map((line) => Math.round(line.line_total * 100));
    // The delivery split between the rates in proportion to the goods, a left-over grosz to the larger remainder.
    const floorA = Math.floor((DELIVERY * a!) / (a! + b!));
    const floorB = Math.floor((DELIVERY * b!) / (a! + b!));
    const leftover = DELIVERY - floorA - floorB;
    const aFirst = (DELIVERY * a!) % (a! + b!) >= (DELIVERY * b!) % (a! + b!);
    const shareA = floorA + (leftover > 0 && aFirst ? 1 : 0);
    const shareB = DELIVERY - shareA;
    expected.set(23, vatInside(a! + shareA, 23));
    expected.set(8, vatInside(b! + shareB, 8));
  });

  it('shows the VAT of each rate before the order button', () => {
    const form = checkoutHtml.slice(0, checkoutHtml.indexOf('type="submit"', checkoutHtml.indexOf('shown_total')));
    for (const [percent, tax] of expected) assert.ok(form.includes(`${included(percent)}</dt><dd>${format(tax)}`));
    assert.ok(form.includes(`<dt>${t('vat.net')}</dt>`));
    assert.ok(form.includes(`<dt>${t('vat.gross')}</dt>`));
  });

  it('shows net, the VAT of each rate and gross on the confirmation page', async () => {
    const order = (await suite.server.store.orders.findByNumber(number))!;
    const total = Math.round(order.total * 100);
    const vat = [...expected.values()].reduce((sum, tax) => sum + tax, 0);
    for (const [percent, tax] of expected)
      assert.ok(confirmation.includes(`${included(percent)}</th><td>${format(tax)}`), `VAT ${percent}%`);
    assert.ok(confirmation.includes(`${t('vat.net')}</th><td>${format(total - vat)}`));
    assert.ok(confirmation.includes(`${t('vat.gross')}</th><td>${format(total)}`));
  });

  it('says the VAT of each rate in the confirmation e-mail', async () => {
    const [mail] = await suite.smtp.waitFor((candidate) => candidate.recipients.includes('vat.buyer@example.com'));
    const text = mail!.parsed.text!;
    for (const [percent, tax] of expected) {
      const label = included(percent);
      assert.ok(text.includes(label), `${label} in ${text}`);
      assert.ok(text.slice(text.indexOf(label)).split('\n')[0]!.includes(format(tax)), `${label}: ${format(tax)}`);
    }
  });

  it('answers tax lines and line taxes through wc/v3 that add up to total_tax and the total', async () => {
    const order = (await suite.server.store.orders.findByNumber(number))!;
    const { data } = await api.get(`orders/${order.id}`);
    const grosz = (amount: string) => Math.round(Number(amount) * 100);
    assert.equal(data.prices_include_tax, true);
    assert.deepEqual(
      data.tax_lines.map((line: any) => [line.rate_percent, grosz(line.tax_total) + grosz(line.shipping_tax_total)]),
      [...expected.entries()],
    );
    assert.deepEqual(
      data.tax_lines.map((line: any) => [line.label, line.rate_code]),
      [
        ['VAT 23%', 'PL-VAT 23%-1'],
        ['VAT 8%', 'PL-VAT 8%-1'],
      ],
    );
    const items = [...data.line_items, ...data.shipping_lines, ...data.fee_lines];
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    assert.equal(sum(items.map((item: any) => grosz(item.total_tax))), grosz(data.total_tax));
    assert.equal(sum(items.map((item: any) => grosz(item.total) + grosz(item.total_tax))), grosz(data.total));
    assert.equal(grosz(data.cart_tax) + grosz(data.shipping_tax), grosz(data.total_tax));
    assert.equal(grosz(data.total_tax), sum([...expected.values()]));
    for (const item of items)
      assert.equal(sum(item.taxes.map((tax: any) => grosz(tax.total))), grosz(item.total_tax), JSON.stringify(item));
    assert.deepEqual(
      data.line_items.map((line: any) => line.taxes.map((tax: any) => tax.id)),
      data.tax_lines.map((line: any) => [line.rate_id]),
    );
    assert.equal(data.line_items[1].tax_class, 'reduced-rate');
  });
});
