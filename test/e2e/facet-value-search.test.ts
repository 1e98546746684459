// End to end: a shopper finds a brand the brand facet did not show by typing in its search box ("Search brands"),
// with JavaScript (the list follows the typing, no page load) and without (the widget's GET form).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { FacetValueSearchResponse } from '../../client/api/facets.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe("A facet's value search in a browser", () => {
  const shop = useShopInBrowser();
  const brandBox = (page: Page) => page.getByRole('searchbox', { name: 'Search brands' });

  /** A brand with products that the page does not list at first (neither shown nor behind "show more"). */
  async function hiddenBrand(page: Page): Promise<{ value: string; label: string }> {
    const listed = new Set(await page.locator('[data-facet="brand"] input[name="sf_brand"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)));
    const visibleListed = new Set(await page.locator('[data-facet="brand"] > .facet-filter__choices > div > ul input[name="sf_brand"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)));
    const response = await fetch(`${shop.server.restUrl('/facet/v1/facets/brand/values')}?per_page=100`);
    const { values } = (await response.json()) as FacetValueSearchResponse;
    // Prefer a brand not in the page at all; a brand behind the closed "show more" is not shown either.
    const brand = values.find((item) => !listed.has(item.value)) ?? values.find((item) => !visibleListed.has(item.value));
    assert.ok(brand, 'the demo shop has more brands than the facet shows');
    return brand;
  }

  it('lists a brand that was not shown as the shopper types, without a page load, and filters by it', async () => {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/shop`);
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    // Typing before the element has hydrated would go unheard.
    await page.waitForFunction(() => (document.querySelector('facet-filter') as { hasUpdated?: boolean } | null)?.hasUpdated === true);
    const brand = await hiddenBrand(page);
    const option = page.locator('[data-facet="brand"] .facet-filter__choices > div > ul').getByRole('checkbox', { name: new RegExp(`^${brand.label}\\b`) });
    assert.equal(await option.count(), 0, 'not shown before the search');
    await brandBox(page).pressSequentially(brand.label.toUpperCase().slice(0, 5), { delay: 30 });
    await option.waitFor();
    assert.ok(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload), 'no page load');
    await option.check();
    await page.waitForURL(new RegExp(`sf_brand=${brand.value}$`));
    assert.ok(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload));
  });

  it('finds it without JavaScript through the form, the search term in the URL', async () => {
    const context = await shop.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.server.url}/shop?sf_orderby=price`);
    const brand = await hiddenBrand(page);
    await brandBox(page).fill(brand.label.slice(0, 5));
    await Promise.all([page.waitForURL(/sf_brand_search=/), brandBox(page).press('Enter')]);
    assert.match(page.url(), /sf_orderby=price/, "the rest of the state stays");
    assert.equal(await brandBox(page).inputValue(), brand.label.slice(0, 5));
    const option = page.locator('[data-facet="brand"]').getByRole('checkbox', { name: new RegExp(`^${brand.label}\\b`) });
    await option.check();
    await Promise.all([page.waitForURL(new RegExp(`sf_brand=${brand.value}`)), page.getByRole('button', { name: 'Apply filters' }).click()]);
    assert.equal(await page.locator('[data-facet="brand"]').getByRole('checkbox', { name: new RegExp(`^${brand.label}\\b`) }).isChecked(), true);
  });
});
