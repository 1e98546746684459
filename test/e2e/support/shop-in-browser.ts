/** A real server with the demo shop and a Chromium for one end-to-end suite, started before it and closed after. */
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../../server/support/test-server.js';
import { launchChromium } from './browser.js';

export interface ShopInBrowser {
  server: TestServer;
  browser: Browser;
}

/** @param env the server's environment beyond a fresh data folder */
export function useShopInBrowser(env: NodeJS.ProcessEnv = {}): ShopInBrowser {
  const shop = {} as ShopInBrowser;
  before(async () => {
    shop.server = await startTestServer({ env });
    shop.browser = await launchChromium();
  });
  after(async () => {
    await shop.browser?.close();
    await shop.server?.stop();
  });
  return shop;
}
