// The admin speaks the manager's words and the shop's time. A settings error, a product price
// error and a password error read as sentences with the field's label; "129,99" typed in a Polish shop saves as
// 129.99; and a known record's time shows in the shop's time zone, not the browser's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { AdminLocale } from '../../client/api/users.js';
import { formatMoney } from '../../server/catalog/price-format.js';
import { productDisplay } from '../../server/catalog/product-display.js';
import type { Role } from '../../server/store/schema.js';
import type { TestServer } from '../server/support/test-server.js';
import { chooseAdminLocale, signInContext } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

/**
 * A shop manager (or `role`) signed in, with the admin in `locale`, in a browser whose own time zone is `timezoneId`,
 * on `path`. Page errors and console errors are collected for the test, but for the browser's own line about a refused
 * request (a 400 is the refusal these tests provoke).
 */
async function managerAt(
  browser: Browser,
  server: TestServer,
  login: string,
  path: string,
  timezoneId = 'Europe/Warsaw',
  role: Role = 'shop_manager',
  locale: AdminLocale = 'en_US',
): Promise<{ page: Page; errors: string[] }> {
  await server.basicAuthFor(role, login);
  await chooseAdminLocale(server, login, locale);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId, locale: 'en-US' });
  await signInContext(context, server, login);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      !/^Failed to load resource: the server responded with a status of 400/.test(message.text())
    )
      errors.push(message.text());
  });
  await page.goto(`${server.url}${path}`);
  return { page, errors };
}

describe("the admin panel: the manager's words", () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('says what a refused setting must be, with its label', async () => {
    const { page, errors } = await managerAt(shop.browser, shop.server, 'sabina', '/admin/settings/compliance');
    await page.getByLabel('Omnibus look-back in days').fill('400');
    await page.getByRole('button', { name: 'Save Compliance settings' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Omnibus look-back in days must be a whole number from 1 to 365.' })
      .waitFor();
    // Scoped to the screen: WordPress's notices also speak their text in a live region of their own.
    await page.locator('.vitrine-admin__screen').getByText('Nothing was saved: 1 setting needs correcting.').waitFor();
    assert.equal(await page.getByText('omnibus_days').count(), 0, 'no API name on the screen');
    assert.equal(shop.server.store.site.data.settings.compliance.omnibus_days, 30);
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
  });

  it('refuses a sale price above the regular one in the product editor, naming the regular price in the shop\'s money; "129,99" saves as 129.99', async () => {
    const product = shop.server.store.catalog.data.products.find(
      (candidate) => (candidate.type ?? 'simple') === 'simple' && candidate.sale_price === null,
    )!;
    const { page, errors } = await managerAt(shop.browser, shop.server, 'piotr', `/admin/products/${product.id}`);
    const regular = page.getByLabel('Regular price');
    // The field shows the stored price the shop's way.
    assert.equal(await regular.inputValue(), product.regular_price.toFixed(2).replace('.', ','));
    await page.getByLabel('Sale price').fill(`${Math.floor(product.regular_price) + 1},50`);
    await page
      .getByRole('button', { name: /^(Save|Update)/ })
      .first()
      .click();
    const money = formatMoney(product.regular_price, productDisplay(shop.server.store));
    await page.getByText(`Sale price must be lower than the regular price (${money}).`).waitFor();
    assert.equal(
      shop.server.store.catalog.data.products.find((candidate) => candidate.id === product.id)!.sale_price,
      null,
      'nothing saved',
    );

    await page.getByLabel('Sale price').fill('');
    await regular.fill('129,99');
    await page
      .getByRole('button', { name: /^(Save|Update)/ })
      .first()
      .click();
    await page.waitForFunction(() => !document.querySelector('[aria-invalid="true"]'));
    await page
      .getByText(/saved|updated/i)
      .first()
      .waitFor();
    const stored = shop.server.store.catalog.data.products.find((candidate) => candidate.id === product.id)!;
    assert.equal(stored.regular_price, 129.99);
    assert.equal(await regular.inputValue(), '129,99');
    assert.deepEqual(errors, []);
  });

  it('states the password rule before typing, and again in a sentence after a refusal', async () => {
    const { page, errors } = await managerAt(
      shop.browser,
      shop.server,
      'paula',
      '/admin/users',
      'Europe/Warsaw',
      'administrator',
    );
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByText(/At least 8 and at most 200 characters/).waitFor();
    await dialog.getByLabel('Username').fill('shorty');
    await dialog.getByLabel('E-mail').fill('shorty@example.com');
    await dialog.getByLabel('Password').fill('abc12');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Password must be at least 8 characters long: type a longer one, or generate one.' })
      .waitFor();
    await dialog.getByText('Nothing was saved: correct the field marked below.').waitFor();
    assert.equal(await dialog.getByText('Invalid parameter(s)').count(), 0);
    assert.equal(
      (await shop.server.store.users.list()).some((user) => user.login === 'shorty'),
      false,
    );
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
  });
});

describe("the admin panel: the shop's time", () => {
  const shop = useShopInBrowser({ ownServer: true });

  it("shows a known record's time in the shop's time zone and locale, not the browser's", async () => {
    // The shop is in Tokyo (UTC+9, no summer time) writing British English; the browser is in New York (UTC-5 in
    // January).
    await shop.server.store.site.update((site) => {
      site.settings.general.timezone = 'Asia/Tokyo';
      site.settings.general.locale = 'en-GB';
      site.pages.find((page) => page.slug === 'shop')!.modified_at = '2026-01-15T10:30:00.000Z';
    });
    await shop.server.store.messages.create(
      {
        name: 'Tomasz',
        email: 'tomasz@example.com',
        subject: 'A question about time',
        message: 'When?',
        user_id: null,
        created_at: '2026-01-15T10:30:00.000Z',
      },
      [],
    );
    const { page, errors } = await managerAt(
      shop.browser,
      shop.server,
      'tokio',
      '/admin/messages',
      'America/New_York',
      'shop_manager',
      '',
    );
    assert.equal(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), 'America/New_York');
    const row = page.getByRole('row').filter({ hasText: 'A question about time' });
    await row.waitFor();
    // 10:30 UTC is 19:30 in Tokyo (05:30 in New York): en-GB writes "15 Jan 2026, 19:30".
    assert.match(await row.innerText(), /15 Jan 2026, 19:30/);
    assert.doesNotMatch(await row.innerText(), /05:30|5:30 AM|10:30/);

    // wp/v2's `modified` is the shop's wall clock: the pages list shows it as such.
    await page.goto(`${shop.server.url}/admin/pages`);
    await page.getByRole('heading', { name: 'Pages' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    const rows = await page.getByRole('row').allInnerTexts();
    assert.ok(
      rows.some((text) => /15 Jan 2026, 19:30/.test(text)),
      `a row shows 15 Jan 2026, 19:30: ${rows.join(' | ')}`,
    );
    assert.ok(!rows.some((text) => /05:30|5:30 AM/.test(text)), 'no browser time');
    assert.deepEqual(errors, []);
  });
});

describe("the admin panel: the user's language", () => {
  const shop = useShopInBrowser({ ownServer: true });

  it("speaks the Polish shop's Polish to a user who chose nothing, and English once they choose it in their profile", async () => {
    await shop.server.store.messages.create(
      {
        name: 'Ola',
        email: 'ola@example.com',
        subject: 'Pytanie o dostawę',
        message: 'Kiedy?',
        user_id: null,
        created_at: '2026-01-15T10:30:00.000Z',
      },
      [],
    );
    const { page, errors } = await managerAt(
      shop.browser,
      shop.server,
      'halina',
      '/admin/messages',
      'America/New_York',
      'shop_manager',
      '',
    );
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Zamówienia', exact: true }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'pl');
    assert.equal(await nav.getByRole('link', { name: 'Orders', exact: true }).count(), 0);
    const row = page.getByRole('row').filter({ hasText: 'Pytanie o dostawę' });
    // 10:30 UTC is 11:30 in Warsaw, the shop's time zone, with the month in Polish.
    assert.match(await row.innerText(), /15 sty 2026, 11:30/);
    assert.deepEqual(await seriousAxeViolations(page), []);

    await page.getByRole('link', { name: 'Zalogowano jako halina' }).click();
    await page.getByLabel('Język panelu').selectOption('en_US');
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await nav.getByRole('link', { name: 'Orders', exact: true }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.equal((await shop.server.store.users.findByLogin('halina'))?.locale, 'en_US');
    await page.goto(`${shop.server.url}/admin/messages`);
    assert.match(
      await page.getByRole('row').filter({ hasText: 'Pytanie o dostawę' }).innerText(),
      /Jan 15, 2026, 11:30\sAM/,
    );
    assert.deepEqual(errors, []);
  });
});
