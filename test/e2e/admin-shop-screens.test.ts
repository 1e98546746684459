// A shop manager's tasks in the admin, in Chromium, on a real server:
// quick-edit a sale price (seen on the storefront and in the API), edit a variation, import a CSV (a bad row is
// reported and nothing applied; a good file is applied with the progress reaching 100%; the images a file names by URL
// are fetched after it, and a failing one is listed with its row), decide a DSA notice, follow a green claim to the
// product editor's description, read the product-safety report and follow it to the editor. Keyboard only where a task
// allows, and axe on every screen. The product editor itself: admin-product-editor.test.ts.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../server/catalog/price-format.js';
import { productDisplay } from '../../server/catalog/product-display.js';
import { catalogCsv, type CatalogCsvRow } from '../server/support/catalog-csv.js';
import { startImageServer } from '../server/support/image-server.js';
import { fetchJson } from '../server/support/test-server.js';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe("the admin panel: a shop manager's screens", () => {
  // The supplier's image server of the import test runs on 127.0.0.1, which the shop fetches from only when told.
  const shop = useShopInBrowser({ ownServer: true, env: { IMAGE_FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  let apiAuth: string;
  const api = (path: string, init: Parameters<typeof fetchJson>[1] = {}) =>
    fetchJson(shop.server.restUrl(path), {
      ...init,
      headers: { authorization: apiAuth, ...(init.headers as Record<string, string>) },
    });

  beforeEach(async () => {
    apiAuth = await shop.server.basicAuthFor('shop_manager', 'api-manager');
    await shop.server.store.site.update((site) => {
      site.settings.compliance.greenwashing_enabled = true;
      site.settings.compliance.gpsr_enabled = true;
      site.settings.compliance.dsa_enabled = true;
    });
  });

  async function screen(page: Page, link: string, heading: string): Promise<void> {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  }

  async function assertAccessible(page: Page, where: string): Promise<void> {
    assert.deepEqual(await seriousAxeViolations(page), [], `axe: ${where}`);
  }

  it('quick-edits a sale price by keyboard: the API and the storefront product page show it; a bad one is refused beside its field', async () => {
    const { page } = await managerInAdmin(shop.browser, shop.server, 'mia', '/admin/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await screen(page, 'Products', 'Products');
    const product = shop.server.store.catalog.data.products.find(
      (candidate) =>
        (candidate.type ?? 'simple') === 'simple' &&
        candidate.sale_price === null &&
        (candidate.status ?? 'publish') === 'publish',
    )!;
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.sku);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: product.title, exact: true }) });
    await row.waitFor();
    await assertAccessible(page, 'products list');

    // The name links to the editor; the quick edit is in the row's actions.
    await row.getByRole('button', { name: 'Actions' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Quick edit' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Quick edit: ${product.title}` });
    await dialog.waitFor();
    assert.match(page.url(), new RegExp(`/admin/products\\?edit=${product.id}$`));
    const regular = product.regular_price;
    // A sale price above the regular one: the server's reason shows beside the field, nothing is stored.
    await dialog.getByLabel('Sale price').fill(String(regular + 1));
    await dialog.getByLabel('Sale price').press('Enter');
    // In the manager's words, with the regular price in the shop's money.
    const reason = dialog.getByRole('alert').filter({
      hasText: `Sale price must be lower than the regular price (${formatMoney(regular, productDisplay(shop.server.store))}).`,
    });
    await reason.waitFor();
    assert.equal(await dialog.getByLabel('Sale price').getAttribute('aria-invalid'), 'true');
    assert.equal((await api(`/wc/v3/products/${product.id}`)).body.sale_price, '', 'nothing saved');
    await assertAccessible(page, 'quick edit with an error');

    const sale = Math.floor(regular * 0.5 * 100) / 100;
    await dialog.getByLabel('Sale price').fill(sale.toFixed(2));
    await dialog.getByLabel('Sale ends').fill('2099-12-31');
    await dialog.getByLabel('Stock quantity').fill('7');
    await dialog.getByLabel('Stock quantity').press('Enter');
    await dialog.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const stored = (await api(`/wc/v3/products/${product.id}`)).body;
    assert.equal(stored.sale_price, sale.toFixed(2));
    assert.equal(stored.on_sale, true);
    assert.equal(stored.stock_quantity, 7);
    assert.equal(stored.date_on_sale_to, '2099-12-31T23:59:59');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.match(page.url(), /\/admin\/products$/);

    const visitor = await shop.browser.newPage();
    await visitor.goto(`${shop.server.url}/product/${product.slug}`);
    const main = await visitor.locator('main').innerText();
    assert.ok(
      main.includes(formatMoney(sale, productDisplay(shop.server.store))),
      `the product page shows the sale price ${sale}`,
    );
    await visitor.close();

    // The list's on-sale filter is the server's: the product is among those on sale now.
    const onSale = await api(`/wc/v3/products?on_sale=true&sku=${encodeURIComponent(product.sku)}`);
    assert.deepEqual(
      onSale.body.map((item: { id: number }) => item.id),
      [product.id],
    );
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('edits a variation of a variable product in the same quick edit', async () => {
    const product = shop.server.store.catalog.data.products.find(
      (candidate) => candidate.type === 'variable' && (candidate.variations?.length ?? 0) > 1,
    )!;
    const variation = product.variations![1]!;
    const { page } = await managerInAdmin(shop.browser, shop.server, 'vic', `/admin/products?edit=${product.id}`);
    const dialog = page.getByRole('dialog', { name: `Quick edit: ${product.title}` });
    await dialog.waitFor();
    const group = dialog.getByRole('group').filter({ hasText: variation.sku });
    const price = (variation.regular_price + 3).toFixed(2);
    await group.getByLabel('Regular price').fill(price);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const stored = (await api(`/wc/v3/products/${product.id}/variations/${variation.id}`)).body;
    assert.equal(stored.regular_price, price);
    const other = (await api(`/wc/v3/products/${product.id}/variations/${product.variations![0]!.id}`)).body;
    assert.equal(
      other.regular_price,
      product.variations![0]!.regular_price.toFixed(2),
      'the other variation is untouched',
    );
    await assertAccessible(page, 'variations quick edit');
    await page.close();
  });

  it('imports a CSV: a bad row is reported and nothing applied; a good file is applied with the progress reaching 100%', async () => {
    const { page } = await managerInAdmin(shop.browser, shop.server, 'ian', '/admin/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await screen(page, 'Products', 'Products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const file = (name: string, ...rows: CatalogCsvRow[]) => ({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(catalogCsv(rows)),
    });
    const home = { Type: 'simple', Published: 1, 'In stock?': 1, Stock: 3, Categories: 'Home' };
    const lamp = { ...home, SKU: 'E2E-1', Name: 'Imported lamp', 'Regular price': 40, 'Sale price': '' };
    const before = shop.server.store.catalog.data.products.length;

    await page.getByLabel('Replace: the file becomes the whole catalog').check();
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles(
        file('bad.csv', lamp, { ...home, SKU: 'E2E-2', Name: 'Imported rug', 'Regular price': '12,5 zł?' }),
      );
    const problems = page.getByRole('table', { name: 'Rejected rows' });
    await problems.waitFor();
    assert.deepEqual(await problems.locator('tbody tr').first().locator('td').allInnerTexts(), [
      '3',
      'Regular price',
      await problems.locator('tbody td').nth(2).innerText(),
    ]);
    assert.match(await problems.locator('tbody td').nth(2).innerText(), /12,5 zł\?/);
    assert.match(await page.locator('.vitrine-import__report').innerText(), /1 row is rejected/);
    assert.equal(
      await page.getByRole('button', { name: 'Import', exact: true }).getAttribute('aria-disabled'),
      'true',
      'a replace with a bad row is not offered',
    );
    assert.equal(shop.server.store.catalog.data.products.length, before, 'nothing applied');
    assert.ok(!shop.server.store.catalog.data.products.some((product) => product.sku === 'E2E-1'));
    await assertAccessible(page, 'import report');

    await page.getByLabel('Merge: update the products the file lists, add new ones').check();
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles(file('good.csv', lamp, { ...home, SKU: 'E2E-2', Name: 'Imported rug', 'Regular price': '12.50' }));
    await page
      .locator('.vitrine-import__report')
      .filter({ hasText: '2 products and 0 variations are valid' })
      .waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Imported: the catalog now has' }).waitFor();
    assert.equal(await page.locator('#vitrine-import-progress').getAttribute('value'), '100');
    assert.equal(await page.locator('.vitrine-import__percent').innerText(), '100%');
    const imported = await api('/wc/v3/products?sku=E2E-2');
    assert.equal(imported.body[0]?.regular_price, '12.50');
    assert.equal(shop.server.store.catalog.data.products.length, before + 2);
    await page.close();
  });

  it('imports a CSV naming images by URL: the images follow the import with their own progress, a failing one listed by row', async () => {
    const images = await startImageServer();
    try {
      const { page } = await managerInAdmin(shop.browser, shop.server, 'ivo', '/admin/');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await screen(page, 'Products', 'Products');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const home = { Type: 'simple', Published: 1, 'In stock?': 1, Stock: 3, Categories: 'Home' };
      const csv = catalogCsv([
        { ...home, SKU: 'E2E-IMG-1', Name: 'Pictured vase', 'Regular price': 15, Images: images.url('/red.png') },
        { ...home, SKU: 'E2E-IMG-2', Name: 'Unpictured vase', 'Regular price': 16, Images: images.url('/missing.jpg') },
      ]);
      await page
        .getByLabel('CSV file', { exact: true })
        .setInputFiles({ name: 'images.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page
        .locator('.vitrine-import__report')
        .filter({ hasText: '2 products and 0 variations are valid' })
        .waitFor();
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Images: 1 fetched, 0 already in the media library, 1 failed.' })
        .waitFor({ timeout: 20_000 });
      const failed = page.getByRole('table', { name: /1 image could not be fetched/ });
      assert.deepEqual(await failed.locator('tbody td').allInnerTexts(), [
        '3',
        images.url('/missing.jpg'),
        'was answered 404 Not Found',
      ]);
      assert.equal(await page.locator('#vitrine-image-progress').getAttribute('value'), '100');
      await assertAccessible(page, 'image fetch report');
      assert.deepEqual(await violations(page), []);
      const vase = shop.server.store.catalog.data.products.find((product) => product.sku === 'E2E-IMG-1');
      assert.match(vase?.image ?? '', /^\/media\/uploads\/\d+\/red\.png$/);
      await page.close();
    } finally {
      await images.close();
    }
  });

  it('marks a DSA notice as handled with a decision note, by keyboard; the API answers the new status', async () => {
    const product = shop.server.store.catalog.data.products[2]!;
    const notice = await shop.server.store.dsaNotices.create({
      product_id: product.id,
      url: `${shop.server.config.siteUrl}/product/${product.slug}`,
      explanation: 'Counterfeit <b>brand</b> goods.\nSee the logo.',
      name: 'Ola Kowal',
      email: 'ola@example.com',
      good_faith: true,
      ip: '127.0.0.0',
      created_at: new Date().toISOString(),
    });
    const { page } = await managerInAdmin(shop.browser, shop.server, 'dora', '/admin/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await screen(page, 'DSA notices', 'DSA notices');
    const open = page.getByRole('button', { name: notice.reference });
    await open.waitFor();
    await assertAccessible(page, 'DSA notices list');
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `DSA notice ${notice.reference}` });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Counterfeit <b>brand<\/b> goods\./, 'the explanation is shown as typed');
    await dialog.getByLabel('Status').selectOption('actioned');
    await dialog.getByLabel('Decision note (statement of reasons)').fill('Listing removed: infringing trademark.');
    await dialog.getByRole('button', { name: 'Save decision' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: 'Decision saved.' }).waitFor();
    await assertAccessible(page, 'DSA notice dialog');
    const stored = await api(`/compliance/v1/dsa-notices/${notice.id}`);
    assert.equal(stored.body.status, 'actioned');
    assert.equal(stored.body.decision_note, 'Listing removed: infringing trademark.');
    await page.keyboard.press('Escape');
    // The list follows the saved status.
    await page.getByRole('row').filter({ hasText: notice.reference }).filter({ hasText: 'Actioned' }).waitFor();
    await page.close();
  });

  it('lists a product claiming "eco-friendly" with the phrase marked (markup escaped) and a link to its description in the editor', async () => {
    const product = shop.server.store.catalog.data.products.find(
      (candidate) => (candidate.type ?? 'simple') === 'simple' && !/green|eco/i.test(candidate.title),
    )!;
    const saved = await api(`/wc/v3/products/${product.id}`, {
      method: 'PUT',
      json: { description: 'Tee <img src=x onerror=alert(1)> eco-friendly cotton.' },
    });
    assert.equal(saved.status, 200);
    const { page } = await managerInAdmin(shop.browser, shop.server, 'gina', '/admin/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await screen(page, 'Green claims', 'Green claims');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: product.title, exact: true }) });
    await row.waitFor();
    assert.deepEqual(await row.locator('mark').allInnerTexts(), ['eco-friendly']);
    assert.match(
      await row.innerText(),
      /Tee <img src=x onerror=alert\(1\)> eco-friendly cotton\./,
      'markup shown as text',
    );
    assert.equal(await row.locator('img').count(), 0);
    assert.match(await row.innerText(), /English/);
    await assertAccessible(page, 'green claims');

    await row.getByRole('link', { name: product.title, exact: true }).click();
    await page.getByRole('heading', { name: 'Edit product', level: 1 }).waitFor();
    assert.match(page.url(), new RegExp(`/admin/products/${product.id}#product-description$`));
    // The description, where the claim is, has the focus.
    await page.waitForFunction(() => document.activeElement?.closest('#product-description') !== null);
    assert.match(
      await page.evaluate(() => (document.activeElement as HTMLTextAreaElement).value),
      /eco-friendly cotton/,
    );
    assert.deepEqual(dialogs, []);
    await page.close();
  });

  it('lists the products missing safety information, with what is missing and links', async () => {
    const { page } = await managerInAdmin(shop.browser, shop.server, 'sara', '/admin/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await screen(page, 'Product safety', 'Product safety');
    const report = (await api('/compliance/v1/product-safety')).body;
    assert.ok(report.total > 0, "two of the demo's brands lack safety information (the others have it)");
    const first = report.products[0];
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: first.title, exact: true }) });
    await row.first().waitFor();
    // The row names what is missing, as the report says (the demo's brands have some safety data).
    assert.ok(first.missing.length > 0);
    assert.ok(
      (await row.first().innerText()).includes(`Meta: ${first.missing[0]}`),
      `the row names ${first.missing[0]}`,
    );
    assert.equal(
      await row.first().getByRole('link', { name: first.title, exact: true }).getAttribute('href'),
      first.url,
    );
    await assertAccessible(page, 'product safety');
    await row
      .first()
      .getByRole('link', { name: `Edit ${first.title}` })
      .click();
    await page.getByRole('heading', { name: 'Edit product', level: 1 }).waitFor();
    assert.match(page.url(), new RegExp(`/admin/products/${first.id}#product-safety$`));
    await page.close();
  });
});
