// A shop manager changes settings in forms generated from the settings schema; a value the server
// refuses is shown beside its field and nothing is saved; unsaved changes are not lost by leaving by mistake.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchJson } from '../server/support/test-server.js';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the admin panel: settings', () => {
  const shop = useShopInBrowser({ ownServer: true });
  const complianceSettings = async () => {
    const auth = await shop.server.basicAuthFor('shop_manager');
    return (
      await fetchJson(shop.server.restUrl('/compliance/v1/settings/compliance'), { headers: { authorization: auth } })
    ).body.settings;
  };

  it('changes omnibus_days to 45 and the API answers 45', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'sonia', '/admin/settings/compliance');
    const days = page.getByLabel('Omnibus look-back in days');
    assert.equal(await days.inputValue(), '30');
    // The help and bounds come from the schema through the discovery index.
    await page.getByText('The Omnibus Directive asks for at least 30. From 1 to 365.').waitFor();
    await days.fill('45');
    await page.getByRole('button', { name: 'Save Compliance settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    assert.equal((await complianceSettings()).omnibus_days, 45);
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows the error beside the field for 500 and saves nothing, not even the valid change beside it', async () => {
    const { page } = await managerInAdmin(shop.browser, shop.server, 'sven', '/admin/settings/compliance');
    const before = await complianceSettings();
    await page.getByLabel('Right of withdrawal').click(); // a valid change in the same save
    await page.getByLabel('Omnibus look-back in days').fill('500');
    await page.getByRole('button', { name: 'Save Compliance settings' }).click();
    await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
    const days = page.getByLabel('Omnibus look-back in days');
    // The message is part of the field's description, so it is read with the field.
    assert.match(
      await days.evaluate(
        (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      ),
      /Omnibus look-back in days must be a whole number from 1 to 365\./,
    );
    assert.equal(await days.getAttribute('aria-invalid'), 'true');
    assert.equal(await days.inputValue(), '500', 'what was typed stays');
    assert.deepEqual(await complianceSettings(), before, 'nothing saved');
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.close();
  });

  it('asks before leaving unsaved changes, and is usable with the keyboard alone', async () => {
    const { page } = await managerInAdmin(shop.browser, shop.server, 'stan', '/admin/settings/checkout');
    const label = page.getByLabel('Order button label');
    await label.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Buy and pay');
    let asked = '';
    page.once('dialog', async (dialog) => {
      asked = dialog.message();
      await dialog.dismiss();
    });
    await page.getByRole('navigation', { name: 'Settings groups' }).getByRole('link', { name: 'General' }).click();
    assert.match(asked, /unsaved changes/);
    assert.equal(await label.inputValue(), 'Buy and pay', 'still on the form, nothing lost');
    // Tab from the field to the save button and press Enter.
    for (
      let i = 0;
      i < 12 &&
      !(await page
        .getByRole('button', { name: 'Save Checkout settings' })
        .evaluate((button) => button === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    assert.equal(shop.server.store.site.data.settings.checkout.order_button_label, 'Buy and pay');
    await page.close();
  });
});
