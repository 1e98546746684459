// In the admin: a shop manager sets the bank account (an IBAN with wrong check digits is refused beside its
// field in the manager's words) and edits the shipping zones with the ISO country list; the checkout offers what was
// saved. Chromium, axe-clean.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the admin panel: payment details and shipping zones', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('refuses an IBAN whose check digits do not match, then saves a good one', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'iga', '/admin/settings/checkout');
    const iban = page.getByLabel('IBAN', { exact: true });
    assert.equal(await iban.inputValue(), 'PL61109010140000071219812874');
    await iban.fill('PL61 1090 1014 0000 0712 1981 2875');
    await page.getByRole('button', { name: 'Save Checkout settings' }).click();
    await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
    assert.match(
      await iban.evaluate(
        (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      ),
      /IBAN: the check digits do not match; check the number\./,
    );
    assert.equal(
      shop.server.store.site.data.settings.checkout.bank_iban,
      'PL61109010140000071219812874',
      'nothing saved',
    );
    assert.deepEqual(await seriousAxeViolations(page), []);
    await iban.fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Save Checkout settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    assert.equal(shop.server.store.site.data.settings.checkout.bank_iban, 'DE89 3704 0044 0532 0130 00');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('adds a country to a zone from the list, changes a cost, and shows a refused field beside it', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'zoe', '/admin/settings/shipping-zones');
    await page.getByRole('group', { name: 'Polska' }).waitFor();
    const poland = page.getByRole('group', { name: 'Polska' });
    const eu = page.getByRole('group', { name: 'Unia Europejska' });
    await eu.getByRole('button', { name: 'Remove Niemcy' }).click();
    await poland.getByLabel('Add a country to Polska').selectOption({ label: 'Niemcy' });
    assert.match(await poland.locator('.vitrine-zone__countries').innerText(), /Niemcy/);
    await poland.getByLabel('Cost').first().fill('-3');
    await page.getByRole('button', { name: 'Save shipping zones' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Nothing was saved' });
    await refused.waitFor();
    await poland.getByText('The cost must be a number from 0 to 1000000.').waitFor();
    const said = await refused.innerText();
    assert.match(said, /Polska › [^›]+ › Cost/, `the notice names the field by its labels: ${said}`);
    assert.doesNotMatch(said, /zones\[/, 'no internal keys');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.value === '-3');
    assert.equal(
      await page.evaluate(
        () => (document.activeElement as HTMLElement).closest('fieldset')?.querySelector('legend')?.textContent,
      ),
      'Polska',
      'the focus moved from Save to the refused cost',
    );
    assert.deepEqual(shop.server.store.site.data.shipping_zones[0]!.countries, ['PL'], 'nothing saved');
    assert.deepEqual(await seriousAxeViolations(page), []);

    await poland.getByLabel('Cost').first().fill('12.5');
    await page.getByRole('button', { name: 'Save shipping zones' }).click();
    await page.getByRole('status').filter({ hasText: 'Shipping zones saved.' }).waitFor();
    const [saved, other] = shop.server.store.site.data.shipping_zones;
    assert.deepEqual(saved!.countries, ['PL', 'DE']);
    assert.equal(saved!.methods.find((method) => method.title === 'Kurier')!.cost, 12.5);
    assert.equal(other!.countries.includes('DE'), false);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();

    const costs = await (await fetch(`${shop.server.url}/shipping-costs`)).text();
    assert.match(costs, /<p>Polska, Niemcy<\/p>/);
    assert.match(costs, /<th scope="row">Kurier<\/th><td>12,50\szł<\/td>/);
  });
});
