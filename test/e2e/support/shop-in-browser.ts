/**
 * The Chromium and the servers of the end-to-end tests. `npm test` runs every test/e2e file in one process
 * (test/e2e/all.ts), so they share one Chromium, launched on first use and closed when the process's tests are done.
 *
 * Servers come two ways:
 * - `useShopInBrowser()`: the one shared server over the seeded demo shop, for tests that only read the shop (browsing,
 *   filtering, logging in). After each test it checks that the shop's data is as before, and fails a test that wrote:
 *   such a test would make the others depend on whether it ran first.
 * - `useShopInBrowser({ ownServer: true })`: a new server for each test, over its own copy of the seeded demo shop
 *   (about 50 ms), for tests that write what they, or others, assert on.
 *
 * Each test opens its own browser contexts (`shop.browser.newContext()`, or `newPage()`, which makes one per page);
 * whatever a test leaves open, even when it fails, is closed after it, so that nothing of it runs on into the next.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, afterEach, before, beforeEach } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestServer, type TestServer } from '../../server/support/test-server.js';
import { launchChromium } from './browser.js';

export interface ShopInBrowser {
  server: TestServer;
  /** The shared Chromium; the contexts and pages a test opens through it are closed after the test. */
  browser: Browser;
}

let chromium: Promise<Browser> | undefined;
let sharedServer: Promise<TestServer> | undefined;

/** The process's Chromium, launched on first use. */
export function sharedChromium(): Promise<Browser> {
  chromium ??= launchChromium();
  return chromium;
}

function theSharedServer(): Promise<TestServer> {
  sharedServer ??= startTestServer();
  return sharedServer;
}

// A root-level hook: it runs once every test of the process (every e2e file, under test/e2e/all.ts) has run.
after(async () => {
  const [browser, server] = await Promise.all([chromium?.catch(() => undefined), sharedServer?.catch(() => undefined)]);
  await browser?.close();
  await server?.stop();
});

/** What a test could write to a shop and assert on: a test on the shared server must leave all of it as it was. */
async function shopFingerprint(server: TestServer): Promise<string> {
  const { store } = server;
  const parts = await Promise.all([
    store.site.data,
    store.catalog.data,
    store.users.list(),
    store.orders.list(),
    store.messages.list(),
    store.withdrawals.list(),
    store.dsaNotices.list(),
    store.consent.log(),
    store.consent.counters(),
    store.apiKeys.list(),
    store.priceHistory.all(),
    store.media.list(),
  ]);
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** A browser whose `newContext` and `newPage` remember what they opened, for `closeAll` after the test. */
function trackingBrowser(browser: Browser): { browser: Browser; closeAll(): Promise<void> } {
  const contexts = new Set<BrowserContext>();
  const tracked = new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') {
        return async (...args: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...args);
          contexts.add(context);
          return context;
        };
      }
      if (property === 'newPage') {
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args);
          contexts.add(page.context());
          return page;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    browser: tracked,
    async closeAll() {
      const open = [...contexts];
      contexts.clear();
      await Promise.all(open.map((context) => context.close().catch(() => undefined)));
    },
  };
}

/**
 * @param options.ownServer a new server over a copy of the seeded shop for each test (for tests that write)
 * @param options.env that server's environment beyond its data folder (only with `ownServer`)
 */
export function useShopInBrowser(options: { ownServer?: boolean; env?: NodeJS.ProcessEnv } = {}): ShopInBrowser {
  const shop = {} as ShopInBrowser;
  let tracking: ReturnType<typeof trackingBrowser>;
  let fingerprint = '';
  before(async () => {
    tracking = trackingBrowser(await sharedChromium());
    shop.browser = tracking.browser;
    if (!options.ownServer) shop.server = await theSharedServer();
  });
  beforeEach(async () => {
    if (options.ownServer) shop.server = await startTestServer({ env: options.env });
    else fingerprint = await shopFingerprint(shop.server);
  });
  afterEach(async () => {
    await tracking?.closeAll();
    if (options.ownServer) {
      await shop.server?.stop();
    } else if (shop.server) {
      assert.equal(
        await shopFingerprint(shop.server),
        fingerprint,
        'this test changed the shared shop: give its suite its own server with useShopInBrowser({ ownServer: true })',
      );
    }
  });
  return shop;
}
