// Hardening: under the Content-Security-Policy the storefront still hydrates and the <facet-filter>
// widget still filters in place, and Chromium reports no policy violation on the way.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the storefront under its Content-Security-Policy', () => {
  const shop = useShopInBrowser();

  it('hydrates and filters with no securitypolicyviolation and no CSP console error', async () => {
    const page = await shop.browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        ((window as unknown as { __violations?: string[] }).__violations ??= []).push(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    const response = await page.goto(`${shop.server.url}/shop`);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    await page.waitForFunction(() => customElements.get('facet-filter') !== undefined);
    assert.equal(
      await page.locator('facet-filter').evaluate((el) => el.shadowRoot!.querySelectorAll('[part="base"]').length),
      1,
      'hydrated: the server-rendered shadow DOM is reused',
    );
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    await page.locator('.facet-filter__input[name="sf_color"]').first().check();
    await page.waitForURL(/sf_color=/);
    await page.waitForFunction(() => !document.querySelector('facet-filter')?.hasAttribute('loading'));
    assert.equal(
      await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
      true,
      'filtered in place',
    );
    const inPage = await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
    assert.deepEqual([...violations, ...inPage], []);
    await page.close();
  });
});
