// In Chromium on a phone (390 px), with JavaScript on and off: "Forgot your password?" from the login page
// to a new password through the e-mailed link, and a guest's withdrawal that chooses items through the e-mailed link.
// The links are read from the messages the shop queued; axe finds no serious violation on any of the pages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createUser } from '../../server/auth/users.js';
import { placeTestOrder, stockedProduct } from '../server/support/orders.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the e-mailed links in a browser', () => {
  const shop = useShopInBrowser({ ownServer: true });
  const accessible = (javaScriptEnabled: boolean) => async (page: Page) => {
    // axe and measuring run inside the page, so only where JavaScript is on; both runs check the same server-rendered
    // pages.
    if (!javaScriptEnabled) return;
    assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${page.url()}`);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${page.url()} fits 390 px`,
    );
  };
  /**
   * The link in the newest message of `kind` to `to`, read from the outbox (the stored text is the message as sent).
   */
  async function linkTo(to: string, kind: string, pattern: RegExp): Promise<string> {
    for (let tries = 0; tries < 100; tries++) {
      const found = (await shop.server.store.outbox.list({ page: 1, perPage: 20, recipient: to })).messages.find(
        (message) => message.kind === kind,
      );
      if (found) return pattern.exec(found.text)![0];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No ${kind} message to ${to}.`);
  }

  for (const javaScriptEnabled of [true, false]) {
    const check = accessible(javaScriptEnabled);
    it(`sets a new password through the e-mailed link, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, {
      timeout: 120_000,
    }, async () => {
      const email = `reset-${javaScriptEnabled}@example.com`;
      await createUser(shop.server.store, {
        login: `reset-${javaScriptEnabled}`,
        email,
        role: 'customer',
        password: 'old-password-1',
      });
      const context = await shop.browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${shop.server.url}/login`);
      await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
      await check(page);
      await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
      await page.getByRole('button', { name: 'Wyślij mi link' }).click();
      assert.match(await page.getByRole('status').innerText(), /wysłaliśmy na niego link do ustawienia nowego hasła/);
      await check(page);
      await page.goto(await linkTo(email, 'password-reset', /http:\/\/\S+\/reset-password\?token=\S+/));
      await check(page);
      await page.getByLabel(/^Nowe hasło/).fill('new-password-2');
      await page.getByLabel('Powtórz nowe hasło').fill('new-password-2');
      await page.getByRole('button', { name: 'Ustaw nowe hasło' }).click();
      await page.waitForURL(/\/account$/);
      await context.close();
    });

    it(`lets a guest choose items through the e-mailed link, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, {
      timeout: 120_000,
    }, async () => {
      const email = `guest-${javaScriptEnabled}@example.com`;
      const product = stockedProduct(shop.server.store, 3);
      const order = await placeTestOrder(shop.server.store, { product, email });
      const context = await shop.browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${shop.server.url}/withdraw`);
      await page.getByRole('textbox', { name: /^Numer zamówienia/ }).fill(order.number);
      await page.getByRole('textbox', { name: /^Adres e-mail podany w zamówieniu/ }).fill(email);
      await page.getByRole('button', { name: 'Dalej' }).click();
      await page.getByRole('button', { name: 'Odstępuję od całego zamówienia' }).waitFor();
      assert.ok(!(await page.content()).includes(product.title), 'no items for a guest');
      await check(page);
      await page.getByRole('button', { name: 'Wyślij mi link do wyboru produktów' }).click();
      assert.match(await page.getByRole('status').innerText(), /Wysłaliśmy link/);
      await page.goto(await linkTo(email, 'withdrawal-link', /http:\/\/\S+\/withdraw\?order=\S+&key=[\w-]+/));
      await page
        .getByRole('checkbox', { name: new RegExp(product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .waitFor();
      await check(page);
      await page.getByRole('button', { name: 'Sprawdź' }).click();
      await page.getByRole('button', { name: 'Potwierdzam odstąpienie' }).click();
      assert.match(await page.locator('main').innerText(), /Otrzymaliśmy Twoje odstąpienie od zamówienia VT-\d{6}/);
      await check(page);
      assert.ok(
        (await shop.server.store.withdrawals.list()).some((withdrawal) => withdrawal.order_number === order.number),
      );
      await context.close();
    });
  }
});
