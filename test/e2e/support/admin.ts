/**
 * Helpers for the admin panel in a browser: a user signed in by a session cookie, and watching for CSP violations.
 *
 * The login form itself is tested once, in test/e2e/login.test.ts. Everywhere else the user signs in through the real
 * `POST /login` from Node (its CSRF token, its visitor cookie), and the session cookie it answers with is put into a
 * new browser context, which then opens the admin screen directly.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AdminLocale } from '../../../client/api/users.js';
import { SESSION_COOKIE } from '../../../server/auth/sessions.js';
import type { Role } from '../../../server/store/schema.js';
import { postLogin } from '../../server/support/login.js';
import type { TestServer } from '../../server/support/test-server.js';

/** The password `basicAuthFor` gives the users it creates. */
const PASSWORD = 'a-long-password';

/**
 * Gives `login` the admin in `locale` (wp/v2 users' `locale`). The admin suites are written against the admin's
 * English words, so their users choose English; a user who chooses nothing gets the demo shop's Polish.
 */
export async function chooseAdminLocale(server: TestServer, login: string, locale: AdminLocale): Promise<void> {
  const user = await server.store.users.findByLogin(login);
  assert.ok(user, `${login} exists`);
  await server.store.users.update(user.id, { locale });
}

/** Signs `login` in through `POST /login` and gives `context` the session cookie it answered with. */
export async function signInContext(
  context: BrowserContext,
  server: TestServer,
  login: string,
  password = PASSWORD,
): Promise<void> {
  const response = await postLogin(server.url, { login, password, redirect_to: '/' });
  assert.equal(response.status, 303, `${login} signs in`);
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  assert.ok(session, 'a correct login sets the session cookie');
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: session.slice(SESSION_COOKIE.length + 1),
      url: server.url,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}

/**
 * A new user of `role`, signed in by cookie in a new browser context, on the admin screen at `path`. The page records
 * CSP violations (see {@link violations}) and page errors (`errors`) for the test to assert on.
 */
async function signedInAdmin(
  browser: Browser,
  server: TestServer,
  login: string,
  role: Role,
  path: string,
): Promise<{ page: Page; errors: string[] }> {
  await server.basicAuthFor(role, login);
  await chooseAdminLocale(server, login, 'en_US');
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await signInContext(context, server, login);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      ((window as unknown as { __violations?: string[] }).__violations ??= []).push(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  const response = await page.goto(`${server.url}${path}`);
  assert.equal(response?.url(), `${server.url}${path}`, 'the signed-in user is served the screen, not sent to log in');
  return { page, errors };
}

/** A new editor (role `editor`: edit_pages only), signed in, on the Pages screen (`/admin/`). */
export async function editorInAdmin(browser: Browser, server: TestServer, login: string): Promise<Page> {
  const { page } = await signedInAdmin(browser, server, login, 'editor', '/admin/');
  await page.getByRole('heading', { name: 'Pages' }).waitFor();
  return page;
}

export function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
}

/**
 * A new shop manager (or `role`), signed in, on the admin screen at `path` (e.g. `/admin/settings`).
 * Page errors are collected in `errors` for the test to assert on.
 */
export function managerInAdmin(
  browser: Browser,
  server: TestServer,
  login: string,
  path: string,
  role: Role = 'shop_manager',
): Promise<{ page: Page; errors: string[] }> {
  return signedInAdmin(browser, server, login, role, path);
}
