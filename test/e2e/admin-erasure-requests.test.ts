// A shop manager finds the customers' erasure requests with where each stands and the last day to carry it out (one
// month from the request), and erases the account of a request its customer confirmed; one still waiting for the
// customer's confirmation cannot be carried out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../../server/auth/users.js';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const DAY = 86_400_000;

describe('the admin panel: erasure requests', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('lists the requests with their state and deadline, and carries out a confirmed one', async () => {
    const { store } = shop.server;
    const customer = async (email: string, requestedDaysAgo: number, confirmed: boolean) => {
      const { user } = await createUser(store, { login: email, email, role: 'customer', password: 'password-2026' });
      const requestedAt = new Date(Date.now() - requestedDaysAgo * DAY).toISOString();
      await store.users.update(user.id, {
        erasure_request: {
          requested_at: requestedAt,
          confirmed_at: confirmed ? requestedAt : null,
          completed_at: null,
        },
      });
      return user;
    };
    const waiting = await customer('waiting@example.com', 2, false);
    const late = await customer('late@example.com', 40, true);

    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'mira', '/admin/erasure-requests');
    await page.getByRole('heading', { name: 'Erasure requests' }).waitFor();
    const waitingRow = page.getByRole('row').filter({ hasText: 'waiting@example.com' });
    const lateRow = page.getByRole('row').filter({ hasText: 'late@example.com' });
    await waitingRow.getByText('Waiting for the customer’s confirmation').waitFor();
    await lateRow.getByText('Confirmed: to carry out').waitFor();
    await lateRow.getByText(/\(overdue\)/).waitFor();
    assert.equal(await waitingRow.getByText(/\(overdue\)/).count(), 0, 'a request of two days ago is not overdue');
    assert.equal(
      await waitingRow.getByRole('button', { name: 'Erase the account' }).count(),
      0,
      'nothing to carry out before the customer confirms',
    );

    await lateRow.getByRole('button', { name: 'Erase the account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase the personal data of late@example.com?' });
    await dialog.getByText(/kept with their billing and delivery addresses/).waitFor();
    await dialog.getByRole('button', { name: 'Erase personal data' }).click();
    await page.getByRole('status').filter({ hasText: 'The personal data was erased' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `erased-${late.id}@erased.invalid` })
      .getByText('Done')
      .waitFor();
    assert.equal((await store.users.findById(late.id))?.email, `erased-${late.id}@erased.invalid`);
    assert.equal((await store.users.findById(waiting.id))?.email, 'waiting@example.com', 'the other one is untouched');

    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
