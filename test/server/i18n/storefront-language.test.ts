/**
 * A Polish shop speaks Polish: walking its pages as a shopper (without JavaScript) meets `<html lang="pl">` and no
 * text of the English catalogue; the widget's own texts come in Polish; and the same shop with a German or an English
 * locale speaks German or English.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { phrasesIn, phrasesOutside } from '../support/catalogue-phrases.js';
import { visibleText } from '../support/small-catalog.js';
import { checkOut, productsInStock, variationInStock } from '../support/storefront-order.js';
import { fetchJson, useTestServer } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';

const englishPhrases = phrasesOutside('pl');

describe('the storefront in the shop language', () => {
  // The demo in the shop's language, as a new Polish shop has it: its home and shop pages are seeded texts too.
  const suite = useTestServer({ env: { DEMO_LANGUAGE: '' } });

  const englishIn = (html: string, phrases = englishPhrases) => phrasesIn(html, phrases);

  const setGeneral = (json: Record<string, unknown>) =>
    fetchJson(suite.server.restUrl('/compliance/v1/settings/general'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json,
    });

  for (const { locale, language } of [
    { locale: 'pl-PL', language: 'pl' as const },
    { locale: 'de-DE', language: 'de' as const },
  ]) {
    it(`walks the account, withdrawal, notice and shipping pages of a ${locale} shop and meets no English catalogue text`, async () => {
      assert.equal((await setGeneral({ locale })).status, 200);
      await suite.server.store.site.update((site) => {
        site.settings.compliance.dsa_enabled = true;
      });
      try {
        const visitor = new Visitor(suite.server.url);
        const pages: Record<string, string> = {};
        for (const path of ['/login', '/forgot-password', '/withdraw', '/report-content', '/shipping-costs'])
          pages[path] = (await visitor.get(path)).html;
        pages['a failed login'] = (await visitor.post('/login', { login: 'nobody', password: 'wrong' })).html;
        pages['a reset link that is used'] = (await visitor.get('/reset-password?token=unknown')).html;
        pages['a password reset asked'] = (await visitor.post('/forgot-password', { email: 'ewa@example.com' })).html;
        pages['a withdrawal of no order'] = (
          await visitor.post('/withdraw', { step: 'items', order: 'VT-999999', email: 'ewa@example.com' })
        ).html;
        pages['a notice with every field missing'] = (await visitor.post('/report-content', {})).html;
        const phrases = phrasesOutside(language);
        for (const [page, html] of Object.entries(pages)) {
          assert.match(html, new RegExp(`<html lang="${language}">`), page);
          assert.deepEqual(englishIn(html, phrases), [], `${page} shows English`);
        }
      } finally {
        await suite.server.store.site.update((site) => {
          site.settings.compliance.dsa_enabled = false;
        });
        await setGeneral({ locale: 'pl-PL' });
      }
    });
  }

  it('walks a Polish shop, from the shop to the order confirmation, and meets no English catalogue text', async () => {
    const server = suite.server;
    const [product] = productsInStock(server, 1);
    const variable = variationInStock(server);
    const visitor = new Visitor(server.url);
    const pages: Record<string, string> = {};
    for (const path of ['/', '/shop', `/product/${product!.slug}`, `/product/${variable.product.slug}`, '/contact'])
      pages[path] = (await visitor.get(path)).html;
    pages['/register'] = (await visitor.get('/register')).html;
    pages['empty /cart'] = (await visitor.get('/cart')).html;
    pages['a refused add to cart'] = (
      await visitor.post('/cart/add', { product_id: String(product!.id), quantity: 'two' })
    ).html;
    await visitor.post('/cart/add', { product_id: String(product!.id), quantity: '1' });
    pages['/cart'] = (await visitor.get('/cart')).html;
    pages['/checkout'] = (await visitor.get('/checkout')).html;
    pages['a checkout with every field missing'] = (await visitor.post('/checkout', {})).html;
    pages['a contact form with every field missing'] = (await visitor.post('/contact', {})).html;
    const number = await checkOut(visitor, server, 'ewa@example.com', [product!], 'bank_transfer');
    const confirmation = await visitor.get(`/order-received/${number}`);
    pages['/order-received'] = confirmation.html;

    for (const [page, html] of Object.entries(pages)) {
      assert.match(html, /<html lang="pl">/, page);
      assert.deepEqual(englishIn(html), [], `${page} shows English`);
    }
    assert.match(visibleText(pages['/cart']!), /Przejdź do kasy/);
    assert.match(visibleText(pages[`/product/${product!.slug}`]!), /Dodaj do koszyka/);
    assert.match(visibleText(pages['a checkout with every field missing']!), /Popraw tych \d+ pól:/);
    assert.match(visibleText(pages['empty /cart']!), /Koszyk jest pusty\./);
  });

  it("renders the widget's own texts in Polish, one form per plural category", async () => {
    const html = (await new Visitor(suite.server.url).get('/shop')).html;
    const attribute = /<facet-filter [^>]*messages="([^"]+)"/.exec(html)?.[1];
    assert.ok(attribute, 'the widget carries its messages');
    const messages = JSON.parse(attribute!.replaceAll('&quot;', '"'));
    assert.equal(messages.filters, 'Filtry');
    assert.deepEqual(Object.keys(messages.showResults).sort(), ['few', 'many', 'one', 'other']);
    assert.equal(messages.showResults.many, 'Pokaż # wyników');
    assert.match(html, /part="show-results"[^>]*>(<!--[^>]*-->)*Pokaż \d+ wynik(i|ów|u)?(<!--[^>]*-->)*<\/button>/);
  });

  for (const { locale, lang, addToCart, cart } of [
    { locale: 'de-DE', lang: 'de', addToCart: 'In den Warenkorb', cart: 'Ihr Warenkorb ist leer.' },
    { locale: 'en-GB', lang: 'en', addToCart: 'Add to cart', cart: 'Your cart is empty.' },
  ]) {
    it(`speaks ${lang} when the shop's locale is ${locale}`, async () => {
      const setLocale = (value: string) =>
        fetchJson(suite.server.restUrl('/compliance/v1/settings/general'), {
          method: 'POST',
          headers: { authorization: suite.manager },
          json: { locale: value },
        });
      assert.equal((await setLocale(locale)).status, 200);
      try {
        const visitor = new Visitor(suite.server.url);
        const [product] = productsInStock(suite.server, 1);
        const page = await visitor.get(`/product/${product!.slug}`);
        assert.match(page.html, new RegExp(`<html lang="${lang}">`));
        assert.match(visibleText(page.html), new RegExp(addToCart));
        assert.match(visibleText((await visitor.get('/cart')).html), new RegExp(cart));
      } finally {
        await setLocale('pl-PL');
      }
    });
  }
});
