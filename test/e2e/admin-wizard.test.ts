// The setup wizard writes each step through the API, can be left and resumed, and ends with
// wizard/complete. A step is done only when its result exists, and "Setup complete" only then.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchJson } from '../server/support/test-server.js';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the admin panel: setup wizard', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('goes through company, legal pages (left and resumed), checkboxes and compliance; complete only once the legal pages are published', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'wanda', '/admin/wizard');
    await page.waitForURL(/\/admin\/wizard\/company_info$/);
    await page.getByLabel('Company name').fill('Wanda Trading Sp. z o.o.');
    await page.getByLabel('Company e-mail').fill('not an address');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Company e-mail must be an e-mail address.').waitFor();
    assert.notEqual(
      shop.server.store.site.data.settings.general.company_name,
      'Wanda Trading Sp. z o.o.',
      'all or nothing',
    );
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
    const steps = page.getByRole('list', { name: 'Setup steps' });
    await steps.getByText('Company (done)').waitFor();
    // Generated drafts are not published pages: the step is not done, and says why.
    assert.match(await steps.innerText(), /Legal pages \(to do\)/);
    // Scoped to the screen: WordPress's notices also speak their text in a live region of their own.
    const screen = page.locator('.vitrine-admin__screen');
    await screen.getByText('The Terms and Conditions page is not published.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/admin\/wizard\/checkboxes$/);
    // The seeded checkbox, linked by the generated terms page.
    await page
      .getByText(/Zapoznałem\(-am\) się z regulaminem i akceptuję jego treść\. \(Checkout, required, page: Regulamin/)
      .waitFor();
    await page.getByRole('button', { name: 'These are right: continue' }).click();

    await page.waitForURL(/\/admin\/wizard\/compliance$/);
    await page.getByLabel('Omnibus look-back in days').fill('60');
    await page.getByRole('button', { name: 'Save and finish' }).click();
    await screen.getByText('The setup is not complete yet. What is still missing:').waitFor();
    assert.equal(await screen.getByText('Setup complete.').count(), 0, 'not while the legal pages are drafts');
    await screen.getByText('The Privacy Policy page is not published.').waitFor();
    assert.match(await steps.innerText(), /Compliance \(done\)/);
    assert.equal(shop.server.store.site.data.settings.compliance.omnibus_days, 60);

    const manager = await shop.server.basicAuthFor('shop_manager');
    const api = (path: string, init: Parameters<typeof fetchJson>[1] = {}) =>
      fetchJson(shop.server.restUrl(path), { ...init, headers: { authorization: manager } });
    let wizard = (await api('/compliance/v1/wizard')).body;
    assert.deepEqual(wizard.steps, { company_info: true, compliance: true }, 'only the steps whose result exists');

    // Published pages finish the legal pages step, and with it the checkboxes' (their pages can now be read).
    for (const legal of shop.server.store.site.data.pages.filter((candidate) => candidate.legal_type)) {
      assert.equal(
        (await api(`/wp/v2/pages/${legal.id}`, { method: 'POST', json: { status: 'publish' } })).status,
        200,
      );
    }
    await page.goto(`${shop.server.url}/admin/wizard/compliance`);
    await page.getByRole('button', { name: 'Save and finish' }).click();
    await page.getByRole('status').filter({ hasText: 'Setup complete.' }).waitFor();
    wizard = (await api('/compliance/v1/wizard')).body;
    assert.equal(wizard.completed, true);
    assert.deepEqual(wizard.steps, { company_info: true, legal_pages: true, checkboxes: true, compliance: true });
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
