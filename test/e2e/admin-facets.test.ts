// A shop manager reorders facets (keyboard and drag), sets a custom value order, sees the widget
// preview follow before saving, saves (a reindex job with progress) and the storefront widget follows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const facetOrder = (page: Page, selector: string) =>
  page.locator(`${selector} [data-facet]`).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-facet')));

async function storefrontFacets(browser: Browser, url: string): Promise<string[]> {
  const page = await browser.newPage();
  await page.goto(`${url}/shop`);
  const order = (await facetOrder(page, 'facet-filter')) as string[];
  await page.close();
  return order;
}

async function waitUntil(condition: () => Promise<boolean>, what: string, timeout = 8000) {
  const end = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`Waited ${timeout} ms for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the admin panel: facets', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('reorders two facets with the keyboard, the preview follows at once, and after saving the storefront widget too', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'fred', '/admin/facets');
    const before = await storefrontFacets(shop.browser, shop.server.url);
    assert.deepEqual(before.slice(0, 2), ['category', 'brand']);
    await page.getByText('products, 7 facets').waitFor();
    await waitUntil(
      async () => (await facetOrder(page, '[data-testid="facet-preview"]'))[0] === 'category',
      'the first preview',
    );
    // The preview is styled as the storefront's widget: bare lists and separated facets.
    const looks = await page.locator('[data-testid="facet-preview"]').evaluate((preview) => ({
      listStyle: getComputedStyle(preview.querySelector('.facet-filter__values')!).listStyleType,
      border: getComputedStyle(preview.querySelector('.facet-filter__facet')!).borderTopWidth,
      gap: getComputedStyle(preview.querySelector('.facet-filter__form')!).rowGap,
    }));
    assert.deepEqual(looks, { listStyle: 'none', border: '1px', gap: '20px' });

    await page.getByRole('button', { name: 'Move Brand up' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Brand moved to position 1 of 7.').waitFor();
    await waitUntil(
      async () =>
        JSON.stringify((await facetOrder(page, '[data-testid="facet-preview"]')).slice(0, 2)) ===
        '["brand","category"]',
      'the preview to follow',
    );
    assert.deepEqual(
      (await storefrontFacets(shop.browser, shop.server.url)).slice(0, 2),
      ['category', 'brand'],
      'nothing saved yet',
    );

    await page.getByRole('button', { name: 'Save and reindex' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved; the index is rebuilt.' }).waitFor();
    assert.deepEqual(await storefrontFacets(shop.browser, shop.server.url), ['brand', 'category', ...before.slice(2)]);
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('drags a facet, sets a custom value order for sizes, refuses an empty label beside the field, then saves', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'greta', '/admin/facets');
    const order = page.getByRole('list', { name: 'Order of the facets' });
    await order.waitFor();
    const items = order.locator('.vitrine-reorder__item');
    const labels = await order.locator('.vitrine-reorder__label').allInnerTexts();
    const sizeAt = labels.indexOf('Size');
    await items.nth(sizeAt).dragTo(items.nth(0));
    await waitUntil(
      async () => (await order.locator('.vitrine-reorder__label').allInnerTexts())[0] === 'Size',
      'the drag',
    );

    await page.getByRole('button', { name: 'Edit Size' }).click();
    await page.getByLabel('Value order').selectOption('custom');
    await page.getByLabel('Custom order').fill('XL, L, M, S, XS');
    const previewSizes = () =>
      page
        .locator('[data-testid="facet-preview"] [data-facet="size"] input[type="checkbox"]')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await waitUntil(
      async () => JSON.stringify((await previewSizes()).slice(0, 5)) === '["xl","l","m","s","xs"]',
      'the preview in the custom order',
    );

    await page.getByRole('textbox', { name: 'Label' }).fill('');
    await page.getByRole('button', { name: 'Save and reindex' }).click();
    await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
    await page.getByText('label must be a non-empty text of at most 100 characters.').waitFor();
    assert.notEqual(
      shop.server.store.site.data.facet_config &&
        (shop.server.store.site.data.facet_config as { facets: { name: string }[] }).facets[0]!.name,
      'size',
      'nothing saved',
    );
    await page.getByRole('textbox', { name: 'Label' }).fill('Size');
    await page.getByRole('button', { name: 'Save and reindex' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved; the index is rebuilt.' }).waitFor();

    const shopper = await shop.browser.newPage();
    await shopper.goto(`${shop.server.url}/shop`);
    assert.equal((await facetOrder(shopper, 'facet-filter'))[0], 'size');
    const sizes = await shopper
      .locator('[data-facet="size"] input[type="checkbox"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    assert.deepEqual(sizes.slice(0, 5), ['xl', 'l', 'm', 's', 'xs']);
    await shopper.close();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows colours as swatches, a colour set per value in the configurator, and the storefront draws them', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'hanna', '/admin/facets');
    await page.getByRole('button', { name: 'Edit Colour' }).click();
    await page.getByRole('checkbox', { name: 'Show values as colour swatches' }).check();
    const navy = page.getByRole('textbox', { name: 'Colour of Navy' });
    assert.equal(await navy.getAttribute('placeholder'), '#1f2a44', 'the default of the name is offered');
    await navy.fill('#000080');
    await page.getByRole('textbox', { name: 'Colour of Black' }).fill('black');
    await page.getByRole('button', { name: 'Save and reindex' }).click();
    await page.getByText('colors must map at most 1000 value slugs to colours written #rrggbb.').waitFor();
    await page.getByRole('textbox', { name: 'Colour of Black' }).fill('');
    await page.getByRole('button', { name: 'Save and reindex' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved; the index is rebuilt.' }).waitFor();
    const saved = (
      shop.server.store.site.data.facet_config as {
        facets: { name: string; swatches?: boolean; colors?: Record<string, string> }[];
      }
    ).facets.find((facet) => facet.name === 'color')!;
    assert.deepEqual([saved.swatches, saved.colors], [true, { navy: '#000080' }]);
    assert.deepEqual(await seriousAxeViolations(page), []);

    const shopper = await shop.browser.newPage();
    await shopper.goto(`${shop.server.url}/shop`);
    const swatch = (value: string) =>
      shopper
        .locator(`[data-facet="color"] .facet-filter__value--swatch input[value="${value}"]`)
        .evaluate((input) => getComputedStyle(input).backgroundColor);
    assert.equal(await swatch('navy'), 'rgb(0, 0, 128)');
    assert.equal(await swatch('black'), 'rgb(17, 17, 17)', 'left empty: the default of the name');
    await shopper.close();
    assert.deepEqual(errors, []);
    await page.close();
  });
});
