// End to end in Chromium, with JavaScript on and off: add to cart, check out with a required checkbox left
// unticked (error, focus, fields kept) and then ticked (order placed, statistics and consent log raised), register,
// send a contact message and withdraw from an order; axe finds no serious or critical violation on any of the pages.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { publishLegalPages } from '../server/support/legal-pages.js';
import { registrationLinkFor } from '../server/support/registration.js';
import { fetchJson } from '../server/support/test-server.js';
import { seriousAxeViolations } from './support/axe.js';
import { fillCheckoutAddress } from './support/checkout-address.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe("the shop's forms in a browser", () => {
  const shop = useShopInBrowser({ ownServer: true });
  // The seeded shop has no legal pages yet: the forms show the boxes that refer to one once it is published.
  beforeEach(() => publishLegalPages(shop.server));
  const checkoutBoxes = () =>
    shop.server.store.site.data.checkboxes
      .filter((box) => box.location === 'checkout' && box.enabled)
      .sort((a, b) => a.position - b.position);
  const product = () =>
    shop.server.store.catalog.data.products.find(
      (candidate) => candidate.type !== 'variable' && candidate.in_stock && candidate.stock_quantity >= 5,
    )!;
  /**
   * axe runs inside the page, so it can only run where JavaScript is on (a page without it hangs on evaluate); the
   * JavaScript-on runs check the same server-rendered pages.
   */
  const accessibility = (javaScriptEnabled: boolean) => async (page: Page) => {
    if (javaScriptEnabled) assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${page.url()}`);
  };

  async function statsOf(id: number) {
    const manager = await shop.server.basicAuthFor('shop_manager');
    const { body } = await fetchJson(shop.server.restUrl(`/compliance/v1/checkboxes/${id}`), {
      headers: { authorization: manager },
    });
    return body.stats as { total_shown: number; total_accepted: number };
  }

  async function fillAddress(page: Page) {
    await fillCheckoutAddress(page, {
      email: 'ewa@example.com',
      firstName: 'Ewa',
      lastName: 'Wiśniewska',
      street: 'Polna 3',
      postcode: '30-001',
      city: 'Kraków',
    });
    await page.getByRole('radio', { name: /^Przelew bankowy/ }).check();
  }

  for (const javaScriptEnabled of [true, false]) {
    const accessible = accessibility(javaScriptEnabled);
    it(`adds to cart and checks out with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, {
      timeout: 120_000,
    }, async () => {
      const context: BrowserContext = await shop.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const [required, secondRequired] = checkoutBoxes().filter((box) => box.required);
      const before = await statsOf(required!.id);
      await page.goto(`${shop.server.url}/product/${product().slug}`);
      await accessible(page);
      if (javaScriptEnabled) {
        await page.evaluate(() => Object.assign(window, { __stayed: true }));
        await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
        await page.getByRole('status').filter({ hasText: 'Dodano do koszyka' }).waitFor();
        assert.equal(
          await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed),
          true,
          'no page load',
        );
        await page.goto(`${shop.server.url}/cart`);
      } else {
        await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
        await page.waitForURL(/\/cart\?added=/);
      }
      assert.match(await page.content(), new RegExp(product().title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await accessible(page);
      await page.getByRole('link', { name: 'Przejdź do kasy' }).click();
      await page.waitForURL(/\/checkout$/);
      await accessible(page);
      await fillAddress(page);
      await page.locator(`#legal_${required!.id}`).check();
      await page.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();
      await page.waitForLoadState();
      const unticked = page.locator(`#legal_${secondRequired!.id}`);
      // The browser moves the focus to an autofocus field when it next renders, which on a busy machine can come after
      // the load event: wait for that move, then check where it went.
      await page
        .waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 5000 })
        .catch(() => undefined);
      assert.equal(
        await page.evaluate(() => document.activeElement?.id),
        `legal_${secondRequired!.id}`,
        'focus is on the unticked box',
      );
      assert.match(await page.locator(`#legal_${secondRequired!.id}-error`).innerText(), /Zaznacz to pole/);
      assert.equal(
        await page.getByRole('textbox', { name: /^Ulica i numer/ }).inputValue(),
        'Polna 3',
        'typed fields are kept',
      );
      assert.equal(await page.locator(`#legal_${required!.id}`).isChecked(), true);
      await accessible(page);
      await unticked.check();
      await page.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();
      await page.waitForURL(/\/order-received\/VT-\d{6}/);
      assert.match(await page.locator('main').innerText(), /Przyjęliśmy Twoje zamówienie VT-\d{6}/);
      await accessible(page);
      const after = await statsOf(required!.id);
      assert.deepEqual(
        [after.total_shown, after.total_accepted],
        [before.total_shown + 1, before.total_accepted + 1],
        'statistics raised by one',
      );
      const number = /VT-\d{6}/.exec(page.url())![0];
      const rows = (await shop.server.store.consent.log()).filter((record) => record.reference === `order:${number}`);
      assert.equal(rows.length, checkoutBoxes().length, 'one consent-log row per checkbox shown');
      await context.close();
    });

    it(`adds to cart from a product card on the shop page, with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, {
      timeout: 120_000,
    }, async () => {
      const context: BrowserContext = await shop.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${shop.server.url}/shop`);
      await accessible(page);
      if (javaScriptEnabled) {
        // Cards swapped in by a filter change come from /filter: their forms must work as well.
        await page
          .getByRole('link', { name: /^Następna strona|^Strona 2$/ })
          .first()
          .click();
        await page.waitForURL(/sf_paged=2/);
        await page.evaluate(() => Object.assign(window, { __stayed: true }));
      }
      const button = page
        .locator('.facet-filter__card')
        .getByRole('button', { name: /^Dodaj do koszyka / })
        .first();
      const title = (await button.innerText()).replace(/^Dodaj do koszyka\s*/, '').trim();
      assert.ok(title, 'the button names its product for screen readers');
      await button.click();
      if (javaScriptEnabled) {
        await page
          .getByRole('status')
          .filter({ hasText: `Dodano do koszyka: „${title}”` })
          .waitFor();
        assert.equal(
          await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed),
          true,
          'no page load',
        );
        await page.goto(`${shop.server.url}/cart`);
      } else {
        await page.waitForURL(/\/cart\?added=/);
      }
      assert.ok((await page.locator('.cart-table').innerText()).includes(title), 'the product is in the cart');
      await context.close();
    });

    it(`registers, sends a contact message and withdraws from an order, with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, {
      timeout: 120_000,
    }, async () => {
      const email = `piotr-${javaScriptEnabled ? 'on' : 'off'}@example.com`;
      const context = await shop.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${shop.server.url}/register`);
      await accessible(page);
      await page.getByRole('textbox', { name: /^Imię i nazwisko/ }).fill('Piotr');
      await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
      await page.getByLabel(/^Hasło/).fill('piotr-password-1');
      for (const box of shop.server.store.site.data.checkboxes.filter(
        (candidate) => candidate.location === 'registration' && candidate.required,
      )) {
        await page.locator(`#legal_${box.id}`).check();
      }
      await page.getByRole('button', { name: 'Załóż konto' }).click();
      // The account is created by the link the shop e-mails (taken from the outbox, as the shopper's mail program shows
      // it).
      assert.match(
        await page.locator('main').innerText(),
        new RegExp(`Wysłaliśmy wiadomość na adres ${email.replace('.', '\\.')}`),
      );
      await accessible(page);
      await page.goto(`${shop.server.url}${await registrationLinkFor(shop.server.store, email)}`);
      await accessible(page);
      await page.getByRole('button', { name: 'Create my account' }).click();
      await page.waitForURL(/\/account$/);
      assert.match(await page.locator('main').innerText(), /Zalogowano jako Piotr/);
      await accessible(page);

      await page.goto(`${shop.server.url}/product/${product().slug}`);
      await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
      // With JavaScript the product goes into the cart in place; the shopper then opens the cart.
      if (javaScriptEnabled) {
        await page.getByRole('status').filter({ hasText: 'Dodano do koszyka' }).waitFor();
        await page.getByRole('link', { name: /^Koszyk/ }).click();
      }
      await page.getByRole('link', { name: 'Przejdź do kasy' }).click();
      await fillAddress(page);
      for (const box of checkoutBoxes().filter((candidate) => candidate.required))
        await page.locator(`#legal_${box.id}`).check();
      await page.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();
      await page.waitForURL(/\/order-received\//);
      const number = /VT-\d{6}/.exec(page.url())![0];

      await page.goto(`${shop.server.url}/contact`);
      await accessible(page);
      await page.getByRole('textbox', { name: /^Temat/ }).fill('Delivery');
      await page.getByRole('textbox', { name: /^Wiadomość/ }).fill('When will my order arrive?');
      for (const box of shop.server.store.site.data.checkboxes.filter(
        (candidate) => candidate.location === 'contact' && candidate.required,
      )) {
        await page.locator(`#legal_${box.id}`).check();
      }
      await page.getByRole('button', { name: 'Wyślij wiadomość' }).click();
      assert.match(await page.locator('main').innerText(), /Wiadomość została wysłana/);
      assert.equal((await shop.server.store.messages.list())[0]!.email, email);

      await page.goto(`${shop.server.url}/account`);
      await page.getByRole('link', { name: new RegExp(`Odstąp od umowy tutaj.*${number}`) }).click();
      await accessible(page);
      await page.getByRole('button', { name: 'Dalej' }).click();
      await accessible(page);
      await page.getByRole('textbox', { name: /^Powód/ }).fill('Changed my mind');
      await page.getByRole('button', { name: 'Sprawdź' }).click();
      await page.getByRole('button', { name: 'Potwierdzam odstąpienie' }).click();
      assert.match(await page.locator('main').innerText(), /Otrzymaliśmy Twoje odstąpienie od zamówienia VT-\d{6}/);
      await accessible(page);
      const [withdrawal] = await shop.server.store.withdrawals.list();
      assert.equal(withdrawal!.order_number, number);
      assert.equal(withdrawal!.reason, 'Changed my mind');
      await context.close();
    });
  }
});
