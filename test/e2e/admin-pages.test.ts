// An editor builds a shop page in the admin's block editor, with the facet/filter block from the inserter,
// and visitors get exactly that widget. Also: inserting with the keyboard alone, and axe on every admin screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { editorInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The editor's canvas is an iframe; its content is where the blocks are. */
const canvas = (page: Page) => page.frameLocator('iframe[name="editor-canvas"]');

describe('the admin panel: pages in the block editor', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('lets an editor insert facet/filter by typing "facet", set it up, publish, and visitors get that widget', async () => {
    const page = await editorInAdmin(shop.browser, shop.server, 'edna');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.getByRole('link', { name: 'Add page' }).click();
    await page.waitForURL(/\/admin\/pages\/new$/);
    await page.getByLabel('Title').fill('Summer shoes');

    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByPlaceholder('Search').fill('facet');
    const option = page.getByRole('option', { name: 'Product filter' });
    // The block's icon is the funnel (three lines), not a triangle that reads as a warning.
    assert.match(await option.locator('svg').first().innerHTML(), /M10 17\.5H14/);
    await option.click();

    const sidebar = page.getByRole('complementary', { name: 'Settings' });
    await sidebar.getByLabel('Colour').check();
    await sidebar.getByLabel('Size').check();
    await sidebar.getByLabel('Products per page').fill('6');
    await sidebar.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Shoes' });
    // The live preview is the server's rendering of those attributes: 6 cards, only the two facets.
    await canvas(page).locator('.facet-filter__title').nth(5).waitFor();
    await assertWidgetSettled(canvas(page).locator('[data-facet]'), ['color', 'size']);
    assert.equal(await canvas(page).locator('.facet-filter__title').count(), 6);
    assert.equal(await canvas(page).locator('script').count(), 0, 'no script in the preview');

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.waitForURL(/\/admin\/pages\/\d+$/);
    const saved = shop.server.store.site.data.pages.find((candidate) => candidate.slug === 'summer-shoes');
    assert.equal(saved?.status, 'publish');
    assert.equal(
      saved?.content,
      '<!-- wp:facet/filter {"facets":["color","size"],"perPage":6,"category":"shoes"} /-->',
    );

    const visitor = await shop.browser.newPage();
    await visitor.goto(`${shop.server.url}/summer-shoes`);
    assert.equal(await visitor.locator('h1').innerText(), 'Summer shoes');
    assert.deepEqual(
      await visitor
        .locator('[data-facet]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-facet'))),
      ['color', 'size'],
    );
    assert.equal(await visitor.locator('.facet-filter__title').count(), 6, '6 per page');
    const shoeProducts = shop.server.store.catalog.data.products.filter((product) =>
      product.category_ids.some((id) => isUnder(id, 'shoes')),
    );
    const shoes = new Set(shoeProducts.map((product) => product.title));
    const titles = await visitor.locator('.facet-filter__title').allInnerTexts();
    assert.ok(
      titles.every((title) => shoes.has(title)),
      `only shoes: ${titles.join(', ')}`,
    );
    assert.equal(
      Number.parseInt(await visitor.locator('.facet-filter__found').innerText(), 10),
      shoeProducts.length,
      'that category: every shoe, nothing else',
    );
    await visitor.close();

    assert.deepEqual(await violations(page), [], 'the admin works under its Content-Security-Policy');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows a taken slug next to the field, loses nothing typed, and puts the page in the site menu', async () => {
    const page = await editorInAdmin(shop.browser, shop.server, 'sam');
    await page.getByRole('link', { name: 'Add page' }).click();
    await page.getByLabel('Title').fill('Our story');
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByPlaceholder('Search').fill('paragraph');
    await page.getByRole('option', { name: 'Paragraph' }).click();
    await page.keyboard.type('Founded in a garage.');
    const sidebar = page.getByRole('complementary', { name: 'Settings' });
    await sidebar.getByLabel('Slug').fill('shop');
    await sidebar.getByLabel('Show in the site menu').check();
    await page.getByRole('button', { name: 'Publish' }).click();
    assert.match(await sidebar.getByRole('alert').innerText(), /taken by another page/);
    assert.equal(await sidebar.getByLabel('Slug').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('Title').inputValue(), 'Our story', 'nothing typed is lost');
    assert.match(await canvas(page).locator('p').first().innerText(), /Founded in a garage\./);

    await sidebar.getByLabel('Slug').fill('our-story');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.goto(`${shop.server.url}/`);
    await page.locator('.site-nav').getByRole('link', { name: 'Our story' }).click();
    await page.waitForURL(`${shop.server.url}/our-story`);
    assert.match(await page.locator('main').innerText(), /Founded in a garage\./);
    await page.close();
  });

  it('keeps the open edit when the session ends, and saves it after logging in again in another tab', async () => {
    const page = await editorInAdmin(shop.browser, shop.server, 'lee');
    await page.getByRole('link', { name: 'Add page' }).click();
    await page.getByLabel('Title').fill('Late night edit');
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.locator('.components-notice').getByText('Your session has ended, so the page was not saved.').waitFor();
    assert.equal(await page.getByLabel('Title').inputValue(), 'Late night edit');

    const [login] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Log in again in a new tab' }).click(),
    ]);
    await login.getByLabel('Login lub e-mail').fill('lee');
    await login.getByLabel('Hasło').fill('a-long-password');
    await login.getByRole('button', { name: 'Zaloguj się' }).click();
    await login.waitForURL(/\/admin\/$/);
    await login.close();
    // The page still holds the old session's nonce: the server refuses it, api-fetch gets a new one and retries.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    assert.equal(
      shop.server.store.site.data.pages.find((candidate) => candidate.slug === 'late-night-edit')?.status,
      'draft',
    );
    await page.close();
  });

  it('uploads an image through the image block, which the media list then shows; an SVG is refused with the reason', async () => {
    const page = await editorInAdmin(shop.browser, shop.server, 'ida');
    await page.getByRole('link', { name: 'Add page' }).click();
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByPlaceholder('Search').fill('image');
    await page.getByRole('option', { name: 'Image', exact: true }).click();
    await canvas(page)
      .locator('input[type="file"]')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    // While the upload runs the block shows a blob: preview; the stored address replaces it when the server answers.
    const image = canvas(page).locator('figure.wp-block-image img[src*="/media/uploads/"]');
    await image.waitFor();
    assert.match((await image.getAttribute('src')) ?? '', /\/media\/uploads\/\d+\/dot\.png$/);
    // The element carries the stored address before the browser has fetched it: naturalWidth is 0 until it is loaded.
    await image.evaluate(
      (img: HTMLImageElement) =>
        img.complete ||
        new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
    );
    assert.equal(
      await image.evaluate((img: HTMLImageElement) => img.naturalWidth),
      1,
      'the browser shows the stored image',
    );

    // The page itself is unsaved: leaving asks first.
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('link', { name: 'Media' }).click();
    await page.getByRole('heading', { name: 'Media' }).waitFor();
    await page.getByRole('table').getByText('dot', { exact: true }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await page
      .locator('.components-notice')
      .getByText(/logo\.svg: SVG and other markup files are not accepted/)
      .waitFor();
    await page.close();
  });

  it('inserts a block with the keyboard alone', async () => {
    const page = await editorInAdmin(shop.browser, shop.server, 'kim');
    await page.getByRole('link', { name: 'Add page' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/pages\/new$/);
    await page.getByRole('button', { name: 'Add block' }).focus();
    await page.keyboard.press('Enter');
    // The inserter opens with the focus on its first block; Shift+Tab reaches the search field.
    await pressUntil(page, 'Shift+Tab', () => document.activeElement?.getAttribute('placeholder') === 'Search');
    await page.keyboard.type('facet');
    await page.getByRole('option', { name: 'Product filter' }).waitFor();
    // The results replace the full block list once the (debounced) search has run.
    await page.getByRole('option', { name: 'Paragraph' }).waitFor({ state: 'detached' });
    await pressUntil(
      page,
      'Tab',
      () =>
        document.activeElement?.getAttribute('role') === 'option' &&
        /Product filter/.test(document.activeElement.textContent ?? ''),
    );
    await page.keyboard.press('Enter');
    await canvas(page).getByRole('document', { name: 'Block: Product filter' }).waitFor();
    await page.getByRole('complementary', { name: 'Settings' }).getByRole('button', { name: 'Facets' }).waitFor();
    await page.close();
  });

  it('has no serious or critical axe violation on the pages list and the editor', async () => {
    // The media list shows its table once there is an upload: this test makes its own, on its own server.
    await shop.server.store.media.add(
      { filename: 'dot.png', title: 'dot', mime_type: 'image/png', author_id: 1 },
      ONE_PIXEL_PNG,
    );
    const page = await editorInAdmin(shop.browser, shop.server, 'alex');
    await page.getByRole('table').waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'pages list');
    await page.getByRole('link', { name: 'Add page' }).click();
    await page.getByLabel('Title').waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'editor');
    await page.getByRole('link', { name: 'Media' }).click();
    await page.getByRole('heading', { name: 'Media' }).waitFor();
    await page.getByRole('table').waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'media list');
    await page.close();
  });

  /** Whether category `id` is `slug` or below it. */
  function isUnder(id: number, slug: string): boolean {
    const categories = shop.server.store.catalog.data.categories;
    for (
      let category = categories.find((candidate) => candidate.id === id);
      category;
      category = categories.find((candidate) => candidate.id === category!.parent)
    ) {
      if (category.slug === slug) return true;
    }
    return false;
  }
});

/** Presses `key` until `focused()` holds in the page (at most 10 times), as a keyboard user moves the focus. */
async function pressUntil(page: Page, key: string, focused: () => boolean): Promise<void> {
  for (let step = 0; step < 10; step += 1) {
    if (await page.evaluate(focused)) return;
    await page.keyboard.press(key);
  }
  assert.ok(await page.evaluate(focused), `the focus reaches its target with ${key}`);
}

async function assertWidgetSettled(facets: ReturnType<ReturnType<typeof canvas>['locator']>, names: string[]) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const shown = await facets.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-facet')));
    if (JSON.stringify(shown) === JSON.stringify(names)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.deepEqual(await facets.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-facet'))), names);
}
