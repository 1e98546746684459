// In Chromium: every control of the widget follows --facet-filter-accent ("Add to cart"
// included), set from the theme's own stylesheet (theme.css in the data folder, linked after the shop's CSS, same
// origin, the CSP intact); colour swatches show each value's colour, keep its name for screen readers, and show the
// name in forced-colors (high-contrast) mode.
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { FacetConfig, ReindexState } from '../../client/api/facets.js';
import { fetchJson } from '../server/support/test-server.js';
import { axeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const ACCENT = 'rgb(170, 20, 90)';

/** Each control's computed property, by a description of the control. */
async function accentOfControls(page: Page): Promise<Record<string, string>> {
  // [control, selector, property, in the shadow DOM]; no named helpers inside: tsx would wrap them in a `__name` call.
  const controls: Array<[string, string, string, boolean]> = [
    ['a checkbox', '.facet-filter__input[type="checkbox"]', 'accent-color', false],
    ['a rating radio', '.facet-filter__input[type="radio"]', 'accent-color', false],
    ['Apply filters', '.facet-filter__apply', 'background-color', false],
    ['the sort button', '.facet-filter__sort-submit', 'background-color', false],
    ['Show more', '.facet-filter__more-toggle', 'color', false],
    ['a chip', '.facet-filter__chip', 'border-top-color', false],
    ['Clear all', '.facet-filter__clear', 'color', false],
    ['a page link', 'a.facet-filter__page', 'color', false],
    ['the current page', '.facet-filter__page--current', 'background-color', false],
    ['Add to cart', '.facet-filter__add-to-cart .button', 'background-color', false],
    ['the Filters toggle', '[part="filters-toggle"]', 'background-color', true],
    ['Retry', '[part="retry-button"]', 'background-color', true],
  ];
  return page.evaluate(
    (list) =>
      Object.fromEntries(
        list.map(([control, selector, property, inShadow]) => {
          const root: ParentNode = inShadow ? document.querySelector('facet-filter')!.shadowRoot! : document;
          const element = root.querySelector(selector);
          return [control, element ? getComputedStyle(element).getPropertyValue(property) : `missing ${selector}`];
        }),
      ),
    controls,
  );
}

describe('Theming the widget', () => {
  // Writes theme.css into the data folder, and the facet configuration: a server of its own.
  const shop = useShopInBrowser({ ownServer: true });

  it("links the data folder's theme.css after the shop's CSS, and every control follows its --facet-filter-accent", async () => {
    assert.equal((await fetch(`${shop.server.url}/theme.css`)).status, 404, 'no theme stylesheet yet');
    const plain = await shop.browser.newPage();
    await plain.goto(`${shop.server.url}/shop`);
    assert.equal(await plain.locator('link[href^="/theme.css"]').count(), 0, 'none linked');
    await writeFile(
      path.join(shop.server.dataDir, 'theme.css'),
      `facet-filter { --facet-filter-accent: ${ACCENT}; }\n.facet-filter__chip { border-radius: 2px; }\n`,
    );

    const page = await shop.browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // A chip to remove, a second page, a rating radio and "Add to cart" on the cards.
    const response = await page.goto(`${shop.server.url}/shop?sf_in_stock=1&sf_paged=2`);
    assert.match(response!.headers()['content-security-policy']!, /style-src 'self' 'unsafe-inline'/);
    const stylesheets = await page
      .locator('head link[rel="stylesheet"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    assert.match(stylesheets.at(-1)!, /^\/theme\.css\?v=/, "linked last, after the shop's own CSS");
    const theme = await fetch(`${shop.server.url}${stylesheets.at(-1)}`);
    assert.match(theme.headers.get('content-type')!, /^text\/css/);
    assert.match(theme.headers.get('cache-control')!, /immutable/);

    const accents = await accentOfControls(page);
    for (const [control, colour] of Object.entries(accents))
      assert.equal(colour, ACCENT, `${control} follows the accent`);
    assert.equal(
      await page
        .locator('.facet-filter__chip')
        .first()
        .evaluate((chip) => getComputedStyle(chip).borderTopLeftRadius),
      '2px',
      "the theme's rule wins",
    );
    for (const selector of ['.facet-filter__select', '.facet-filter__number', '.facet-filter__search-input']) {
      await page.locator(selector).first().focus();
      const outline = await page
        .locator(selector)
        .first()
        .evaluate((field) => getComputedStyle(field).outlineColor);
      assert.equal(outline, ACCENT, `the focus ring of ${selector}`);
    }
    assert.deepEqual(errors, [], 'no CSP or other console errors');

    await rm(path.join(shop.server.dataDir, 'theme.css'));
    await plain.reload();
    assert.equal(await plain.locator('link[href^="/theme.css"]').count(), 0, 'removed, no longer linked');
  });

  it('shows colour swatches with the names kept for screen readers and shown in forced-colors mode', async () => {
    const manager = await shop.server.basicAuthFor('shop_manager');
    const config = (await fetchJson(shop.server.restUrl('/facet/v1/settings'), { headers: { authorization: manager } }))
      .body as FacetConfig;
    const color = config.facets.find((facet) => facet.name === 'color')!;
    // Every colour shown at once, none behind "show more".
    Object.assign(color, { swatches: true, colors: { navy: '#000080' }, limit: 0 });
    const saved = await fetchJson(shop.server.restUrl('/facet/v1/settings'), {
      method: 'POST',
      headers: { authorization: manager },
      json: config,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    for (let state: ReindexState | null = null; state?.job?.status !== 'done'; ) {
      state = (await fetchJson(shop.server.restUrl('/facet/v1/reindex'), { headers: { authorization: manager } }))
        .body as ReindexState;
      assert.notEqual(state.job?.status, 'failed');
    }

    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/shop`);
    const facet = page.locator('[data-facet="color"]');
    const navy = facet.getByRole('checkbox', { name: /^Navy \(\d+ produkt(y|ów)?\s?\)$/ });
    const black = facet.getByRole('checkbox', { name: /^Black\b/ });
    assert.equal(
      await navy.evaluate((input) => getComputedStyle(input).backgroundColor),
      'rgb(0, 0, 128)',
      'the colour set in the configurator',
    );
    assert.equal(
      await black.evaluate((input) => getComputedStyle(input).backgroundColor),
      'rgb(17, 17, 17)',
      'the default of the name',
    );
    const label = facet.locator('.facet-filter__value--swatch .facet-filter__label', { hasText: 'Navy' });
    assert.equal(
      await label.evaluate((element) => element.getBoundingClientRect().width <= 1),
      true,
      'the name is visually hidden beside its swatch',
    );
    assert.equal(await facet.locator('label[title="Navy"]').count(), 1, 'and a tooltip');
    assert.deepEqual(await axeViolations(page), []);
    await navy.check();
    await page.waitForURL(/sf_color=navy$/);
    assert.equal(
      await facet.getByRole('checkbox', { name: /^Navy\b/ }).evaluate((input) => getComputedStyle(input).outlineStyle),
      'solid',
      'the chosen swatch is ringed, not only coloured',
    );

    await page.emulateMedia({ forcedColors: 'active' });
    assert.ok(
      await facet
        .locator('.facet-filter__value--swatch .facet-filter__label', { hasText: 'Navy' })
        .evaluate((element) => element.getBoundingClientRect().width > 20),
      'the name shows in forced-colors mode',
    );
  });
});
