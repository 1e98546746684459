// In Chromium: the notice form has no accessibility violations, before and after a failed post,
// works without JavaScript, and moves focus to nothing unexpected. Screenshots go to test-output/.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { beforeEach, describe, it } from 'node:test';
import { axeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the DSA notice form in a browser', () => {
  const shop = useShopInBrowser({ ownServer: true });
  beforeEach(async () => {
    await shop.server.store.site.update((site) => {
      site.settings.compliance.dsa_enabled = true;
    });
  });

  it('is reached from a product page, reports errors accessibly without JavaScript, and acknowledges with a reference', async () => {
    await mkdir('test-output', { recursive: true });
    const context = await shop.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const product = shop.server.store.catalog.data.products[0]!;
    await page.goto(`${shop.server.url}/product/${product.slug}`);
    await page.getByRole('link', { name: 'Zgłoś nielegalne treści' }).click();
    await page.waitForURL(/\/report-content\?url=/);
    assert.equal(
      await page.getByLabel('Dokładny adres (URL) treści').inputValue(),
      `${shop.server.config.siteUrl}/product/${product.slug}`,
    );
    await page.getByLabel('Imię i nazwisko').fill('Anna Nowak');
    await page.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
    await page.waitForLoadState();
    assert.match(await page.locator('#notice-errors').innerText(), /Zgłoszenie nie zostało wysłane/);
    assert.equal(await page.getByLabel('Imię i nazwisko').inputValue(), 'Anna Nowak', 'typed input is kept');
    assert.equal(await page.getByLabel('Twój adres e-mail').getAttribute('aria-invalid'), 'true');
    await page.screenshot({ path: 'test-output/dsa-notice-errors-phone.png', fullPage: true });
    await context.close();

    // axe needs script: the same page with JavaScript on.
    const checked = await shop.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await checked.goto(`${shop.server.url}/report-content`);
    assert.deepEqual(await axeViolations(checked), [], 'the empty form');
    await checked
      .getByLabel('Dlaczego treść jest nielegalna')
      .fill('This listing sells counterfeit goods under a registered mark.');
    await checked.getByLabel('Imię i nazwisko').fill('Anna Nowak');
    await checked.getByLabel('Twój adres e-mail').fill('not-an-address');
    await checked.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
    await checked.waitForLoadState();
    assert.deepEqual(await axeViolations(checked), [], 'the form with errors');
    await checked.screenshot({ path: 'test-output/dsa-notice-errors-desktop.png', fullPage: true });
    await checked
      .getByLabel('Dokładny adres (URL) treści')
      .fill(`${shop.server.config.siteUrl}/product/${product.slug}`);
    await checked.getByLabel('Twój adres e-mail').fill('anna@example.com');
    await checked.getByRole('checkbox').check();
    await checked.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
    await checked.waitForLoadState();
    assert.match(await checked.locator('.notice-reference').innerText(), /^DSA-\d{4}-\d{6}$/);
    await checked.screenshot({ path: 'test-output/dsa-notice-received-desktop.png' });
    await checked.close();
  });
});
