// An administrator adds a user, changes the role, resets the password, erases a customer's personal data; creates an
// application password (shown once), sees its last use, and revokes it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../../server/auth/users.js';
import { postLogin } from '../server/support/login.js';
import { fetchJson } from '../server/support/test-server.js';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the admin panel: users and application passwords', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('adds a user, changes the role and resets the password', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'ursula', '/admin/users', 'administrator');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Username').fill('ursula'); // taken: refused beside the field
    await dialog.getByLabel('E-mail').fill('pia@example.com');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.getByText(/Another account already has this username or e-mail address/).waitFor();
    await dialog.getByLabel('Username').fill('pia');
    await dialog.getByLabel('Role').selectOption('editor');
    const firstPassword = await dialog.getByLabel('Password').inputValue();
    assert.ok(firstPassword.length >= 16, 'a generated password');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('status').filter({ hasText: 'The user was added.' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'pia@example.com' });
    await row.getByText('Editor').waitFor();
    assert.equal((await postLogin(shop.server.url, { login: 'pia', password: firstPassword })).status, 303);

    await row.getByRole('button', { name: 'Change role' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Change the role of pia' });
    await roleDialog.getByLabel('Role').selectOption('shop_manager');
    await roleDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'The role was changed.' }).waitFor();
    assert.deepEqual((await shop.server.store.users.findByLogin('pia'))?.roles, ['shop_manager']);

    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Reset password' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset the password of pia' });
    await reset.getByLabel('Password').fill('pia-new-password-2026');
    await reset.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'The password was changed.' }).waitFor();
    assert.equal((await postLogin(shop.server.url, { login: 'pia', password: 'pia-new-password-2026' })).status, 303);
    assert.notEqual((await postLogin(shop.server.url, { login: 'pia', password: firstPassword })).status, 303);

    const { user: customer } = await createUser(shop.server.store, {
      login: 'zofia@example.com',
      email: 'zofia@example.com',
      role: 'customer',
      password: 'zofia-password-1',
    });
    await page.reload();
    const customerRow = page.getByRole('row').filter({ hasText: 'zofia@example.com' });
    await customerRow.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Erase personal data' }).click();
    const erase = page.getByRole('dialog', { name: 'Erase the personal data of zofia@example.com?' });
    await erase.getByText(/kept with their billing and delivery addresses/).waitFor();
    await erase.getByRole('button', { name: 'Erase personal data' }).click();
    await page.getByRole('status').filter({ hasText: 'The personal data was erased' }).waitFor();
    assert.equal((await shop.server.store.users.findById(customer.id))?.email, `erased-${customer.id}@erased.invalid`);
    assert.notEqual(
      (await postLogin(shop.server.url, { login: 'zofia@example.com', password: 'zofia-password-1' })).status,
      303,
    );

    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('creates an application password shown once, lists its last use, and revokes it', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'marek', '/admin/users', 'shop_manager');
    // A shop manager reaches their own application passwords here.
    await page.getByRole('heading', { name: 'Application passwords of marek' }).waitFor();
    await page.getByLabel('New application password name').fill('Accounting sync');
    await page.keyboard.press('Enter');
    const shown = page.getByRole('status').filter({ hasText: 'New application password for Accounting sync' });
    await shown.waitFor();
    const secret = (await shown.locator('code').innerText()).trim();
    assert.match(secret, /^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    const basic = `Basic ${Buffer.from(`marek:${secret}`).toString('base64')}`;
    assert.equal(
      (await fetchJson(shop.server.restUrl('/compliance/v1/settings'), { headers: { authorization: basic } })).status,
      200,
    );

    await page.reload();
    await page.getByRole('heading', { name: 'Application passwords of marek' }).waitFor();
    assert.equal(await page.getByText(secret).count(), 0, 'shown once');
    const row = page.getByRole('row').filter({ hasText: 'Accounting sync' });
    await row.getByRole('cell', { name: '127.0.0.1' }).waitFor();

    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    assert.equal(
      (await fetchJson(shop.server.restUrl('/compliance/v1/settings'), { headers: { authorization: basic } })).status,
      401,
    );
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
