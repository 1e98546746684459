// In Chromium against the demo shop: the current page number stays readable under site stylesheets
// that colour links (WCAG AA, from computed styles), the range fields show exactly the range applied, and on a phone
// "Show N results" closes the facets and brings the shopper to the results; at desktop width the shop lays out its
// facets beside the results. Screenshots of the phone steps go to test-output/.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { parseFilterState } from '../../client/facet-filter/query-state.js';
import { defaultFacetConfig } from '../../server/facets/config.js';
import { bruteForce } from '../../bench/engines/naive-scan.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

/** WCAG 2.x relative luminance and contrast ratio of two `rgb(…)` colours, written out here as the reference. */
function luminance([r, g, b]: number[]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}
function contrast(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The text colour of an element and the colour actually behind it (the first opaque background up the tree). */
function coloursOf(page: Page, selector: string): Promise<{ text: number[]; background: number[] }> {
  // No named helpers inside: tsx would wrap them in a `__name` call that the page does not have.
  return page.locator(selector).evaluate((element) => {
    let node: Element | null = element;
    let background = [255, 255, 255];
    while (node) {
      const [r, g, b, alpha = 1] = (getComputedStyle(node).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
      if (alpha > 0) {
        background = [r!, g!, b!];
        break;
      }
      node = node.parentElement;
    }
    return { text: (getComputedStyle(element).color.match(/[\d.]+/g) ?? []).map(Number).slice(0, 3), background };
  });
}

describe("the shopper's rough edges, in a browser", () => {
  const shop = useShopInBrowser();
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
  const settled = (page: Page) =>
    page.waitForFunction(() => !document.querySelector('facet-filter')?.hasAttribute('loading'));

  it('keeps the current page number at WCAG AA contrast whatever colour the site gives links', async () => {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/shop?sf_paged=2`);
    const current = '.facet-filter__pagination [aria-current="page"]';
    assert.equal(await page.locator(current).textContent(), 'Strona 2');
    // The accent itself (the colour of the current page's background: the reported bug), white, classic blue, purple.
    for (const linkColour of ['#2f5d50', '#ffffff', '#0000ee', 'rebeccapurple', '#fff200']) {
      const style = await page.addStyleTag({
        content: `a, a:link, a:visited, nav a, .site-main a { color: ${linkColour}; }`,
      });
      const { text, background } = await coloursOf(page, current);
      const ratio = contrast(text, background);
      assert.ok(
        ratio >= 4.5,
        `links coloured ${linkColour}: current page ${text} on ${background} has contrast ${ratio.toFixed(2)}`,
      );
      await style.evaluate((element) => (element as Element).remove());
    }
    await page.close();
  });

  it('shows in the range fields exactly the range that is applied', async () => {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/shop`);
    await page.getByLabel('Do', { exact: true }).fill('200');
    await page.waitForURL(/sf_price=-200$/);
    await settled(page);
    await page.getByLabel('Od', { exact: true }).fill('300');
    await page.waitForURL(/sf_price=200-300$/);
    await settled(page);
    assert.equal(
      await page.getByLabel('Od', { exact: true }).inputValue(),
      '200',
      'the minimum applied, not the 300 typed',
    );
    assert.equal(await page.getByLabel('Do', { exact: true }).inputValue(), '300');
    assert.match(await page.locator('.facet-filter__chip').first().innerText(), /Price: 200 – 300/);
    const found = Number.parseInt(await page.locator('.facet-filter__found').innerText(), 10);
    assert.equal(found, reference('sf_price=200-300').found);
    await page.close();
  });

  it('shows the range applied when the minimum is left with Tab or Enter, not after a pause', async () => {
    for (const leave of ['Tab', 'Enter']) {
      const page = await shop.browser.newPage();
      await page.goto(`${shop.server.url}/shop`);
      await page.waitForFunction(
        () => (document.querySelector('facet-filter') as { hasUpdated?: boolean } | null)?.hasUpdated === true,
      );
      await page.getByLabel('Do', { exact: true }).fill('200');
      await page.getByLabel('Do', { exact: true }).press(leave);
      await page.waitForURL(/sf_price=-200$/);
      await settled(page);
      await page.getByLabel('Od', { exact: true }).fill('300');
      await page.getByLabel('Od', { exact: true }).press(leave);
      await page.waitForURL(/sf_price=200-300$/);
      await settled(page);
      assert.deepEqual(
        [
          await page.getByLabel('Od', { exact: true }).inputValue(),
          await page.getByLabel('Do', { exact: true }).inputValue(),
        ],
        ['200', '300'],
        `left with ${leave}`,
      );
      await page.close();
    }
  });

  it('on a phone, "Show N results" closes the facets and moves to the results', async () => {
    await mkdir('test-output', { recursive: true });
    const page = await shop.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${shop.server.url}/shop`);
    const show = page.getByRole('button', { name: /^Pokaż \S+ wynik(i|ów|u)?$/ });
    assert.equal(await show.isVisible(), false, 'not offered while the facets are folded');
    await page.getByRole('button', { name: /^Filtry/ }).tap();
    await page.locator('[data-facet="color"] input[value="navy"]').tap();
    await page.waitForURL(/sf_color=navy$/);
    await settled(page);
    const expected = reference('sf_color=navy').found;
    assert.match((await show.innerText()).trim(), new RegExp(`^Pokaż ${expected} wynik(i|ów|u)?$`));
    assert.equal(await show.isVisible(), true);
    await page.screenshot({ path: 'test-output/shop-phone-show-results.png' });
    await show.tap();
    assert.equal(await page.locator('[data-facet="color"]').isVisible(), false, 'the facets are closed');
    assert.equal(
      await page.evaluate(() => document.activeElement?.classList.contains('facet-filter__heading')),
      true,
      'focus is on the results',
    );
    const heading = await page.locator('.facet-filter__heading').boundingBox();
    assert.ok(heading && heading.y >= 0 && heading.y < 844, `the results heading is on screen (y ${heading?.y})`);
    await page.screenshot({ path: 'test-output/shop-phone-results.png' });
    await page.close();
  });

  it("lays out the home page and the shop's second page for a desktop: nothing sideways, the facets beside the results, nothing axe flags", async () => {
    const page = await shop.browser.newPage({ viewport: { width: 1280, height: 1000 } });
    for (const path of ['/shop?sf_paged=2', '/']) {
      await page.goto(`${shop.server.url}${path}`);
      // The site's accent on links, as in the contrast test above: the page must stay readable with it.
      await page.addStyleTag({ content: 'a { color: #2f5d50; }' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scrolling at 1280 px on ${path} (${overflow} px too wide)`);
      assert.deepEqual(await seriousAxeViolations(page), [], path);
    }
    await page.goto(`${shop.server.url}/shop?sf_paged=2`);
    assert.equal(
      await page.getByRole('button', { name: /^Filtry/ }).isVisible(),
      false,
      'the facets are not folded behind "Filters"',
    );
    assert.equal(await page.locator('[data-facet="color"]').isVisible(), true, 'the colour facet is shown');
    const [facets, results] = await Promise.all([
      page.locator('.facet-filter__form').boundingBox(),
      page.locator('.facet-filter__grid').boundingBox(),
    ]);
    assert.ok(
      facets && results && facets.x + facets.width <= results.x,
      `the facets stand beside the results (${JSON.stringify({ facets, results })})`,
    );
    assert.equal(
      await page.locator('.facet-filter__pagination [aria-current="page"]').isVisible(),
      true,
      'the current page number is shown',
    );
    await page.close();
  });
});
