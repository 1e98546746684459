// End to end: a shopper finds a brand the brand facet did not show by typing in its search box ("Search brands"),
// with JavaScript and without alike: the box is part of the widget's GET form, Enter sends it (a page load; no script
// of its own, the storefront's 12 KiB budget), and the page lists the matching brands; checking one then filters in
// place when the element runs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { FacetValueSearchResponse } from '../../client/api/facets.js';
import { axeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe("A facet's value search in a browser", () => {
  const shop = useShopInBrowser();
  const brandBox = (page: Page) => page.getByRole('searchbox', { name: 'Szukaj: Brand' });

  /** A brand with products that the page does not list at first (neither shown nor behind "show more"). */
  async function hiddenBrand(page: Page, state = ''): Promise<{ value: string; label: string }> {
    const listed = new Set(
      await page
        .locator('[data-facet="brand"] input[name="sf_brand"]')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    );
    const visibleListed = new Set(
      await page
        .locator('[data-facet="brand"] > .facet-filter__choices > ul input[name="sf_brand"]')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    );
    const response = await fetch(`${shop.server.restUrl('/facet/v1/facets/brand/values')}?per_page=100&${state}`);
    const values = ((await response.json()) as FacetValueSearchResponse).values.filter((item) => item.count > 0);
    // Prefer a brand not in the page at all; a brand behind the closed "show more" is not shown either.
    const brand =
      values.find((item) => !listed.has(item.value)) ?? values.find((item) => !visibleListed.has(item.value));
    assert.ok(brand, 'the demo shop has more brands than the facet shows');
    return brand;
  }

  it('lists a brand that was not shown once the shopper types part of its name and presses Enter, then filters by it in place', async () => {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/shop?sf_in_stock=1`);
    await page.waitForFunction(
      () => (document.querySelector('facet-filter') as { hasUpdated?: boolean } | null)?.hasUpdated === true,
    );
    const brand = await hiddenBrand(page, 'sf_in_stock=1');
    const shownList = page.locator('[data-facet="brand"] .facet-filter__choices > ul');
    const option = shownList.getByRole('checkbox', { name: new RegExp(`^${brand.label}\\b`) });
    assert.equal(await option.count(), 0, 'not shown before the search');
    // Typing asks nothing: the list changes when the form is sent.
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('facet/v1')) requests.push(request.url());
    });
    await brandBox(page).pressSequentially(brand.label.toUpperCase().slice(0, 5), { delay: 30 });
    await page.waitForTimeout(500);
    assert.deepEqual(requests, [], 'no filter request while typing');
    await Promise.all([page.waitForURL(/sf_brand_search=/), brandBox(page).press('Enter')]);
    assert.match(page.url(), /sf_in_stock=1/, 'the filters stay');
    await option.waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.waitForFunction(
      () => (document.querySelector('facet-filter') as { hasUpdated?: boolean } | null)?.hasUpdated === true,
    );
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    await option.check();
    await page.waitForURL(new RegExp(`sf_brand=${brand.value}`));
    assert.ok(
      await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
      'filtered without a page load',
    );
    // Selected, it stays in sight past the facet's limit, now that the search is gone.
    assert.equal(await shownList.getByRole('checkbox', { name: new RegExp(`^${brand.label}\\b`) }).isChecked(), true);
    assert.equal(await brandBox(page).inputValue(), '');
  });

  it('keeps the filters open on a phone after Enter in the search, with the match in sight', async () => {
    const context = await shop.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${shop.server.url}/shop`);
    await page.waitForFunction(
      () => (document.querySelector('facet-filter') as { hasUpdated?: boolean } | null)?.hasUpdated === true,
    );
    const filters = page.getByRole('button', { name: /^Filtry/ });
    assert.equal(await filters.getAttribute('aria-expanded'), 'false', 'a phone starts with the filters closed');
    await filters.click();
    const brand = await hiddenBrand(page);
    await brandBox(page).fill(brand.label.slice(0, 5));
    await Promise.all([page.waitForURL(/sf_brand_search=/), brandBox(page).press('Enter')]);
    await page.waitForFunction(
      () => (document.querySelector('facet-filter') as { hasUpdated?: boolean } | null)?.hasUpdated === true,
    );
    await page.waitForFunction(() => document.activeElement?.matches('[data-facet-search="brand"]') === true);
    assert.equal(await filters.getAttribute('aria-expanded'), 'true', 'the filters are open again');
    const option = page
      .locator('[data-facet="brand"]')
      .getByRole('checkbox', { name: new RegExp(`^${brand.label}\\b`) });
    assert.ok(await option.isVisible(), 'the matching brand is shown');
    assert.ok(await brandBox(page).isVisible(), 'beside the search box, which keeps the focus');
    await context.close();
  });

  it('finds it without JavaScript through the form, the search term in the URL', async () => {
    const context = await shop.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.server.url}/shop?sf_orderby=price`);
    const brand = await hiddenBrand(page);
    await brandBox(page).fill(brand.label.slice(0, 5));
    await Promise.all([page.waitForURL(/sf_brand_search=/), brandBox(page).press('Enter')]);
    assert.match(page.url(), /sf_orderby=price/, 'the rest of the state stays');
    assert.equal(await brandBox(page).inputValue(), brand.label.slice(0, 5));
    const option = page
      .locator('[data-facet="brand"]')
      .getByRole('checkbox', { name: new RegExp(`^${brand.label}\\b`) });
    await option.check();
    await Promise.all([
      page.waitForURL(new RegExp(`sf_brand=${brand.value}`)),
      page.getByRole('button', { name: 'Filtruj' }).click(),
    ]);
    assert.equal(
      await page
        .locator('[data-facet="brand"]')
        .getByRole('checkbox', { name: new RegExp(`^${brand.label}\\b`) })
        .isChecked(),
      true,
    );
  });
});
