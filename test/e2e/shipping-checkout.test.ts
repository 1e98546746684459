// End to end in Chromium: with JavaScript off, a shopper sees the unit price, the delivery time and the
// "plus shipping" link on a product page, the shipping estimate in the cart, chooses a country from the list and a
// delivery method at checkout ("Update delivery options"), pays the shipping in the total and reads the IBAN and the
// transfer title on the confirmation. With JavaScript on, the same pages at a phone's width: axe-clean, no sideways
// scrolling. The total before the order button is the total ordered, whatever delivery and payment are picked.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { publishLegalPages } from '../server/support/legal-pages.js';
import { seriousAxeViolations } from './support/axe.js';
import { fillCheckoutAddress } from './support/checkout-address.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const amount = (text: string) => text.replace(/\s/g, ' ');

describe('shipping and payment details in a browser', () => {
  const shop = useShopInBrowser({ ownServer: true });
  // The checkout asks for the boxes that refer to a legal page once it is published (the seeded shop has none yet).
  beforeEach(() => publishLegalPages(shop.server));
  const requiredBoxes = () =>
    shop.server.store.site.data.checkboxes.filter((box) => box.location === 'checkout' && box.enabled && box.required);

  async function check(page: Page, javaScriptEnabled: boolean) {
    if (!javaScriptEnabled) return;
    assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${page.url()}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at 390 px on ${page.url()} (${overflow} px too wide)`);
  }

  /** The totals the checkout shows (those of the other delivery and payment choices are hidden). */
  const shownTotals = (page: Page) => page.locator('.order-totals-choice:not([hidden]) .order-totals');

  for (const javaScriptEnabled of [false, true]) {
    it(`orders the total shown before the button after picking pickup and cash on delivery, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, {
      timeout: 180_000,
    }, async () => {
      const context = await shop.browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${shop.server.url}/product/single-origin-coffee-beans`);
      await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
      if (javaScriptEnabled) await page.getByRole('status').filter({ hasText: 'Dodano do koszyka' }).waitFor();
      await page.goto(`${shop.server.url}/checkout`);
      const total = async () => /Do zapłaty\s*(\S+ zł)/.exec(amount(await shownTotals(page).innerText()))?.[1];
      assert.equal(await total(), '54,98 zł', 'the pre-selected courier: 39,99 + 14,99');
      await fillCheckoutAddress(page, {
        email: 'ola@example.com',
        firstName: 'Ola',
        lastName: 'Kot',
        street: 'Wąska 4',
        postcode: '00-950',
        city: 'Warszawa',
      });
      await page.getByRole('radio', { name: /^Odbiór osobisty w naszym sklepie w Warszawie/ }).check();
      await page.getByRole('radio', { name: /^Płatność przy odbiorze/ }).check();
      for (const box of requiredBoxes()) await page.locator(`#legal_${box.id}`).check();
      if (javaScriptEnabled) {
        // The total follows the choice at once: free pickup, and the 5,00 zł fee.
        assert.equal(await total(), '44,99 zł');
        assert.match(
          amount(await shownTotals(page).innerText()),
          /Dostawa \(Odbiór osobisty w naszym sklepie w Warszawie\)\s*Bezpłatnie\s*Opłata za płatność przy odbiorze\s*5,00 zł/,
        );
        await check(page, javaScriptEnabled);
      } else {
        // The page still shows the courier's total: pressing the button orders nothing, and shows the choice's total.
        assert.equal(await total(), '54,98 zł');
        await page.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();
        await page
          .getByRole('alert')
          .filter({ hasText: 'Wartość zamówienia z wybraną dostawą i płatnością wynosi teraz 44,99 zł.' })
          .waitFor();
        assert.equal(await shop.server.store.orders.findByNumber('VT-000001'), null, 'nothing ordered');
        assert.equal(await total(), '44,99 zł');
        assert.equal(
          await page.getByRole('radio', { name: /^Odbiór osobisty w naszym sklepie w Warszawie/ }).isChecked(),
          true,
          'the choice is kept',
        );
        assert.equal(await page.getByRole('textbox', { name: /^Ulica i numer/ }).inputValue(), 'Wąska 4');
      }
      await page.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();
      await page.waitForURL(/\/order-received\/VT-\d{6}/);
      assert.match(amount(await page.locator('main').innerText()), /Razem\s*44,99 zł/);
      const stored = await shop.server.store.orders.findByNumber(/VT-\d{6}/.exec(page.url())![0]);
      assert.deepEqual(
        [stored?.shipping_lines[0]?.method_title, stored?.total],
        ['Odbiór osobisty w naszym sklepie w Warszawie', 44.99],
      );
      await context.close();
    });

    it(`orders coffee to Germany with its courier and reads the bank details, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, {
      timeout: 180_000,
    }, async () => {
      const context = await shop.browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${shop.server.url}/product/single-origin-coffee-beans`);
      const price = amount(await page.locator('.product__price').innerText());
      assert.match(price, /39,99 zł/);
      assert.match(price, /\(159,96 zł \/ 1 kg\)/, 'the unit price next to the price');
      assert.equal(
        await page.getByRole('link', { name: 'plus koszty dostawy' }).getAttribute('href'),
        '/shipping-costs',
      );
      assert.match(await page.locator('.product__delivery-time').innerText(), /Czas dostawy: 1–2 business days/);
      await check(page, javaScriptEnabled);

      await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
      if (javaScriptEnabled) {
        await page.getByRole('status').filter({ hasText: 'Dodano do koszyka' }).waitFor();
        await page.goto(`${shop.server.url}/cart`);
      } else {
        await page.waitForURL(/\/cart\?added=/);
      }
      const cart = amount(await page.locator('main').innerText());
      assert.match(cart, /Dostawa do kraju: Polska/);
      assert.match(cart, /Szacowana suma z dostawą Kurier: 54,98 zł/);
      assert.match(cart, /\(159,96 zł \/ 1 kg\)/);
      await check(page, javaScriptEnabled);

      await page.getByRole('link', { name: 'Przejdź do kasy' }).click();
      await page.waitForURL(/\/checkout$/);
      await fillCheckoutAddress(page, {
        email: 'jonas@example.com',
        firstName: 'Jonas',
        lastName: 'Weber',
        street: 'Lindenstraße 5',
        postcode: '10115',
        city: 'Berlin',
      });
      await page.getByRole('combobox', { name: /^Kraj/ }).selectOption({ label: 'Niemcy' });
      await page.getByRole('button', { name: 'Pokaż metody dostawy' }).click();
      await page.getByRole('group', { name: 'Dostawa do kraju: Niemcy' }).waitFor();
      assert.equal(
        await page.getByRole('textbox', { name: /^Miejscowość/ }).inputValue(),
        'Berlin',
        'typed fields are kept',
      );
      const courier = page.getByRole('radio', { name: /^Kurier zagraniczny: 39,99/ });
      assert.equal(await courier.isChecked(), true, "the zone's only method is chosen");
      assert.equal(await page.getByRole('radio', { name: /^Kurier:/ }).count(), 0, 'the Polish methods are gone');
      assert.match(
        amount(await shownTotals(page).innerText()),
        /Dostawa \(Kurier zagraniczny\)\s*39,99 zł\s*Do zapłaty\s*79,98 zł/,
      );
      await check(page, javaScriptEnabled);

      await page.getByRole('radio', { name: /^Przelew bankowy/ }).check();
      for (const box of requiredBoxes()) await page.locator(`#legal_${box.id}`).check();
      await page.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();
      await page.waitForURL(/\/order-received\/VT-\d{6}/);
      const number = /VT-\d{6}/.exec(page.url())![0];
      const details = amount(await page.locator('.bank-details').innerText());
      assert.match(details, /IBAN\s*PL61 1090 1014 0000 0712 1981 2874/);
      assert.match(details, new RegExp(`Tytuł przelewu\\s*${number}`));
      assert.match(details, /Kwota\s*79,98 zł/);
      await check(page, javaScriptEnabled);

      const stored = await shop.server.store.orders.findByNumber(number);
      assert.deepEqual([stored?.billing.country, stored?.shipping_total, stored?.total], ['DE', 39.99, 79.98]);
      await context.close();
    });
  }
});
