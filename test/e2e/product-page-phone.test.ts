// The product page on a phone (390 px), in Chromium against the demo shop: every variable product's option list, whose
// longest option ("Colour: Grey, Size: 37 (339,89 zł) – out of stock") is wider than the screen, fits the page, so the
// shopper sees the whole field and the page does not scroll sideways.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the product page on a phone', () => {
  const shop = useShopInBrowser();

  it('fits every variable product\'s option list in 390 px', { timeout: 120_000 }, async () => {
    const variable = shop.server.store.catalog.data.products.filter((product) => product.type === 'variable' && product.status !== 'draft');
    assert.ok(variable.length > 0, 'the demo shop has variable products');
    const page = await shop.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    const problems: string[] = [];
    for (const product of variable) {
      await page.goto(`${shop.server.url}/product/${product.slug}`);
      const select = page.getByRole('combobox', { name: 'Option' });
      if (!(await select.count())) continue; // nothing of it in stock: no form
      const { overflow, right } = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        right: document.querySelector('select[name="variation_id"]')!.getBoundingClientRect().right,
      }));
      if (overflow > 0 || right > 390) problems.push(`${product.slug}: the page is ${overflow} px too wide, the option list ends at ${Math.round(right)} px`);
    }
    assert.deepEqual(problems, []);
  });
});
