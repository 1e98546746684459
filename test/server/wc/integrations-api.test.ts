/**
 * What connectors use besides the resources: `wc/v3/webhooks` through WooCommerce's own JavaScript client, with
 * deliveries to a local receiver (an order placed through the storefront's plain forms reaches it signed as
 * WooCommerce signs, checked here with node:crypto; a receiver that keeps failing is retried until the webhook is
 * disabled), and WooCommerce's app authorisation flow, by which a connector obtains keys with a manager's approval.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import wooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import { createUser } from '../../../server/auth/users.js';
import { Visitor } from '../support/visitor.js';
import { WEBHOOK_FAILURE_LIMIT } from '../../../server/store/webhooks-store.js';
import { placeOrderThroughShop, productsInStock } from '../support/storefront-order.js';
import { useTestServer } from '../support/test-server.js';
import { type WooCommerceClient, wooCommerceClient } from '../support/woocommerce-client.js';

const { default: WooCommerceRestApi } = wooCommerceRestApiModule;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers `status` and keeps what it was sent. */
async function startReceiver(status: number): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, server };
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) assert.fail(`waited ${ms / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The client rejects non-2xx answers with axios errors; the test wants the answer either way. */
async function answer(request: Promise<{ status: number; data: any }>): Promise<{ status: number; data: any }> {
  try {
    return await request;
  } catch (error) {
    const response = (error as { response?: { status: number; data: any } }).response;
    if (!response) throw error;
    return response;
  }
}

describe('integrations: webhooks and app authorisation', () => {
  // The receivers listen on loopback, which only the operator's allow-list opens to deliveries.
  const suite = useTestServer({ env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SECONDS: '0.05' } });
  let api: WooCommerceClient;
  let working: Awaited<ReturnType<typeof startReceiver>>;
  let failing: Awaited<ReturnType<typeof startReceiver>>;

  before(async () => {
    await createUser(suite.server.store, { login: 'erp', role: 'shop_manager', password: 'a-long-password' });
    api = await wooCommerceClient(suite.server, 'erp', 'ERP');
    [working, failing] = await Promise.all([startReceiver(200), startReceiver(500)]);
    await suite.server.store.catalog.load();
  });
  after(() => {
    working?.server.close();
    failing?.server.close();
  });

  describe('wc/v3/webhooks', () => {
    it('delivers order.created of a storefront order, signed with the secret, and retries a failing receiver until the webhook is disabled', async () => {
      const secret = 'the-shared-secret';
      const created = await answer(
        api.post('webhooks', { name: 'ERP orders', topic: 'order.created', delivery_url: working.url, secret }),
      );
      assert.equal(created.status, 201, JSON.stringify(created.data));
      assert.equal(created.data.status, 'active');
      assert.equal(created.data.resource, 'order');
      assert.equal(created.data.event, 'created');
      assert.equal(created.data.secret, undefined, 'the secret is never answered');
      const broken = await answer(api.post('webhooks', { topic: 'order.created', delivery_url: failing.url }));
      assert.equal(broken.status, 201, JSON.stringify(broken.data));

      const [product] = productsInStock(suite.server, 1, 3);
      const placed = await placeOrderThroughShop(suite.server, 'webhook.buyer@example.com', [product!]);

      const delivery = await until('the delivery', () => working.received[0]);
      const order = JSON.parse(delivery.body);
      assert.equal(order.number, placed.number);
      assert.equal(order.billing.email, 'webhook.buyer@example.com');
      assert.equal(order.line_items[0].product_id, product!.id);
      const expected = createHmac('sha256', secret).update(delivery.body, 'utf8').digest('base64');
      assert.equal(delivery.headers['x-wc-webhook-signature'], expected);
      assert.equal(delivery.headers['x-wc-webhook-topic'], 'order.created');
      assert.equal(delivery.headers['x-wc-webhook-resource'], 'order');
      assert.equal(delivery.headers['x-wc-webhook-event'], 'created');
      assert.equal(delivery.headers['x-wc-webhook-id'], String(created.data.id));
      assert.match(String(delivery.headers['x-wc-webhook-delivery-id']), /^\d+$/);
      assert.equal(delivery.headers['x-wc-webhook-source'], `${suite.server.url}/`);
      assert.equal(delivery.headers['content-type'], 'application/json');
      // The same payload as the API answers for that order.
      const read = await api.get(`orders/${order.id}`);
      assert.deepEqual(order, read.data);

      await until('the broken webhook disabled', async () => {
        const { data } = await api.get(`webhooks/${broken.data.id}`);
        return data.status === 'disabled' ? data : undefined;
      });
      assert.equal(failing.received.length, WEBHOOK_FAILURE_LIMIT, 'tried once and retried until the limit');
      assert.equal(working.received.length, 1, 'delivered once');
    });

    it('refuses a delivery URL on a private network, in WooCommerce’s error shape, and stores nothing', async () => {
      const before = (await api.get('webhooks')).data.length;
      for (const url of ['http://10.1.2.3/hooks', 'http://localhost:9/hooks', 'file:///etc/passwd', 'not a url']) {
        const refused = await answer(api.post('webhooks', { topic: 'order.created', delivery_url: url }));
        assert.equal(refused.status, 400, url);
        assert.equal(refused.data.code, 'woocommerce_rest_shop_webhook_invalid_delivery_url', url);
        assert.equal(refused.data.data.status, 400);
      }
      const privateOne = await answer(
        api.post('webhooks', { topic: 'order.created', delivery_url: 'http://10.1.2.3/' }),
      );
      assert.match(privateOne.data.message, /private network.*WEBHOOK_ALLOW_HOSTS/);
      const badTopic = await answer(api.post('webhooks', { topic: 'order.exploded', delivery_url: working.url }));
      assert.equal(badTopic.status, 400);
      assert.equal(badTopic.data.code, 'woocommerce_rest_shop_webhook_invalid_topic');
      assert.equal((await api.get('webhooks')).data.length, before);
    });

    it('lists, updates and deletes (force only), and a paused webhook gets no deliveries', async () => {
      const made = await api.post('webhooks', {
        name: 'Products',
        topic: 'product.updated',
        delivery_url: working.url,
      });
      const listed = await api.get('webhooks', { status: 'active' });
      assert.ok(listed.data.some((webhook: { id: number }) => webhook.id === made.data.id));
      const paused = await api.put(`webhooks/${made.data.id}`, { status: 'paused', name: 'Products (paused)' });
      assert.equal(paused.data.status, 'paused');
      assert.equal(paused.data.name, 'Products (paused)');
      const [product] = productsInStock(suite.server, 1, 5);
      const before = working.received.length;
      assert.equal((await api.put(`products/${product!.id}`, { name: 'Renamed while paused' })).status, 200);
      const resumed = await api.put(`webhooks/${made.data.id}`, { status: 'active' });
      assert.equal(resumed.data.status, 'active');
      assert.equal((await api.put(`products/${product!.id}`, { name: 'Renamed while active' })).status, 200);
      const delivered = await until('the product delivery', () => working.received[before]);
      assert.equal(working.received.length, before + 1, 'only the change made while active');
      assert.equal(delivered.headers['x-wc-webhook-topic'], 'product.updated');
      assert.equal(JSON.parse(delivered.body).name, 'Renamed while active');

      const unforced = await answer(api.delete(`webhooks/${made.data.id}`));
      assert.equal(unforced.status, 501);
      assert.equal(unforced.data.code, 'woocommerce_rest_trash_not_supported');
      const deleted = await api.delete(`webhooks/${made.data.id}`, { force: true });
      assert.equal(deleted.data.id, made.data.id);
      const gone = await answer(api.get(`webhooks/${made.data.id}`));
      assert.equal(gone.status, 404);
      assert.equal(gone.data.code, 'woocommerce_rest_shop_webhook_invalid_id');
    });
  });

  describe('/wc-auth/v1/authorize', () => {
    const query = (callback: string, extra: Record<string, string> = {}) =>
      `/wc-auth/v1/authorize?${new URLSearchParams({
        app_name: 'Allegro <sync>',
        scope: 'read_write',
        user_id: 'shop-42',
        return_url: 'https://app.example/back?step=2',
        callback_url: callback,
        ...extra,
      })}`;
    const carried = (address: string, decision: string) => ({
      ...Object.fromEntries(new URL(address, 'http://shop').searchParams),
      decision,
    });

    it('a signed-in manager approves: the keys reach the callback as JSON, work, and the manager returns with success=1', async () => {
      await createUser(suite.server.store, { login: 'olga', role: 'shop_manager', password: 'a-long-password' });
      const manager = new Visitor(suite.server.url);
      const address = query(working.url);
      const toLogin = await manager.get(address);
      assert.equal(toLogin.status, 303);
      assert.equal(toLogin.location, `/login?redirect_to=${encodeURIComponent(address)}`);
      await manager.get(toLogin.location!);
      const signedIn = await manager.post('/login', {
        login: 'olga',
        password: 'a-long-password',
        redirect_to: address,
      });
      assert.equal(signedIn.location, address);

      const approval = await manager.get(address);
      assert.equal(approval.status, 200);
      assert.match(approval.html, /<strong>Allegro &lt;sync&gt;<\/strong> would like to connect/);
      const before = working.received.length;
      const approved = await manager.post('/wc-auth/v1/authorize', carried(address, 'approve'));
      assert.equal(approved.status, 303, approved.html.slice(0, 300));
      assert.equal(approved.location, 'https://app.example/back?step=2&success=1&user_id=shop-42');
      const sent = working.received[before]!;
      assert.equal(sent.headers['content-type'], 'application/json');
      const keys = JSON.parse(sent.body);
      assert.equal(keys.user_id, 'shop-42');
      assert.equal(keys.key_permissions, 'read_write');
      const app = new WooCommerceRestApi({
        url: suite.server.url,
        consumerKey: keys.consumer_key,
        consumerSecret: keys.consumer_secret,
        version: 'wc/v3',
      });
      assert.equal((await app.get('products', { per_page: 1 })).status, 200);
      const stored = (await suite.server.store.apiKeys.list()).find((key) => key.id === keys.key_id);
      assert.match(stored!.description, /^Allegro <sync> - API \(\d{4}-\d{2}-\d{2}\)$/);

      const denied = await manager.post('/wc-auth/v1/authorize', carried(address, 'deny'));
      assert.equal(denied.location, 'https://app.example/back?step=2&success=0&user_id=shop-42');
    });

    it('keeps no key an app did not take, refuses a callback over plain HTTP, and lets only managers approve', async () => {
      await createUser(suite.server.store, { login: 'piotr', role: 'shop_manager', password: 'a-long-password' });
      const manager = new Visitor(suite.server.url);
      await manager.get('/login');
      await manager.post('/login', { login: 'piotr', password: 'a-long-password' });
      const keysBefore = (await suite.server.store.apiKeys.list()).length;
      const toFailing = query(failing.url);
      await manager.get(toFailing);
      const refused = await manager.post('/wc-auth/v1/authorize', carried(toFailing, 'approve'));
      assert.equal(refused.status, 502);
      assert.match(refused.html, /did not take its keys \(HTTP 500/);
      const inside = query('https://10.1.2.3/keys');
      await manager.get(inside);
      const privateOne = await manager.post('/wc-auth/v1/authorize', carried(inside, 'approve'));
      assert.equal(privateOne.status, 502);
      assert.match(privateOne.html, /private network/);
      assert.equal((await suite.server.store.apiKeys.list()).length, keysBefore, 'no key kept');

      const plain = await manager.get(query('http://app.example/keys'));
      assert.equal(plain.status, 400);
      assert.match(plain.html, /must use HTTPS/);
      const noScope = await manager.get(query(working.url, { scope: 'admin' }));
      assert.equal(noScope.status, 400);

      await createUser(suite.server.store, { login: 'kasia', role: 'customer', password: 'a-long-password' });
      const customer = new Visitor(suite.server.url);
      await customer.get('/login');
      await customer.post('/login', { login: 'kasia', password: 'a-long-password' });
      assert.equal((await customer.get(query(working.url))).status, 403);
    });
  });
});
