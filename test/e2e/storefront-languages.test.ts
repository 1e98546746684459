// End to end in Chromium, in a Polish shop that offers German too: a shopper filters, adds to the cart and checks out
// in Polish and in German (axe finds no serious or critical violation on any page), and the language switch, with
// JavaScript on and off, opens the same filter state in the other language.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Language } from '../../server/i18n/languages.js';
import { translator } from '../../server/i18n/translator.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the storefront in Polish and German', () => {
  const shop = useShopInBrowser({ ownServer: true });
  beforeEach(() =>
    shop.server.store.site.update((site) => {
      site.settings.general.storefront_languages = 'de';
    }),
  );

  const accessible = async (page: Page) =>
    assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${page.url()}`);
  const settled = (page: Page) =>
    page.waitForFunction(() => !document.querySelector('facet-filter')?.hasAttribute('loading'));

  for (const { language, prefix } of [
    { language: 'pl' as Language, prefix: '' },
    { language: 'de' as Language, prefix: '/de' },
  ]) {
    it(`filters, adds to the cart and checks out in ${language}`, { timeout: 120_000 }, async () => {
      const { t } = translator(language);
      const page = await shop.browser.newPage();
      await page.goto(`${shop.server.url}${prefix}/shop`);
      assert.equal(await page.getAttribute('html', 'lang'), language);
      await accessible(page);
      await page.locator('[data-facet="color"] input[value="navy"]').check();
      await page.waitForURL(new RegExp(`${prefix}/shop\\?sf_color=navy$`));
      await settled(page);
      // A card swapped in by the filter: its form posts in the page's language.
      await page
        .getByRole('button', { name: t('product.addToCart') })
        .first()
        .click();
      await page.locator('#cart-status').filter({ hasText: /\S/ }).waitFor();
      await accessible(page);
      await page.getByRole('link', { name: new RegExp(`^${escaped(t('layout.cart'))}`) }).click();
      await page.waitForURL(`${shop.server.url}${prefix}/cart`);
      assert.equal(await page.getAttribute('html', 'lang'), language);
      await accessible(page);
      await page.getByRole('link', { name: t('cart.proceed') }).click();
      await page.waitForURL(`${shop.server.url}${prefix}/checkout`);
      await accessible(page);
      const fields: [string, string][] = [
        ['checkout.email', 'ewa@example.com'],
        ['checkout.firstName', 'Ewa'],
        ['checkout.lastName', 'Wiśniewska'],
        ['checkout.street', 'Polna 3'],
        ['checkout.postcode', '30-001'],
        ['checkout.city', 'Kraków'],
      ];
      for (const [label, value] of fields)
        await page.getByRole('textbox', { name: new RegExp(`^${escaped(t(label))}`) }).fill(value);
      await page.getByRole('radio', { name: new RegExp(`^${escaped(t('checkout.bankTransferName'))}`) }).check();
      await page.getByRole('button', { name: t('checkout.orderButton') }).click();
      await page.waitForURL(new RegExp(`${prefix}/order-received/VT-\\d{6}`));
      const number = /VT-\d{6}/.exec(page.url())![0];
      assert.match(await page.locator('main').innerText(), new RegExp(escaped(t('order.received', { number }))));
      await accessible(page);
      assert.equal((await shop.server.store.orders.findByNumber(number))!.language, language);
    });
  }

  for (const javaScriptEnabled of [true, false]) {
    it(`switches to German keeping the filter state, with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, {
      timeout: 60_000,
    }, async () => {
      const context = await shop.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${shop.server.url}/shop`);
      await page.locator('[data-facet="color"] input[value="navy"]').check();
      // Without JavaScript the widget is a plain GET form.
      if (!javaScriptEnabled) await page.getByRole('button', { name: translator('pl').t('facets.apply') }).click();
      await page.waitForURL(/\/shop\?sf_color=navy$/);
      if (javaScriptEnabled) await settled(page);
      await page.getByRole('navigation', { name: 'Język' }).getByRole('link', { name: 'Deutsch' }).click();
      await page.waitForURL(`${shop.server.url}/de/shop?sf_color=navy`);
      assert.equal(await page.getAttribute('html', 'lang'), 'de');
      assert.equal(await page.locator('[data-facet="color"] input[value="navy"]').isChecked(), true);
      await context.close();
    });
  }
});
