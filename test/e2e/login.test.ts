// End to end: a shopper opens the demo shop in Chromium, and the administrator logs in through the form.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the demo shop in a browser', () => {
  const shop = useShopInBrowser();

  it('opens the home page and logs the administrator in through the form', async () => {
    const page = await shop.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${shop.server.url}/`);
    assert.equal(await page.title(), 'Home · Vitrine Demo Shop');
    assert.match(await page.locator('h2').first().innerText(), /Welcome to the Vitrine demo shop/);

    await page.getByRole('link', { name: 'Zaloguj się' }).click();
    await page.getByLabel('Login lub e-mail').fill('admin');
    await page.getByLabel('Hasło').fill('not the password');
    await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
    assert.match(await page.getByRole('alert').innerText(), /nieprawidłowe/);
    // The login typed is kept; the focus is on the password to type again, not lost at the top of the page.
    assert.equal(await page.getByLabel('Login lub e-mail').inputValue(), 'admin');
    await page
      .waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 5000 })
      .catch(() => undefined);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'password');

    await page.getByLabel('Hasło').fill(shop.server.seeded!.adminPassword);
    await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
    await page.waitForURL(`${shop.server.url}/`);
    assert.match(await page.locator('.site-nav').innerText(), /Zalogowano jako Shop Administrator/);
    const nonce = await page.locator('meta[name="rest-nonce"]').getAttribute('content');
    const me = await page.evaluate(async (value) => {
      const response = await fetch('/wp-json/vitrine/v1/users/me', { headers: { 'X-WP-Nonce': value! } });
      return response.json();
    }, nonce);
    assert.equal(me.login, 'admin', 'the page nonce authenticates REST calls from the page');
    assert.deepEqual(errors, []);
  });
});
