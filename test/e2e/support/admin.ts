/** Helpers for the admin panel in a browser: signing in through the login form, and watching for CSP violations. */
import type { Browser, Page } from 'playwright-core';
import type { Role } from '../../../server/store/schema.js';
import type { TestServer } from '../../server/support/test-server.js';

/**
 * A new user of `role` signed in through the login form, then on the admin screen at `path`. The page records CSP
 * violations (see {@link violations}) and page errors (`errors`) for the test to assert on.
 */
async function signedInAdmin(browser: Browser, server: TestServer, login: string, role: Role, path: string): Promise<{ page: Page; errors: string[] }> {
  await server.basicAuthFor(role, login);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      ((window as unknown as { __violations?: string[] }).__violations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(`${server.url}/login?redirect_to=${encodeURIComponent(path)}`);
  await page.getByLabel('Login or e-mail').fill(login);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${server.url}${path}`);
  return { page, errors };
}

/** A new editor (role `editor`: edit_pages only), signed in through /login?redirect_to=/admin/, on the Pages screen. */
export async function editorInAdmin(browser: Browser, server: TestServer, login: string): Promise<Page> {
  const { page } = await signedInAdmin(browser, server, login, 'editor', '/admin/');
  await page.getByRole('heading', { name: 'Pages' }).waitFor();
  return page;
}

export function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
}

/**
 * A new shop manager signed in through the login form, then on the admin screen at `path` (e.g. `/admin/settings`).
 * Page errors are collected in `errors` for the test to assert on.
 */
export function managerInAdmin(browser: Browser, server: TestServer, login: string, path: string, role: Role = 'shop_manager'): Promise<{ page: Page; errors: string[] }> {
  return signedInAdmin(browser, server, login, role, path);
}
