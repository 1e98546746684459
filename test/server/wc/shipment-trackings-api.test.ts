/**
 * Shipments through `wc/v3/orders/{id}/shipment-trackings` with WooCommerce's own REST client: a parcel added with a
 * known carrier reaches the customer in the "shipped" e-mail (a real SMTP server) with its tracking link; a custom
 * carrier's URL template takes the number; several parcels per order; bad input is named field by field and stores
 * nothing; a parcel entered by mistake is removed.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import type { Order } from '../../../server/store/schema.js';
import { loginCookie } from '../support/login.js';
import { useMailTestServer } from '../support/mail-test-server.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { type WooCommerceClient, wooCommerceClient } from '../support/woocommerce-client.js';

/** The client rejects non-2xx answers; the test wants the answer either way. */
async function answer(request: Promise<{ status: number; data: any; headers: any }>) {
  try {
    return await request;
  } catch (error) {
    const response = (error as { response?: { status: number; data: any; headers: any } }).response;
    if (!response) throw error;
    return response;
  }
}

describe('wc/v3 shipment trackings', () => {
  const suite = useMailTestServer();
  let api: WooCommerceClient;
  let order: Order;

  /** Waits until the SMTP server has a message for `to` whose subject matches. */
  async function mailTo(to: string, subject: RegExp) {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const found = suite.smtp.received.find(
        (mail) => mail.recipients.includes(to) && subject.test(mail.parsed.subject ?? ''),
      );
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail(`no message "${subject}" reached ${to}`);
  }

  before(async () => {
    await createUser(suite.server.store, { login: 'wms', role: 'shop_manager', password: 'a-long-password' });
    api = await wooCommerceClient(suite.server, 'wms', 'Warehouse');
    await suite.server.store.catalog.load();
    order = await placeTestOrder(suite.server.store, {
      product: stockedProduct(suite.server.store, 3),
      payment: 'cash_on_delivery',
      email: 'parcel.buyer@example.com',
    });
  });

  it('adds an InPost parcel, and the customer gets the "shipped" e-mail with its tracking link', async () => {
    const created = await answer(
      api.post(`orders/${order.id}/shipment-trackings`, {
        tracking_provider: 'InPost',
        tracking_number: '620012345678901234567890',
        date_shipped: '2026-07-10',
      }),
    );
    assert.equal(created.status, 201, JSON.stringify(created.data));
    assert.match(created.data.tracking_id, /^[0-9a-f]{32}$/);
    assert.equal(created.data.tracking_provider, 'InPost');
    assert.equal(created.data.tracking_link, 'https://inpost.pl/sledzenie-przesylek?number=620012345678901234567890');
    assert.equal(created.data.date_shipped, '2026-07-10');
    assert.match(
      created.headers.location,
      new RegExp(`/orders/${order.id}/shipment-trackings/${created.data.tracking_id}$`),
    );

    const mail = await mailTo('parcel.buyer@example.com', new RegExp(order.number));
    assert.match(mail.parsed.subject!, /wysłane|shipped/);
    assert.match(mail.parsed.text!, /620012345678901234567890/);
    assert.match(mail.parsed.text!, /InPost/);
    assert.ok(
      String(mail.parsed.html).includes('href="https://inpost.pl/sledzenie-przesylek?number=620012345678901234567890"'),
      'the HTML part links the tracking page',
    );

    const listed = await answer(api.get(`orders/${order.id}/shipment-trackings`));
    assert.deepEqual(listed.data, [created.data]);
    const one = await answer(api.get(`orders/${order.id}/shipment-trackings/${created.data.tracking_id}`));
    assert.deepEqual(one.data, created.data);
  });

  it('takes a second parcel with a custom carrier, whose URL template gets the number', async () => {
    const created = await answer(
      api.post(`orders/${order.id}/shipment-trackings`, {
        custom_tracking_provider: 'Kurier Lokalny',
        custom_tracking_link: 'https://kurier.example/track/%1$s',
        tracking_number: 'KL 77/1',
      }),
    );
    assert.equal(created.status, 201, JSON.stringify(created.data));
    assert.equal(created.data.tracking_provider, 'Kurier Lokalny');
    assert.equal(created.data.tracking_link, 'https://kurier.example/track/KL%2077%2F1');
    assert.match(created.data.date_shipped, /^\d{4}-\d{2}-\d{2}$/, 'today, when it is not given');
    const stored = await suite.server.store.orders.find(order.id);
    assert.equal(stored!.shipments!.length, 2, 'an order may go in several parcels');
    const mail = await mailTo('parcel.buyer@example.com', new RegExp(order.number));
    assert.ok(mail);
  });

  it('names every bad field, and stores nothing', async () => {
    const before = await suite.server.store.orders.find(order.id);
    const refused = await answer(
      api.post(`orders/${order.id}/shipment-trackings`, {
        tracking_provider: 'Pony Express',
        date_shipped: '2026-02-30',
      }),
    );
    assert.equal(refused.status, 400);
    assert.equal(refused.data.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(refused.data.data.params).sort(), [
      'date_shipped',
      'tracking_number',
      'tracking_provider',
    ]);
    const javascript = await answer(
      api.post(`orders/${order.id}/shipment-trackings`, {
        custom_tracking_provider: 'Evil',
        custom_tracking_link: 'javascript:alert(1)//%1$s',
        tracking_number: '1',
      }),
    );
    assert.equal(javascript.status, 400);
    assert.ok('custom_tracking_link' in javascript.data.data.params);
    assert.deepEqual(await suite.server.store.orders.find(order.id), before);
    assert.equal((await answer(api.get('orders/999999/shipment-trackings'))).status, 404);
  });

  it('removes a parcel entered by mistake', async () => {
    const [first] = (await answer(api.get(`orders/${order.id}/shipment-trackings`))).data;
    const removed = await answer(api.delete(`orders/${order.id}/shipment-trackings/${first.tracking_id}`));
    assert.equal(removed.status, 200);
    assert.equal(removed.data.tracking_id, first.tracking_id);
    const left = (await answer(api.get(`orders/${order.id}/shipment-trackings`))).data;
    assert.equal(left.length, 1);
    assert.equal((await answer(api.get(`orders/${order.id}/shipment-trackings/${first.tracking_id}`))).status, 404);
  });

  it('prints a packing slip for shop managers only: the items without prices, the address and the parcels', async () => {
    const path = `/admin/orders/${order.id}/packing-slip`;
    const anonymous = await fetch(`${suite.server.url}${path}`, { redirect: 'manual' });
    assert.equal(anonymous.status, 302);
    assert.match(anonymous.headers.get('location')!, /^\/login\?redirect_to=/);
    await createUser(suite.server.store, { login: 'buyer', role: 'customer', password: 'a-long-password' });
    const customer = await fetch(`${suite.server.url}${path}`, {
      headers: { cookie: await loginCookie(suite.server.url, 'buyer', 'a-long-password') },
    });
    assert.equal(customer.status, 403);
    const manager = await fetch(`${suite.server.url}${path}`, {
      headers: { cookie: await loginCookie(suite.server.url, 'wms', 'a-long-password') },
    });
    assert.equal(manager.status, 200);
    const slip = await manager.text();
    assert.match(slip, new RegExp(`Packing slip · order ${order.number}`));
    assert.match(slip, /@media print/);
    assert.ok(slip.includes(order.lines[0]!.title.replaceAll('&', '&amp;')), 'the item is listed');
    assert.ok(slip.includes(order.billing.street), 'the address is given');
    assert.match(slip, /Kurier Lokalny: KL 77\/1/);
    assert.doesNotMatch(slip, /zł|PLN/, 'no prices on a packing slip');
  });

  it('lists the carriers it knows, with their tracking pages', async () => {
    const providers = (await answer(api.get('orders/shipment-trackings/providers'))).data;
    assert.deepEqual(Object.keys(providers.Poland), ['InPost', 'DPD', 'DHL', 'GLS', 'Poczta Polska', 'UPS', 'FedEx']);
    for (const url of Object.values(providers.Poland) as string[]) assert.match(url, /^https:\/\/.*%1\$s/);
  });
});
