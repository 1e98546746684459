// A shop manager adds a legal checkbox, makes it required and finds it on the storefront's checkout
// form; reorders checkboxes with the keyboard and by dragging, and the checkout follows; reads the statistics and the
// consent log filtered, and downloads it as CSV. axe on both screens.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { recordFormSubmission } from '../../server/compliance/checkboxes/consent-recorder.js';
import { publishLegalPages } from '../server/support/legal-pages.js';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

/** The labels of the checkout form's legal checkboxes, in the order a shopper sees them. */
async function checkoutLabels(browser: Browser, url: string, productSlug: string): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/product/${productSlug}`);
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await page.getByRole('status').filter({ hasText: 'Dodano do koszyka' }).waitFor();
  await page.goto(`${url}/checkout`);
  const labels = await page.locator('fieldset.legal-checkboxes label, .legal-checkboxes label').allInnerTexts();
  await context.close();
  return labels.map((label) => label.trim());
}

describe('the admin panel: legal checkboxes', () => {
  const shop = useShopInBrowser({ ownServer: true });
  const product = () =>
    shop.server.store.catalog.data.products.find((candidate) => candidate.in_stock && candidate.stock_quantity >= 5)!;

  it('adds a checkbox, makes it required, and the checkout form shows it as required', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'carla', '/admin/checkboxes');
    await page.getByRole('heading', { name: 'Legal checkboxes' }).waitFor();
    await page.getByRole('button', { name: 'Add checkbox' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add checkbox' });
    // An empty label is refused by the server and shown under the field; nothing is created.
    await dialog.getByRole('button', { name: 'Add checkbox' }).click();
    await dialog
      .getByText('label must not be empty.')
      .or(dialog.getByText('This field is required.'))
      .first()
      .waitFor();
    assert.equal(shop.server.store.site.data.checkboxes.length, 5);
    await dialog.getByLabel('Label').fill('I confirm that I am over 18');
    await dialog.getByRole('button', { name: 'Add checkbox' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'I confirm that I am over 18' });
    await row.waitFor();
    assert.match(await row.innerText(), /Checkout[\s\S]*No/);

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit checkbox' });
    await edit.getByLabel('Required').check();
    await edit.getByRole('button', { name: 'Save checkbox' }).click();
    await edit.waitFor({ state: 'detached' });

    const created = shop.server.store.site.data.checkboxes.find((box) => box.label === 'I confirm that I am over 18');
    assert.equal(created?.required, true);
    const labels = await checkoutLabels(shop.browser, shop.server.url, product().slug);
    assert.ok(
      labels.some((label) => /I confirm that I am over 18/.test(label)),
      `on the checkout form: ${labels.join(' | ')}`,
    );
    const context = await shop.browser.newContext();
    const shopper = await context.newPage();
    await shopper.goto(`${shop.server.url}/product/${product().slug}`);
    await shopper.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await shopper.getByRole('status').filter({ hasText: 'Dodano do koszyka' }).waitFor();
    await shopper.goto(`${shop.server.url}/checkout`);
    const box = shopper.getByRole('checkbox', { name: /I confirm that I am over 18/ });
    assert.equal(
      await box.evaluate(
        (input) => (input as HTMLInputElement).required || input.getAttribute('aria-required') === 'true',
      ),
      true,
      'required on the form',
    );
    await context.close();

    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('reorders with the keyboard and by dragging, and the checkout form follows', async () => {
    // The checkout shows the boxes that refer to a legal page once it is published (the seeded shop has none yet).
    await publishLegalPages(shop.server);
    const { page } = await managerInAdmin(shop.browser, shop.server, 'kamil', '/admin/checkboxes');
    const order = page.getByRole('list', { name: 'Order of the Checkout checkboxes' });
    await order.waitFor();
    const before = await order.locator('.vitrine-reorder__label').allInnerTexts();
    assert.ok(before.length >= 3);
    // Keyboard: focus the first item's "Move down" and press Enter twice: it ends up third.
    await order
      .getByRole('button', { name: /Move .* down/ })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await page.getByText(/moved to position 2 of/).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText(/moved to position 3 of/).waitFor();
    const expected = [before[1], before[2], before[0], ...before.slice(3)];
    await waitForOrder(page, expected);
    const checkout = () =>
      shop.server.store.site.data.checkboxes
        .filter((box) => box.location === 'checkout')
        .sort((a, b) => a.position - b.position)
        .map((box) => box.label);
    await waitUntil(() => JSON.stringify(checkout()) === JSON.stringify(expected));
    const shown = await checkoutLabels(shop.browser, shop.server.url, product().slug);
    const enabled = shop.server.store.site.data.checkboxes
      .filter((box) => box.location === 'checkout' && box.enabled)
      .sort((a, b) => a.position - b.position);
    assert.equal(shown.length, enabled.length);
    shown.forEach((label, index) =>
      assert.ok(label.startsWith(enabled[index]!.label.slice(0, 20)), `${label} at ${index}`),
    );
    assert.ok(shown[2]!.startsWith(before[0]!.slice(0, 20)), 'the storefront follows the new order');

    // Drag the last item onto the first.
    const items = order.locator('.vitrine-reorder__item');
    const last = (await items.count()) - 1;
    const beforeDrag = await order.locator('.vitrine-reorder__label').allInnerTexts();
    await items.nth(last).dragTo(items.nth(0));
    const afterDrag = [beforeDrag[last]!, ...beforeDrag.slice(0, last)];
    await waitForOrder(page, afterDrag);
    await waitUntil(() => JSON.stringify(checkout()) === JSON.stringify(afterDrag));
    await page.close();
  });

  it('shows shown/accepted per day, filters the consent log and downloads it as CSV', async () => {
    const store = shop.server.store;
    await recordFormSubmission(store, {
      location: 'contact',
      shownIds: [5],
      acceptedIds: [5],
      ip: '203.0.113.44',
      time: '2026-05-04T09:00:00.000Z',
    });
    await recordFormSubmission(store, {
      location: 'contact',
      shownIds: [5],
      acceptedIds: [],
      ip: '203.0.113.45',
      time: '2026-05-04T10:00:00.000Z',
    });
    await recordFormSubmission(store, {
      location: 'registration',
      shownIds: [4],
      acceptedIds: [4],
      ip: '203.0.113.46',
      time: '2026-05-06T10:00:00.000Z',
    });
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'lena', '/admin/consent-log');
    await page.getByRole('heading', { name: 'Statistics and consent log' }).waitFor();
    await page.getByLabel('Form').selectOption('contact');
    await page.getByLabel('From').fill('2026-05-01');
    await page.getByLabel('To').fill('2026-05-31');
    // Days and times in the shop's time zone (Europe/Warsaw: UTC+2 in May), whatever the browser's settings, written
    // in the manager's chosen English.
    const day = (iso: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(iso));
    const time = (iso: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Warsaw', dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      );
    const table = page.getByRole('table', { name: 'Shown and accepted per day' });
    await table.getByRole('row', { name: day('2026-05-04') }).waitFor();
    assert.deepEqual(
      await table
        .getByRole('row', { name: day('2026-05-04') })
        .getByRole('cell')
        .allInnerTexts(),
      ['2', '1', '50%'],
    );
    assert.equal(await table.getByRole('row', { name: day('2026-05-06') }).count(), 0, 'registration filtered out');
    await page.getByRole('cell', { name: '203.0.113.0' }).first().waitFor();
    await page.getByRole('cell', { name: time('2026-05-04T09:00:00.000Z') }).waitFor();
    assert.match(time('2026-05-04T09:00:00.000Z'), /11:00/);
    assert.equal(await page.getByRole('cell', { name: time('2026-05-06T10:00:00.000Z') }).count(), 0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines.length, 3, csv);
    assert.ok(lines.slice(1).every((line) => line.includes(',contact,')));
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

async function waitForOrder(page: Page, expected: string[]) {
  const order = page.getByRole('list', { name: 'Order of the Checkout checkboxes' });
  await waitUntil(
    async () =>
      JSON.stringify(await order.locator('.vitrine-reorder__label').allInnerTexts()) === JSON.stringify(expected),
  );
}

async function waitUntil(condition: () => boolean | Promise<boolean>, timeout = 5000) {
  const end = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('The condition did not hold within 5 s.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
