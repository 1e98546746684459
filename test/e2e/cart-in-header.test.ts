// The cart in the site header: the number of items, server-rendered on every page, and updated without a
// page load when the add-to-cart script adds a product.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('The cart in the header', () => {
  // Adding to the cart writes a cart: a server of its own.
  const shop = useShopInBrowser({ ownServer: true });

  it('counts the items, and follows an add to cart without a page load', async () => {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/shop`);
    const cartLink = page.locator('.site-header').getByRole('link', { name: /^Koszyk/ });
    assert.equal(
      await cartLink.evaluate((link) => link.textContent!.replace(/\s+/g, ' ').trim()),
      'Koszyk (0 produktów)',
      'read as "0 produktów"',
    );
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    await page
      .getByRole('button', { name: /^Dodaj do koszyka/ })
      .first()
      .click();
    await page.locator('#cart-count', { hasText: '1' }).waitFor();
    assert.ok(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload), 'no page load');
    await page
      .getByRole('button', { name: /^Dodaj do koszyka/ })
      .nth(1)
      .click();
    await page.locator('#cart-count', { hasText: '2' }).waitFor();
    await page.goto(`${shop.server.url}/`);
    assert.equal((await page.locator('#cart-count').innerText()).trim(), '2', 'every page renders the count');
  });
});
