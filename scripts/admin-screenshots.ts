// Takes the admin screenshots of docs/admin.md (docs/images/admin-*.png) in Chromium against a fresh demo shop:
// `node --import tsx scripts/admin-screenshots.ts` after `npm run build`.
import { launchChromium } from '../test/e2e/support/browser.js';
import { startTestServer } from '../test/server/support/test-server.js';

const out = (name: string) => new URL(`../docs/images/${name}`, import.meta.url).pathname;
const server = await startTestServer();
const browser = await launchChromium();
try {
  await server.basicAuthFor('editor', 'edna');
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}/login?redirect_to=/admin/`);
  await page.getByLabel('Login or e-mail').fill('edna');
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('table').waitFor();
  await page.screenshot({ path: out('admin-pages.png') });

  await page.getByRole('link', { name: 'Add page' }).click();
  await page.getByLabel('Title').fill('Summer shoes');
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.getByPlaceholder('Search').fill('facet');
  await page.getByRole('option', { name: 'Product filter' }).waitFor();
  await page.screenshot({ path: out('admin-inserter.png') });
  await page.getByRole('option', { name: 'Product filter' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Settings' });
  await sidebar.getByLabel('Colour').check();
  await sidebar.getByLabel('Size').check();
  await sidebar.getByLabel('Products per page').fill('6');
  await sidebar.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Shoes' });
  const canvas = page.frameLocator('iframe[name="editor-canvas"]');
  await canvas.locator('.facet-filter__title').nth(5).waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out('admin-editor.png') });
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  await page.goto(`${server.url}/summer-shoes`);
  await page.screenshot({ path: out('admin-published-page.png') });
} finally {
  await browser.close();
  await server.stop();
}
