/**
 * A Polish shop that offers English and German too: each language at its own addresses (`/en/…`, `/de/…`, Polish at
 * the plain ones) with its `html lang`, hreflang links, no text of another language's catalogue and the same filter
 * state; the filter's kept answers never cross languages; the cart and checkout keep the language; and an order placed
 * in German gets German e-mails while the shop is told in Polish.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { translator } from '../../../server/i18n/translator.js';
import type { Language } from '../../../server/i18n/languages.js';
import { phrasesIn, phrasesOutside } from '../support/catalogue-phrases.js';
import { TestSmtpServer } from '../../support/test-smtp-server.js';
import { STORE_KINDS } from '../support/store-kinds.js';
import { visibleText } from '../support/small-catalog.js';
import { checkOut, productsInStock } from '../support/storefront-order.js';
import { fetchJson, startTestServer, useTestServer, type TestServer } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';

const NOTIFY = 'zamowienia@sklep.example';
const STATE = 'sf_color=navy';
const LANGUAGES: { language: Language; prefix: string; foreign: Language }[] = [
  { language: 'pl', prefix: '', foreign: 'en' },
  { language: 'en', prefix: '/en', foreign: 'pl' },
  { language: 'de', prefix: '/de', foreign: 'en' },
];

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replaceAll('&amp;', '&');
const productLinks = (html: string) => [...html.matchAll(/href="([^"]*\/product\/[^"]+)"/g)].map((match) => match[1]!);

describe('a Polish shop offering English and German', () => {
  const suite = useTestServer();

  before(async () => {
    const answer = await fetchJson(suite.server.restUrl('/compliance/v1/settings/general'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: { storefront_languages: 'en, de' },
    });
    assert.equal(answer.status, 200);
  });

  it('refuses a language list it cannot speak, and changes nothing', async () => {
    const answer = await fetchJson(suite.server.restUrl('/compliance/v1/settings/general'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: { storefront_languages: 'en, fr' },
    });
    assert.equal(answer.status, 400);
    assert.equal(suite.server.store.site.data.settings.general.storefront_languages, 'en, de');
  });

  it('serves each language at its address, with its html lang, hreflang links and the same filter state', async () => {
    const site = suite.server.url;
    const shown: Record<string, string[]> = {};
    for (const { language, prefix, foreign } of LANGUAGES) {
      const page = await new Visitor(site).get(`${prefix}/shop?${STATE}`);
      assert.equal(page.status, 200, language);
      assert.match(page.html, new RegExp(`<html lang="${language}">`));
      assert.deepEqual(phrasesIn(page.html, phrasesOutside(language, foreign)), [], `${language} shows ${foreign}`);
      const alternates = [...page.html.matchAll(/<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)"/g)].map(
        (match) => [match[1], match[2]!.replaceAll('&amp;', '&')],
      );
      assert.deepEqual(alternates, [
        ['pl', `${site}/shop?${STATE}`],
        ['en', `${site}/en/shop?${STATE}`],
        ['de', `${site}/de/shop?${STATE}`],
        ['x-default', `${site}/shop?${STATE}`],
      ]);
      assert.equal(attribute(page.html, /<link rel="canonical" href="([^"]+)"/), `${site}${prefix}/shop?${STATE}`);
      // The switch: a plain link per language, the current one marked.
      const switchLinks = [
        ...page.html.matchAll(/<a href="([^"]+)" hreflang="(\w+)" lang="\w+"\s*(aria-current="true")?/g),
      ];
      assert.deepEqual(
        switchLinks.map((match) => [match[2], match[1]!.replaceAll('&amp;', '&'), Boolean(match[3])]),
        alternates.slice(0, 3).map(([code, url]) => [code, url, code === language]),
      );
      // The widget's links, forms and requests stay in the language.
      assert.equal(
        attribute(page.html, /<facet-filter\s[^>]*?endpoint="([^"?]+)/),
        `${prefix}/wp-json/facet/v1/filter`,
      );
      assert.match(page.html, new RegExp(`href="${prefix}/shop\\?${STATE}&amp;sf_paged=2"`));
      assert.ok(
        productLinks(page.html).every((link) => link.startsWith(`${prefix}/product/`)),
        language,
      );
      assert.ok(page.html.includes(`action="${prefix}/cart/add"`), `${language}: add to cart`);
      shown[language] = productLinks(page.html).map((link) => link.slice(prefix.length));
    }
    assert.ok(shown.pl!.length > 0);
    assert.deepEqual(shown.en, shown.pl, 'the same products in English');
    assert.deepEqual(shown.de, shown.pl, 'the same products in German');
  });

  it("never answers one language's kept filter answer in another", async () => {
    const page = await new Visitor(suite.server.url).get(`/shop?${STATE}`);
    const endpoint = attribute(page.html, /<facet-filter\s[^>]*?endpoint="([^"]+)"/)!;
    const address = (prefix: string) =>
      `${suite.server.url}${prefix}${endpoint}${endpoint.includes('?') ? '&' : '?'}${STATE}`;
    const polish = await fetch(address(''));
    const polishAnswer = (await polish.json()) as { results_html: string };
    const english = await fetch(address('/en'), { headers: { 'if-none-match': polish.headers.get('etag')! } });
    assert.equal(english.status, 200, "the Polish answer's tag is not the English one's");
    const englishAnswer = (await english.json()) as { results_html: string };
    const addToCart = (language: Language) => translator(language).t('product.addToCart');
    assert.ok(visibleText(polishAnswer.results_html).includes(addToCart('pl')));
    assert.ok(visibleText(englishAnswer.results_html).includes(addToCart('en')));
    assert.ok(!visibleText(englishAnswer.results_html).includes(addToCart('pl')));
    assert.match(englishAnswer.results_html, /href="\/en\/product\//);
    // The pages that embed the same widget state, asked again (kept now), each in its own language.
    for (const { language, prefix } of LANGUAGES) {
      const again = await new Visitor(suite.server.url).get(`${prefix}/shop?${STATE}`);
      assert.ok(visibleText(again.html).includes(addToCart(language)), language);
    }
  });

  it("sends the shop's own language under its code to the plain address, and knows no language it does not offer", async () => {
    const visitor = new Visitor(suite.server.url);
    assert.deepEqual(await visitor.get(`/pl/shop?${STATE}`).then((page) => [page.status, page.location]), [
      301,
      `/shop?${STATE}`,
    ]);
    assert.equal((await visitor.get('/fr/shop')).status, 404);
    const robots = (await visitor.get('/robots.txt')).html.split('\n');
    for (const path of ['/cart', '/en/cart', '/de/checkout', '/de/wp-json/'])
      assert.ok(robots.includes(`Disallow: ${path}`), path);
    await suite.server.store.site.update((site) => {
      site.settings.general.storefront_languages = 'de';
    });
    try {
      assert.equal((await visitor.get('/en/shop')).status, 404);
      assert.equal((await visitor.get('/de/shop')).status, 200);
    } finally {
      await suite.server.store.site.update((site) => {
        site.settings.general.storefront_languages = 'en, de';
      });
    }
  });

  it('keeps German through the cart, the checkout and their redirects and errors', async () => {
    const [product] = productsInStock(suite.server, 1, 3);
    const visitor = new Visitor(`${suite.server.url}/de`);
    await visitor.get(`/product/${product!.slug}`);
    const added = await visitor.post('/cart/add', { product_id: String(product!.id), quantity: '1' });
    assert.match(added.location ?? '', /^\/de\//);
    const cart = await visitor.get('/cart');
    assert.match(cart.html, /<html lang="de">/);
    assert.match(cart.html, /action="\/de\/checkout"|href="\/de\/checkout"/);
    await visitor.get('/checkout');
    const refused = await visitor.post('/checkout', {});
    assert.match(refused.html, /<html lang="de">/);
    assert.ok(visibleText(refused.html).includes(translator('de').t('checkout.enterEmail')));
  });
});

for (const kind of STORE_KINDS) {
  describe(`the e-mails of an order placed in German in a Polish shop (${kind.name})`, () => {
    const smtp = new TestSmtpServer();
    let server: TestServer;
    let manager: string;

    before(async () => {
      await smtp.start();
      server = await startTestServer({
        env: { ...(await kind.freshShop()), SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '0.2' },
      });
      manager = await server.basicAuthFor('shop_manager');
      await server.store.site.update((site) => {
        site.settings.general.storefront_languages = 'de';
        site.settings.general.notification_email = NOTIFY;
      });
    });
    after(async () => {
      await server?.stop();
      await smtp.stop();
    });

    it('e-mails an order placed in German in German, and tells the shop in Polish', async () => {
      const email = 'jonas@example.com';
      const visitor = new Visitor(`${server.url}/de`);
      const number = await checkOut(visitor, server, email, productsInStock(server, 1, 5), 'bank_transfer');
      const order = await server.store.orders.findByNumber(number);
      assert.equal(order!.language, 'de');
      const [confirmation] = await smtp.waitFor((mail) => mail.recipients.includes(email));
      assert.equal(confirmation!.parsed.subject, translator('de').t('mailOrder.subject', { number }));
      assert.match(String(confirmation!.parsed.html), /<html lang="de">/);
      const [notification] = await smtp.waitFor((mail) => mail.recipients.includes(NOTIFY));
      assert.ok(notification!.parsed.subject!.startsWith(`Nowe zamówienie ${number}`), notification!.parsed.subject);
      assert.match(String(notification!.parsed.html), /<html lang="pl">/);
      // A status the manager sets later (the payment arrived) is told in the order's language, and the API names it.
      const paid = await fetchJson(server.restUrl(`/wc/v3/orders/${order!.id}`), {
        method: 'PUT',
        headers: { authorization: manager },
        json: { status: 'processing' },
      });
      assert.equal(paid.status, 200);
      assert.deepEqual(
        (paid.body as { meta_data: { key: string; value: string }[] }).meta_data.find(
          (meta) => meta.key === 'wpml_language',
        )?.value,
        'de',
      );
      const told = await smtp.waitFor((mail) => mail.recipients.includes(email), 2);
      const statusMail = told.find((mail) => mail !== confirmation)!;
      assert.match(String(statusMail.parsed.html), /<html lang="de">/);
    });
  });
}
