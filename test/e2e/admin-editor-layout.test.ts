// The block editor. The floating block toolbar never covers the page's title (measured in Chromium:
// the two boxes do not intersect while a block at the top is selected), and the facet/filter block's preview is laid
// out as on the page: the block's columns and products per page, its facets beside the results.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { editorInAdmin } from './support/admin.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const canvas = (page: Page) => page.frameLocator('iframe[name="editor-canvas"]');

type Box = { x: number; y: number; width: number; height: number };
const intersect = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** How many columns the cards of a grid form: the distinct left edges of its first row's cards. */
function columnsOf(cards: Box[]): number {
  const top = Math.min(...cards.map((card) => card.y));
  return new Set(cards.filter((card) => Math.abs(card.y - top) < 2).map((card) => Math.round(card.x))).size;
}

describe("the admin panel: the block editor's layout", () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('keeps the block toolbar off the title while the block at the top is selected', async () => {
    const page = await editorInAdmin(shop.browser, shop.server, 'tessa');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.getByRole('link', { name: 'Add page' }).click();
    await page.getByLabel('Title').fill('A page with a paragraph at the top');
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByPlaceholder('Search').fill('paragraph');
    await page.getByRole('option', { name: 'Paragraph' }).click();
    await canvas(page)
      .locator('p[role="document"]')
      .first()
      .pressSequentially('The first block, at the very top of the canvas.');
    // The toolbar hides while typing and shows again when the mouse moves, as in WordPress.
    await page.mouse.move(600, 400);
    await page.mouse.move(620, 420);
    const toolbars = page.getByRole('toolbar', { name: 'Block tools' });
    await toolbars.first().waitFor();
    await page.waitForTimeout(300); // the popover's entrance animation
    const titleBox = (await page.getByLabel('Title').boundingBox())!;
    const toolbarBoxes = await toolbars.evaluateAll((nodes) =>
      nodes.map((node) => node.getBoundingClientRect().toJSON() as Box).filter((box) => box.width > 0),
    );
    assert.ok(toolbarBoxes.length > 0);
    for (const toolbarBox of toolbarBoxes) {
      assert.ok(
        !intersect(titleBox, toolbarBox),
        `title ${JSON.stringify(titleBox)} and toolbar ${JSON.stringify(toolbarBox)} do not intersect`,
      );
    }
    // The title can be clicked where the toolbar would have been.
    await page.getByLabel('Title').click({ position: { x: 10, y: titleBox.height - 5 } });
    assert.equal(
      await page.getByLabel('Title').evaluate((input) => input === document.activeElement),
      true,
      'the click reached the title',
    );
    assert.deepEqual(errors, []);
  });

  it("previews facet/filter with the block's columns and products per page, facets beside the results, as the published page shows it", async () => {
    const page = await editorInAdmin(shop.browser, shop.server, 'felix');
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.getByRole('link', { name: 'Add page' }).click();
    await page.getByLabel('Title').fill('Four columns');
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByPlaceholder('Search').fill('facet');
    await page.getByRole('option', { name: 'Product filter' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Settings' });
    await sidebar.getByRole('combobox', { name: 'Columns' }).selectOption('4');
    await sidebar.getByLabel('Products per page').fill('8');
    const cards = canvas(page).locator('.facet-filter__grid > li');
    await canvas(page).locator('.facet-filter__title').nth(7).waitFor();
    await page.waitForFunction(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[name="editor-canvas"]');
      return frame?.contentDocument?.querySelectorAll('.facet-filter__grid > li').length === 8;
    });
    const preview = await cards.evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect().toJSON() as Box),
    );
    const form = (await canvas(page).locator('.facet-filter__form').boundingBox())!;
    const grid = (await canvas(page).locator('.facet-filter__grid').boundingBox())!;
    assert.equal(preview.length, 8, '8 products per page');
    assert.equal(columnsOf(preview), 4, "the block's 4 columns");
    assert.ok(form.x + form.width <= grid.x, 'the facets beside the results, as on the page');

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const visitor = await shop.browser.newPage({ viewport: { width: 1920, height: 1000 } });
    await visitor.goto(`${shop.server.url}/four-columns`);
    const published = await visitor
      .locator('.facet-filter__grid > li')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as Box));
    assert.equal(published.length, preview.length);
    assert.equal(columnsOf(published), columnsOf(preview), "the page has the preview's columns");
    await visitor.close();
  });
});
