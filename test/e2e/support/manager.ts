/** A shop manager (role `shop_manager`: manage_shop and edit_pages) signed in through the login form, on the admin. */
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../../server/support/test-server.js';

export async function managerInAdmin(browser: Browser, server: TestServer, login: string): Promise<Page> {
  await server.basicAuthFor('shop_manager', login);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      ((window as unknown as { __violations?: string[] }).__violations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(`${server.url}/login?redirect_to=/admin/`);
  await page.getByLabel('Login or e-mail').fill(login);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${server.url}/admin/`);
  await page.getByRole('heading', { name: 'Pages' }).waitFor();
  return page;
}
