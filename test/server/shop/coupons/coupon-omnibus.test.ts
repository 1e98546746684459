// The Omnibus promise on product pages: a coupon the shop advertises to everyone shows the price with it and the
// lowest price of the 30 days before it started; a coupon not advertised shows nothing; a product created already on
// sale shows its sale price alone until its regular price has been charged. Products are written through WooCommerce's
// own client, so their price history is the one the shop records.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../../server/auth/users.js';
import { translatorOfLocale } from '../../../../server/i18n/translator.js';
import { useTestServer } from '../../support/test-server.js';
import { type WooCommerceClient, wooCommerceClient } from '../../support/woocommerce-client.js';

describe('coupons, sale prices and the Omnibus line on product pages', () => {
  const suite = useTestServer();
  let api: WooCommerceClient;
  let money: (amount: number) => string;
  let t: ReturnType<typeof translatorOfLocale>['t'];
  const page = async (slug: string) => (await fetch(`${suite.server.url}/product/${slug}`)).text();
  /** Text as the page writes it: the no-break spaces of money amounts kept. */
  const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

  before(async () => {
    await createUser(suite.server.store, { login: 'promo', role: 'shop_manager', password: 'a-long-password' });
    api = await wooCommerceClient(suite.server, 'promo', 'Marketing');
    await suite.server.store.site.update((site) => {
      site.settings.compliance.omnibus_enabled = true;
      site.settings.storefront.show_lowest_price = true;
    });
    const { currency, locale } = suite.server.store.site.data.settings.general;
    money = (amount) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
    t = translatorOfLocale(locale).t;
  });

  it('shows an advertised coupon price with the lowest price before it started, and nothing for a coupon not advertised', async () => {
    const created = await api.post('products', {
      name: 'Kubek ceramiczny',
      regular_price: '100.00',
      manage_stock: true,
      stock_quantity: 10,
    });
    const { id, slug } = created.data;
    await api.put(`products/${id}`, { regular_price: '120.00' });
    const quiet = await api.post('coupons', { code: 'tylko-dla-vip', discount_type: 'percent', amount: '50' });
    assert.equal(quiet.status, 201);
    assert.doesNotMatch(await page(slug), /product__coupon-price/, 'a coupon not advertised is no price shown');
    await api.post('coupons', {
      code: 'kubki10',
      discount_type: 'percent',
      amount: '10',
      product_ids: [id],
      meta_data: [{ key: '_vitrine_advertised', value: 'yes' }],
    });
    const html = await page(slug);
    const line = /<p class="product__coupon-price">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
    assert.ok(line.includes(escaped(t('coupon.priceWithCode', { code: 'kubki10', price: money(108) }))), line);
    const days = suite.server.store.site.data.settings.compliance.omnibus_days;
    assert.ok(line.includes(`${escaped(t('price.lowestBefore', { count: days }))} ${money(100)}`), line);
  });

  it('shows a product created on sale without a crossed-out price until its regular price has been charged', async () => {
    const created = await api.post('products', {
      name: 'Dzbanek',
      regular_price: '200.00',
      sale_price: '150.00',
      manage_stock: true,
      stock_quantity: 10,
    });
    const { id, slug } = created.data;
    const launched = await page(slug);
    const price = /<div class="product__price">([\s\S]*?)<\/div>/.exec(launched)![1]!;
    assert.doesNotMatch(price, /<del/);
    assert.ok(price.includes(money(150)));
    assert.ok(!price.includes(money(200)), 'the regular price nobody paid is not shown');
    // The sale ends (the regular price is charged), then starts again: now it is a reduction from a price charged.
    await api.put(`products/${id}`, { sale_price: '' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await api.put(`products/${id}`, { sale_price: '150.00' });
    const again = /<div class="product__price">([\s\S]*?)<\/div>/.exec(await page(slug))![1]!;
    assert.match(again, /<del aria-hidden="true">/);
    assert.ok(again.includes(money(200)));
  });
});
