// End to end: a shopper filters the demo shop with <facet-filter> in Chromium, against a real server and the seeded
// catalog. Expected counts come from the brute-force reference over the same catalog, not from the engine.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { parseFilterState } from '../../client/facet-filter/query-state.js';
import { defaultFacetConfig } from '../../server/facets/config.js';
import { bruteForce } from '../../bench/engines/naive-scan.js';
import { axeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('<facet-filter> in a browser', () => {
  const shop = useShopInBrowser();
  /** The brute-force answer for a shop URL's query, as the widget on /shop (default attributes) applies it. */
  const reference = (query: string) => {
    const facets = shop.server.plugin.container.get('facets');
    const outcome = facets.filter(new URLSearchParams(query), {});
    const state = parseFilterState(new URLSearchParams(query), outcome.schema);
    return bruteForce(
      shop.server.store.catalog.data,
      defaultFacetConfig(),
      state,
      undefined,
      outcome.widget.perPage,
      facets.wordForms(),
    );
  };
  const found = async (page: Page) => Number.parseInt(await page.locator('.facet-filter__found').innerText(), 10);
  const cardTitles = (page: Page) => page.locator('.facet-filter__title').allInnerTexts();
  /** A `window` marker survives in-page updates and disappears on a real page load. */
  const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { __noReload: true }));
  const stillSamePage = (page: Page) =>
    page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
  const settled = (page: Page) =>
    page.waitForFunction(() => !document.querySelector('facet-filter')?.hasAttribute('loading'));

  it('filters by a checkbox without a page load, updates counts, and restores with Back and Forward', async () => {
    const page = await shop.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${shop.server.url}/shop`);
    await markWindow(page);
    assert.equal(
      await page.locator('facet-filter').evaluate((el) => el.shadowRoot!.querySelectorAll('[part="base"]').length),
      1,
      'the bundle hydrates the server-rendered shadow DOM instead of rendering it again',
    );
    assert.equal(await found(page), reference('').found);
    const brandCountsBefore = await page.locator('[data-facet="brand"] .facet-filter__count').allInnerTexts();
    const firstTitlesBefore = await cardTitles(page);

    const navy = page.locator('[data-facet="color"] input[value="navy"]');
    await navy.check();
    await page.waitForURL(/sf_color=navy$/);
    await settled(page);
    assert.equal(await found(page), reference('sf_color=navy').found);
    assert.ok(await stillSamePage(page), 'the results changed without a page load');
    assert.notDeepEqual(
      await page.locator('[data-facet="brand"] .facet-filter__count').allInnerTexts(),
      brandCountsBefore,
      'brand counts follow the colour',
    );
    assert.match(
      await page
        .locator('facet-filter')
        .evaluate((el) => el.shadowRoot!.querySelector('[part="live-region"]')!.textContent!),
      new RegExp(`${reference('sf_color=navy').found} produkt(y|ów|u)?`),
    );

    await page.goBack();
    await page.waitForURL(`${shop.server.url}/shop`);
    await settled(page);
    assert.equal(await navy.isChecked(), false, 'Back unchecks the box');
    assert.deepEqual(await cardTitles(page), firstTitlesBefore);
    await page.goForward();
    await page.waitForURL(/sf_color=navy$/);
    await settled(page);
    assert.equal(await navy.isChecked(), true, 'Forward checks it again');
    assert.equal(await found(page), reference('sf_color=navy').found);
    assert.ok(await stillSamePage(page));

    // Reloading the filtered URL renders the same state on the shop.server.
    const titlesFiltered = await cardTitles(page);
    await page.reload();
    assert.equal(await stillSamePage(page), false);
    assert.equal(await navy.isChecked(), true);
    assert.deepEqual(await cardTitles(page), titlesFiltered);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('removes filters with chips, sorts, pages and edits a range in place', async () => {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/shop?sf_color=navy&sf_size=m`);
    await markWindow(page);
    await page.getByRole('link', { name: /Usuń filtr Size: M/ }).click();
    await page.waitForURL(/\/shop\?sf_color=navy$/);
    await settled(page);
    assert.equal(await found(page), reference('sf_color=navy').found);

    await page.getByLabel('Sortuj według').selectOption('price');
    await page.waitForURL(/sf_orderby=price/);
    await settled(page);
    const prices = reference('sf_color=navy&sf_orderby=price').pageIds;
    const expectedTitles = prices.map(
      (id) => shop.server.store.catalog.data.products.find((product) => product.id === id)!.title,
    );
    assert.deepEqual(await cardTitles(page), expectedTitles, 'cheapest first, as the reference sorts');

    await page.getByRole('link', { name: 'Wyczyść wszystko' }).click();
    await page.waitForURL(/\/shop\?sf_orderby=price$/);
    await settled(page);
    await page.locator('.facet-filter__pagination').getByRole('link', { name: 'Strona 2', exact: true }).click();
    await page.waitForURL(/sf_paged=2/);
    await settled(page);
    assert.equal(await page.locator('.facet-filter__page[aria-current="page"]').textContent(), 'Strona 2');
    assert.equal(
      await page.evaluate(() => document.activeElement?.classList.contains('facet-filter__heading')),
      true,
      'focus moves to the results heading',
    );

    await page.getByLabel('Od', { exact: true }).fill('100');
    await page.getByLabel('Do', { exact: true }).fill('200');
    await page.waitForURL(/sf_price=100-200/);
    await settled(page);
    assert.equal(await found(page), reference('sf_price=100-200&sf_orderby=price').found);
    assert.equal(await page.getByLabel('Do', { exact: true }).inputValue(), '200', 'what was typed survives the swap');
    assert.ok(await stillSamePage(page));
    await page.close();
  });

  it('turns a page without the facets form it shows, whose elements stay, and goes Back to each page whole', async () => {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/shop?sf_orderby=price`);
    const pageLink = (number: number) =>
      page.locator('.facet-filter__pagination').getByRole('link', { name: `Strona ${number}`, exact: true });
    /** Clicks, and reads the filter answer the click brought. */
    const answerTo = async (click: () => Promise<void>) => {
      const [response] = await Promise.all([
        page.waitForResponse((response) => response.url().includes('/facet/v1/filter')),
        click(),
      ]);
      await settled(page);
      return { url: response.url(), body: (await response.json()) as Record<string, unknown> };
    };
    const titlesOf = (query: string) =>
      reference(query).pageIds.map(
        (id) => shop.server.store.catalog.data.products.find((product) => product.id === id)!.title,
      );
    const form = page.locator('[data-region="facets"] form');
    await form.evaluate((element) => Object.assign(element, { __kept: true }));
    const facetsText = await form.innerText();
    // The page's form is tagged as the answers' for its state: the first turn after the load names it.
    const pageTag = await page.locator('facet-filter').getAttribute('data-facets_etag');
    assert.match(pageTag ?? '', /^[0-9a-f]{16}$/);
    const second = await answerTo(() => pageLink(2).click());
    assert.match(second.url, new RegExp(`sf_paged=2&facets_etag=${pageTag}$`));
    assert.equal(Object.hasOwn(second.body, 'facets_html'), false, "the answer leaves the page's form out");
    assert.equal(await form.evaluate((element) => Object.hasOwn(element, '__kept')), true);
    assert.deepEqual(await cardTitles(page), titlesOf('sf_orderby=price&sf_paged=2'));

    const third = await answerTo(() => pageLink(3).click());
    assert.match(third.url, new RegExp(`sf_paged=3&facets_etag=${pageTag}$`));
    assert.equal(Object.hasOwn(third.body, 'facets_html'), false, 'the answer leaves the form out');
    assert.equal(
      await form.evaluate((element) => Object.hasOwn(element, '__kept')),
      true,
      'the form keeps its elements',
    );
    assert.equal(await form.innerText(), facetsText);
    assert.deepEqual(await cardTitles(page), titlesOf('sf_orderby=price&sf_paged=3'));

    await page.goBack();
    await page.waitForURL(/sf_paged=2$/);
    await settled(page);
    assert.deepEqual(await cardTitles(page), titlesOf('sf_orderby=price&sf_paged=2'));
    assert.equal(await form.innerText(), facetsText);
    await page.goForward();
    await page.waitForURL(/sf_paged=3$/);
    await settled(page);
    assert.deepEqual(await cardTitles(page), titlesOf('sf_orderby=price&sf_paged=3'));
    assert.equal(await form.innerText(), facetsText, 'a page whose answer left the form out is kept with it');

    // The form kept is live: a selection in it filters, and that answer brings its own form.
    const filtered = await answerTo(() => page.locator('[data-facet="color"] input[value="navy"]').check());
    assert.doesNotMatch(filtered.url, /facets_etag/);
    assert.equal(typeof filtered.body.facets_html, 'string');
    assert.equal(await found(page), reference('sf_color=navy&sf_orderby=price').found);
    await page.close();
  });

  it('works by plain form submission and links with JavaScript off', async () => {
    const context = await shop.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.server.url}/shop`);
    await page.locator('[data-facet="color"] input[value="navy"]').check();
    await page.getByLabel('Od', { exact: true }).fill('50');
    await page.getByRole('button', { name: 'Filtruj' }).click();
    await page.waitForURL(/sf_color=navy/);
    assert.equal(await found(page), reference('sf_color=navy&sf_price=50-').found);
    await page.getByRole('link', { name: /Usuń filtr Colour: Navy/ }).click();
    await page.waitForURL((url) => !url.search.includes('sf_color'));
    assert.equal(await found(page), reference('sf_price=50-').found);
    await page
      .locator('.facet-filter__pagination')
      .getByRole('link', { name: /Następna/ })
      .click();
    await page.waitForURL(/sf_paged=2/);
    assert.equal(await page.locator('.facet-filter__page[aria-current="page"]').textContent(), 'Strona 2');
    await context.close();
  });

  it('has no accessibility violations, and folds the facets behind "Filters" on a phone', async () => {
    await mkdir('test-output', { recursive: true });
    const page = await shop.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${shop.server.url}/shop?sf_color=navy`);
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: 'test-output/shop-desktop.png' });

    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByRole('button', { name: /^Filtry/ });
    assert.equal(await toggle.isVisible(), true);
    assert.equal(
      (await toggle.textContent())?.replace(/\s+/g, ' ').trim(),
      'Filtry (1 aktywny)',
      'the toggle says how many filters apply',
    );
    assert.equal(await page.locator('[data-facet="color"]').isVisible(), false, 'facets are folded');
    await page.screenshot({ path: 'test-output/shop-phone.png' });
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.locator('[data-facet="color"]').isVisible(), true);
    await page.locator('[data-facet="color"] input[value="black"]').check();
    await page.waitForFunction(
      () =>
        document.querySelector('facet-filter')?.getAttribute('active-filters') !== null &&
        (document.querySelector('facet-filter') as unknown as { activeFilters: number }).activeFilters === 2,
    );
    assert.match((await toggle.textContent()) ?? '', /Filtry\s*\(2\s*aktywne\)/);
    await page.screenshot({ path: 'test-output/shop-phone-filters-open.png' });
    await page.close();
  });
});
