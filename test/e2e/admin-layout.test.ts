// Every admin screen (the screen table's, the product and page editors, and an order's view)
// fits a phone (390×844) and a desktop (1280×800): no sideways scrolling, axe clean, and no console error or page error
// on any.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_SCREEN_IDS, screenPath } from '../../client/admin/shell/admin-screens.js';
import { placeOrderThroughShop, productsInStock } from '../server/support/storefront-order.js';
import { managerInAdmin } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';
import type { TestServer } from '../server/support/test-server.js';

/** Every screen of the table, and the editors: new and existing products and pages. */
const paths = (server: TestServer) => [
  ...ADMIN_SCREEN_IDS.map((id) => screenPath(id)),
  screenPath('products', 'new'),
  screenPath('products', server.store.catalog.data.products[0]!.id),
  screenPath('pages', 'new'),
  screenPath('pages', server.store.site.data.pages[0]!.id),
];
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/**
 * A wait for the page's requests to settle: none in flight and none started for `quietMs`. Playwright's `networkidle`
 * waits a fixed 500 ms after the last request on every screen; the admin's data requests start as soon as a screen
 * renders, so a shorter quiet spell after its heading is drawn says the same.
 */
function requestsOf(page: Page): (quietMs: number) => Promise<void> {
  let inFlight = 0;
  let lastChange = performance.now();
  const change = (delta: number) => () => {
    inFlight += delta;
    lastChange = performance.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return async (quietMs) => {
    while (inFlight > 0 || performance.now() - lastChange < quietMs) await page.waitForTimeout(25);
  };
}

/**
 * Moves to the screen at `path` as the admin's own links do (a history entry and a popstate event, which its router
 * follows), so that the walk measures each screen rather than loading and compiling the admin's script once per screen.
 */
async function openScreen(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Two frames: the router's state change is committed and the new screen's data requests have started.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The screen's heading is drawn, the data layer has nothing in flight, and what it fetched is drawn. */
async function settled(page: Page, quiet: (quietMs: number) => Promise<void>): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await quiet(200);
}

describe('the admin panel: layout on every screen', () => {
  const shop = useShopInBrowser({ ownServer: true });

  for (const size of SIZES) {
    it(`fits ${size.width}×${size.height} on every screen, axe clean, with no console errors`, async () => {
      // An order, so that its view is walked too (the Orders list is in the screen table).
      const { number } = await placeOrderThroughShop(
        shop.server,
        `walker${size.width}@example.com`,
        productsInStock(shop.server, 2),
      );
      const orderView = screenPath('orders', (await shop.server.store.orders.findByNumber(number))!.id);
      const { page, errors } = await managerInAdmin(
        shop.browser,
        shop.server,
        `walker${size.width}`,
        '/admin/',
        'administrator',
      );
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      await page.setViewportSize(size);
      const quiet = requestsOf(page);
      const problems: string[] = [];
      const walk = [...paths(shop.server), orderView];
      for (const path of walk) {
        await openScreen(page, path);
        await settled(page, quiet);
        const { scrollWidth, innerWidth, wide, outside } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          // The screen scrolls inside the frame: nothing in it may scroll sideways either.
          wide: [...document.querySelectorAll('main, main *')]
            .filter(
              (element) =>
                element.scrollWidth > element.clientWidth + 1 &&
                ['auto', 'scroll'].includes(getComputedStyle(element).overflowX),
            )
            .map(
              (element) =>
                `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ${element.scrollWidth} > ${element.clientWidth}`,
            ),
          // Every panel is drawn inside its card.
          outside: [...document.querySelectorAll('.vitrine-admin__screen')].flatMap((card) => {
            const edge = card.getBoundingClientRect().right;
            return [...card.children]
              .filter((child) => child.getBoundingClientRect().right > edge + 1)
              .map((child) => `${child.tagName.toLowerCase()}.${[...child.classList].join('.')}`);
          }),
        }));
        for (const element of outside) problems.push(`${path}: drawn outside its card: ${element}`);
        if (scrollWidth > innerWidth) problems.push(`${path}: scrollWidth ${scrollWidth} > ${innerWidth}`);
        for (const element of wide) problems.push(`${path}: scrolls sideways: ${element}`);
        // The shell around the screens is checked whole on the first screen; after it, each screen's own part.
        const within = path === walk[0] ? undefined : 'main';
        for (const violation of await seriousAxeViolations(page, within)) problems.push(`${path}: ${violation}`);
      }
      assert.deepEqual([...problems, ...errors], []);
    });
  }
});
