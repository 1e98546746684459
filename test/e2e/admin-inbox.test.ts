// Managers read them in the admin: contact messages and withdrawal requests, each in a DataViews screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';
import { newOrderLifecycle } from '../../server/shop/orders/order-lifecycle.js';
import { SYSTEM_ACTOR } from '../../server/shop/orders/order-actor.js';

/** Orders of these tests name no stock of the catalog. */
const noStock = () => ({ upsert: [], remove: [] });

describe('the admin panel: contact messages and withdrawal requests', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('lists contact messages, searches them and opens one in full', async () => {
    const { store } = shop.server;
    await store.messages.create(
      {
        name: 'Ola',
        email: 'ola@example.com',
        subject: 'Delivery time',
        message: 'When will my parcel arrive?\nThe tracking page is empty.',
        user_id: null,
        created_at: '2026-05-01T08:00:00.000Z',
      },
      [],
    );
    await store.messages.create(
      {
        name: 'Piotr',
        email: 'piotr@example.com',
        subject: 'Invoice',
        message: 'Please send an invoice for my order.',
        user_id: null,
        created_at: '2026-05-02T08:00:00.000Z',
      },
      [],
    );
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'irena', '/admin/messages');
    await page.getByRole('heading', { name: 'Contact messages' }).waitFor();
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    assert.match(await rows.first().innerText(), /Invoice/, 'newest first');
    await page.getByRole('searchbox').fill('parcel');
    await page.getByRole('row').filter({ hasText: 'Delivery time' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await page.getByRole('row').filter({ hasText: 'Delivery time' }).getByRole('button', { name: 'Read' }).click();
    const message = page.getByRole('article', { name: 'Delivery time' });
    assert.match(
      await message.innerText(),
      /From Ola <ola@example.com>[\s\S]*When will my parcel arrive\?\nThe tracking page is empty\./,
    );
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('lists withdrawal requests with their order, items and time of receipt', async () => {
    const { store } = shop.server;
    const address = {
      first_name: 'Anna',
      last_name: 'Nowak',
      street: 'Długa 1',
      postcode: '00-001',
      city: 'Warszawa',
      country: 'PL',
      phone: '',
    };
    const order = await store.orders.place(
      {
        ...newOrderLifecycle('bank_transfer', SYSTEM_ACTOR, new Date().toISOString()),
        user_id: null,
        email: 'anna@example.com',
        billing: address,
        company_tax_id: '',
        payment_method: 'bank_transfer',
        currency: 'PLN',
        lines: [{ product_id: 1, title: 'Wool blanket', sku: 'K-1', unit_price: 99.5, quantity: 2, line_total: 199 }],
        subtotal: 199,
        total: 199,
        consent: [],
        created_at: new Date().toISOString(),
      },
      [],
      noStock,
    );
    const request = await store.withdrawals.create({
      order_id: order.id,
      order_number: order.number,
      email: order.email,
      items: [{ product_id: 1, title: 'Wool blanket', quantity: 1 }],
      reason: 'Too warm',
      user_id: null,
      received_at: new Date().toISOString(),
    });
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'jola', '/admin/withdrawals');
    await page.getByRole('heading', { name: 'Withdrawal requests' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: request.reference });
    await row.waitFor();
    const text = await row.innerText();
    for (const expected of [order.number, 'anna@example.com', '1 × Wool blanket', 'Too warm'])
      assert.ok(text.includes(expected), `${expected} in ${text}`);
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
