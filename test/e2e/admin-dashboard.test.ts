// The dashboard a manager lands on: index figures, setup progress, acceptance rate per checkbox,
// and warnings whose links lead to the fix. Setup progress counts results that exist; a required
// checkbox whose legal page shoppers cannot read is left out of the forms, and the dashboard says so until the page is
// published.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordFormSubmission } from '../../server/compliance/checkboxes/consent-recorder.js';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the admin panel: dashboard', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('shows the index, setup progress, acceptance rates and warnings that link to their fix', async () => {
    await recordFormSubmission(shop.server.store, {
      location: 'checkout',
      shownIds: [1, 3],
      acceptedIds: [1],
      ip: '203.0.113.5',
    });
    await recordFormSubmission(shop.server.store, {
      location: 'checkout',
      shownIds: [1, 3],
      acceptedIds: [1, 3],
      ip: '203.0.113.6',
    });
    await recordFormSubmission(shop.server.store, {
      location: 'checkout',
      shownIds: [1, 3],
      acceptedIds: [1],
      ip: '203.0.113.7',
    });
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'dorota', '/admin/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const figures = page.getByRole('region', { name: 'Search index' });
    assert.match(
      await figures.innerText(),
      new RegExp(`Products indexed\\s+${shop.server.store.catalog.data.products.length}\\s+Facets\\s+7`),
    );
    assert.match(await page.getByRole('region', { name: 'Setup' }).innerText(), /1 of 4 steps done/);
    const acceptance = page.getByRole('region', { name: 'Acceptance rate per checkbox' });
    assert.deepEqual(
      await acceptance
        .getByRole('row', { name: /newsletter/ })
        .getByRole('cell')
        .allInnerTexts(),
      ['3', '1', '33,3%'],
    );
    assert.deepEqual(
      await acceptance
        .getByRole('row', { name: /regulaminem/ })
        .getByRole('cell')
        .allInnerTexts(),
      ['3', '3', '100%'],
    );

    const warnings = page.getByRole('region', { name: /Warnings/ });
    assert.match(await warnings.innerText(), /The Terms and conditions page is missing\./);
    assert.match(
      await warnings.innerText(),
      /Shoppers are not asked to accept “Zapoznałem\(-am\) się z regulaminem i akceptuję jego treść\.” because its page does not exist\. Link a page/,
    );
    assert.match(await warnings.innerText(), /The Legal Pages module is on, but the shop has no legal pages\./);
    assert.deepEqual(await seriousAxeViolations(page), []);

    // Follow a warning's link, fix it there, and the dashboard says what is left.
    await warnings.getByRole('link', { name: 'Open legal pages' }).first().click();
    await page.waitForURL(/\/admin\/legal-pages$/);
    await page.getByRole('button', { name: 'Generate missing pages' }).click();
    await page.getByRole('status').filter({ hasText: 'Created as drafts' }).waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const after = await page.getByRole('region', { name: /Warnings/ }).innerText();
    assert.doesNotMatch(after, /is missing|links no legal page|has no legal pages|does not exist/);
    assert.match(after, /The Terms and conditions page is still a draft\./);
    assert.match(
      after,
      /Shoppers are not asked to accept “Zapoznałem\(-am\) się z regulaminem i akceptuję jego treść\.” because its page is not published\. Publish the page/,
    );

    // The warning's link leads to where the page is published; publishing it ends the warning about its checkbox.
    const terms = shop.server.store.site.data.pages.find((candidate) => candidate.legal_type === 'terms')!;
    const termsWarning = page
      .getByRole('listitem')
      .filter({ hasText: 'accept “Zapoznałem(-am) się z regulaminem i akceptuję jego treść.”' });
    assert.equal(
      await termsWarning.getByRole('link', { name: 'Publish the page' }).getAttribute('href'),
      '/admin/legal-pages',
    );
    await shop.server.store.site.update((site) => {
      site.pages.find((candidate) => candidate.id === terms.id)!.status = 'publish';
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const published = await page.getByRole('region', { name: /Warnings/ }).innerText();
    assert.doesNotMatch(published, /accept “Zapoznałem\(-am\) się z regulaminem i akceptuję jego treść\.”/);
    assert.match(published, /Shoppers are not asked to accept “Zapoznałem\(-am\) się z polityką prywatności/);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
