// A shop manager generates the legal pages (the report says what was created and what reused),
// writes the terms in the block editor, publishes them from the list, and shoppers can read them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the admin panel: legal pages', () => {
  const shop = useShopInBrowser({ ownServer: true });

  /** Waits until the shop stores page `id` with `text` in its content: a save's answer comes after the toolbar's. */
  async function storedContentHas(id: number, text: string): Promise<void> {
    const stored = () => shop.server.store.site.data.pages.find((candidate) => candidate.id === id)?.content ?? '';
    for (let waited = 0; !stored().includes(text); waited += 100) {
      assert.ok(waited < 15_000, `page ${id} was not saved with "${text}": ${stored()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('generates, reports created and reused, edits the terms in the block editor and publishes them', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'lidia', '/admin/legal-pages');
    await page.getByRole('heading', { name: 'Legal pages' }).waitFor();
    await page.getByText(/^Missing: Terms and conditions, Privacy policy/).waitFor();
    await page.getByRole('button', { name: 'Generate missing pages' }).click();
    const report = page.getByRole('status').filter({ hasText: 'Created as drafts' });
    await report.waitFor();
    assert.equal(shop.server.store.site.data.pages.filter((candidate) => candidate.legal_type).length, 4);
    await page.getByRole('button', { name: 'Generate missing pages' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Nothing was created\. Kept as they were: .+, .+, .+, .+\./ })
      .waitFor();

    const terms = shop.server.store.site.data.pages.find((candidate) => candidate.legal_type === 'terms')!;
    const row = page.getByRole('row').filter({ hasText: terms.title });
    assert.match(await row.innerText(), /Draft[\s\S]*\b0\b/);
    assert.deepEqual(await seriousAxeViolations(page), []);

    await row.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/admin/pages/${terms.id}$`));
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByPlaceholder('Search').fill('paragraph');
    await page.getByRole('option', { name: 'Paragraph' }).click();
    await page.keyboard.type('These terms apply to every order placed in this shop.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    // The toolbar says "Saved" for an unchanged page already, so wait for the server to hold the text.
    await storedContentHas(terms.id, 'These terms apply to every order placed in this shop.');
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    await page.goto(`${shop.server.url}/admin/legal-pages`);
    const saved = page.getByRole('row').filter({ hasText: terms.title });
    await saved.getByText('10', { exact: true }).waitFor();
    await saved.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Publish' }).click();
    await saved.getByText('Published').waitFor();

    const shopper = await shop.browser.newPage();
    const response = await shopper.goto(`${shop.server.url}/${terms.slug}`);
    assert.equal(response?.status(), 200);
    assert.match(await shopper.locator('main').innerText(), /These terms apply to every order/);
    await shopper.close();
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('offers an empty legal page the outline of what it must state, and inserts it only when asked', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'lidia', '/admin/legal-pages');
    await page.getByRole('button', { name: 'Generate missing pages' }).click();
    await page.getByRole('status').filter({ hasText: 'Created as drafts' }).waitFor();
    const privacy = shop.server.store.site.data.pages.find((candidate) => candidate.legal_type === 'privacy')!;
    await page.getByRole('row').filter({ hasText: privacy.title }).getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/admin/pages/${privacy.id}$`));
    const offer = page.locator('.vitrine-editor__outline-offer');
    await offer.getByText('It is an outline to complete, not legal text.').waitFor();
    assert.deepEqual(await seriousAxeViolations(page, '.vitrine-editor__outline-offer'), []);
    await offer.getByRole('button', { name: 'Insert the outline' }).click();
    // The shop's language is Polish: the outline is written in it, whatever the admin's language.
    const canvas = page.frameLocator('iframe[name="editor-canvas"]');
    await canvas.locator('h2', { hasText: 'Administrator danych' }).waitFor();
    await canvas.getByText(/^Konspekt do uzupełnienia, a nie gotowy tekst prawny\./).waitFor();
    assert.equal(await offer.count(), 0, 'the offer is gone once the page has content');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await storedContentHas(privacy.id, 'Skarga do organu nadzorczego');
    assert.equal(shop.server.store.site.data.pages.find((candidate) => candidate.id === privacy.id)!.status, 'draft');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
