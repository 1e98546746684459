// In the admin: a shop manager edits the tax rates (a rate that is no percent is refused beside its field and nothing
// is saved), adds a tax class and a rate for it, and deletes the rate; adds back a missing EU rate without touching
// the others. Chromium, axe-clean.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { managerInAdmin } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the admin panel: taxes', () => {
  const shop = useShopInBrowser({ ownServer: true });
  const rates = () => shop.server.store.site.data.taxes.rates;

  it('changes a rate, refuses one that is no percent, and adds a class with a rate of its own', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'tax', '/admin/settings/taxes');
    const reduced = page.getByRole('form', { name: 'Tax rate VAT 8%', exact: true });
    await reduced.waitFor();
    assert.equal(await reduced.getByLabel('Rate (%)').inputValue(), '8');

    await reduced.getByLabel('Rate (%)').fill('8 percent');
    await reduced.getByRole('button', { name: 'Save VAT 8%', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
    await reduced.getByText(/rate must be a percent from 0 to 100/).waitFor();
    assert.equal(rates().find((rate) => rate.name === 'VAT 8%')!.rate, '8.0000', 'nothing saved');
    assert.deepEqual(await seriousAxeViolations(page), []);

    await reduced.getByLabel('Rate (%)').fill('7,5');
    await reduced.getByRole('button', { name: 'Save VAT 8%', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Tax rate VAT 8% saved.' }).waitFor();
    assert.equal(rates().find((rate) => rate.name === 'VAT 8%')!.rate, '7.5000');

    await page.getByLabel('New tax class').fill('Książki');
    await page.getByRole('button', { name: 'Add the class' }).click();
    await page.getByRole('status').filter({ hasText: 'Tax class Książki added.' }).waitFor();
    const added = page.getByRole('form', { name: 'New tax rate' });
    await added.getByLabel('Rate (%)').fill('5');
    await added.getByLabel('Name shown to customers').fill('VAT 5% (książki)');
    await added.getByLabel('Tax class').selectOption({ label: 'Książki' });
    await added.getByRole('button', { name: 'Add the rate' }).click();
    await page.getByRole('status').filter({ hasText: 'Tax rate added.' }).waitFor();
    const books = rates().find((rate) => rate.class === 'ksiazki')!;
    assert.deepEqual([books.country, books.rate, books.name], ['PL', '5.0000', 'VAT 5% (książki)']);

    await page.getByRole('button', { name: 'Delete VAT 5% (książki)' }).click();
    await page.getByRole('status').filter({ hasText: 'Tax rate VAT 5% (książki) deleted.' }).waitFor();
    assert.equal(
      rates().find((rate) => rate.class === 'ksiazki'),
      undefined,
    );
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('adds back the EU rate a shop lacks and leaves the rates it has as they are', async () => {
    await shop.server.store.site.update((site) => {
      site.taxes.rates = site.taxes.rates.filter((rate) => !(rate.country === 'DE' && rate.class === 'standard'));
      site.taxes.rates.find((rate) => rate.country === 'FR' && rate.class === 'standard')!.rate = '20.5000';
    });
    const before = rates().length;
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'eu', '/admin/settings/taxes');
    await page.getByRole('button', { name: 'Add missing EU rates' }).click();
    await page.getByRole('status').filter({ hasText: '1 EU rate added.' }).waitFor();
    assert.equal(rates().length, before + 1);
    const germany = rates().find((rate) => rate.country === 'DE' && rate.class === 'standard')!;
    assert.deepEqual([germany.rate, germany.name], ['19.0000', 'VAT 19% (DE)']);
    assert.equal(rates().find((rate) => rate.country === 'FR' && rate.class === 'standard')!.rate, '20.5000');
    await page.getByRole('form', { name: 'Tax rate VAT 19% (DE)' }).waitFor();
    const download = page.getByRole('link', { name: 'Download OSS sales (CSV)' });
    assert.match((await download.getAttribute('href'))!, /taxes\/oss-report\?quarter=\d{4}-Q[1-4]/);
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
