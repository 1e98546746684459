// Issue 24, item 1: every admin screen (the screen table's, and the product editor) fits a phone (390×844) and a
// desktop (1280×800): no sideways scrolling, axe clean, and nothing written to the console's errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_SCREEN_IDS, screenPath } from '../../client/admin/shell/admin-screens.js';
import { managerInAdmin } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const PATHS = [...ADMIN_SCREEN_IDS.map((id) => screenPath(id)), '/admin/products/new'];
const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 800 }];

/** The screen's heading is drawn and the data layer has nothing in flight. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(150);
}

describe('the admin panel: layout on every screen', () => {
  const shop = useShopInBrowser({ ownServer: true });

  for (const size of SIZES) {
    it(`fits ${size.width}×${size.height} on every screen, axe clean, with no console errors`, async () => {
      const { page, errors } = await managerInAdmin(shop.browser, shop.server, `walker${size.width}`, '/admin/', 'administrator');
      page.on('console', (message) => { if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`); });
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      await page.setViewportSize(size);
      const problems: string[] = [];
      for (const path of PATHS) {
        await page.goto(`${shop.server.url}${path}`);
        await settled(page);
        const { scrollWidth, innerWidth, wide, outside } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          // The screen scrolls inside the frame: nothing in it may scroll sideways either.
          wide: [...document.querySelectorAll('main, main *')]
            .filter((element) => element.scrollWidth > element.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
            .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ${element.scrollWidth} > ${element.clientWidth}`),
          // Every panel is drawn inside its card.
          outside: [...document.querySelectorAll('.vitrine-admin__screen')].flatMap((card) => {
            const edge = card.getBoundingClientRect().right;
            return [...card.children].filter((child) => child.getBoundingClientRect().right > edge + 1).map((child) => `${child.tagName.toLowerCase()}.${[...child.classList].join('.')}`);
          }),
        }));
        for (const element of outside) problems.push(`${path}: drawn outside its card: ${element}`);
        if (scrollWidth > innerWidth) problems.push(`${path}: scrollWidth ${scrollWidth} > ${innerWidth}`);
        for (const element of wide) problems.push(`${path}: scrolls sideways: ${element}`);
        for (const violation of await seriousAxeViolations(page)) problems.push(`${path}: ${violation}`);
      }
      assert.deepEqual([...problems, ...errors], []);
    });
  }
});
