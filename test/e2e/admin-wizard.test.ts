// Issue 12, item 2: the setup wizard writes each step through the API, can be left and resumed, and ends with
// wizard/complete.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchJson } from '../server/support/test-server.js';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the admin panel: setup wizard', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('goes through company, legal pages (left and resumed), checkboxes and compliance, then completes', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'wanda', '/admin/wizard');
    await page.waitForURL(/\/admin\/wizard\/company_info$/);
    await page.getByLabel('Company name').fill('Wanda Trading Sp. z o.o.');
    await page.getByLabel('Company e-mail').fill('not an address');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('company_email must be an e-mail address').waitFor();
    assert.notEqual(shop.server.store.site.data.settings.general.company_name, 'Wanda Trading Sp. z o.o.', 'all or nothing');
    await page.getByLabel('Company e-mail').fill('office@wanda.example');
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/admin\/wizard\/legal_pages$/);
    assert.equal(shop.server.store.site.data.settings.general.company_name, 'Wanda Trading Sp. z o.o.');

    await page.getByRole('button', { name: 'Generate legal pages' }).click();
    await page.getByRole('status').filter({ hasText: '4 created as drafts, 0 kept as they were.' }).waitFor();
    // Leave for another screen, then come back: the wizard resumes at the legal pages step.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/admin\/settings$/);
    await page.goto(`${shop.server.url}/admin/wizard`);
    await page.waitForURL(/\/admin\/wizard\/legal_pages$/);
    await page.getByRole('heading', { name: 'Legal pages', level: 2 }).waitFor();
    assert.match(await page.getByRole('list', { name: 'Setup steps' }).innerText(), /Company \(done\)/);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/admin\/wizard\/checkboxes$/);
    // The seeded checkbox, linked by the generated terms page.
    await page.getByText(/I have read and accept the Terms and Conditions\. \(Checkout, required, page: Terms/).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/admin\/wizard\/compliance$/);
    await page.getByLabel('Omnibus look-back in days').fill('60');
    await page.getByRole('button', { name: 'Save and finish' }).click();
    await page.getByRole('status').filter({ hasText: 'Setup complete.' }).waitFor();

    const manager = await shop.server.basicAuthFor('shop_manager');
    const wizard = (await fetchJson(shop.server.restUrl('/compliance/v1/wizard'), { headers: { authorization: manager } })).body;
    assert.equal(wizard.completed, true);
    assert.deepEqual(wizard.steps, { company_info: true, legal_pages: true, checkboxes: true, compliance: true });
    assert.equal(shop.server.store.site.data.settings.compliance.omnibus_days, 60);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
