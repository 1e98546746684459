/**
 * WooCommerce's own JavaScript client (`@woocommerce/woocommerce-rest-api`) against a real server,
 * the way an integrator's tool uses it, with each way it sends a key: to an `http://` shop it signs every request with
 * OAuth 1.0a (HMAC-SHA256); to an `https://` shop (here behind a TLS-terminating proxy) it sends the key over HTTP
 * Basic, or with `queryStringAuth` as the `consumer_key` and `consumer_secret` query parameters.
 */
import assert from 'node:assert/strict';
import https from 'node:https';
import { after, before, describe, it } from 'node:test';
import wooCommerceRestApiModule, { type IWooCommerceRestApiOptions } from '@woocommerce/woocommerce-rest-api';
import { createUser } from '../../../server/auth/users.js';
import { createApiKey, type NewApiKeyCredentials } from '../../../server/auth/woo-api-keys.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { startTlsProxy, type TlsProxy } from '../support/tls-proxy.js';
import { useTestServer } from '../support/test-server.js';

// The package is CommonJS with its class on `exports.default`.
const { default: WooCommerceRestApi } = wooCommerceRestApiModule;
type WooCommerceClient = InstanceType<typeof WooCommerceRestApi>;
type WooRestApiOptions = IWooCommerceRestApiOptions;

/** The client rejects non-2xx answers with axios errors; the test wants the answer either way. */
async function answer(
  request: Promise<{ status: number; data: any; headers: any }>,
): Promise<{ status: number; data: any; headers: any }> {
  try {
    return await request;
  } catch (error) {
    const response = (error as { response?: { status: number; data: any; headers: any } }).response;
    if (!response) throw error;
    return response;
  }
}

/**
 * What an integrator's tool does with a shop: list, read one, update it, read it back. Each resource of
 * `wc/v3` is one more entry, with a field an ERP changes.
 */
const RESOURCES = [
  { path: 'products', change: (label: string) => ({ name: `Renamed by ${label}` }), changed: (item: any) => item.name },
  {
    path: 'orders',
    change: (label: string) => ({ customer_note: `Leave it at the door (${label})` }),
    changed: (item: any) => item.customer_note,
  },
  {
    path: 'customers',
    change: (label: string) => ({ first_name: `Renamed-by-${label.replace(/\W+/g, '-')}` }),
    changed: (item: any) => item.first_name,
  },
];

async function integratorRound(api: WooCommerceClient, label: string): Promise<void> {
  for (const resource of RESOURCES) {
    const list = await answer(api.get(resource.path, { per_page: 3, page: 1 }));
    assert.equal(list.status, 200, `${label}: listing ${resource.path}: ${JSON.stringify(list.data)}`);
    assert.equal(list.data.length, 3);
    assert.ok(Number(list.headers['x-wp-total']) > 3, 'X-WP-Total counts them all');
    const id = list.data[1].id;
    const one = await answer(api.get(`${resource.path}/${id}`));
    assert.equal(one.status, 200);
    assert.equal(one.data.id, id);
    const updated = await answer(api.put(`${resource.path}/${id}`, resource.change(label)));
    assert.equal(updated.status, 200, `${label}: updating ${resource.path}/${id}: ${JSON.stringify(updated.data)}`);
    const readBack = await answer(api.get(`${resource.path}/${id}`));
    assert.equal(resource.changed(readBack.data), resource.changed({ ...one.data, ...resource.change(label) }));
  }
}

describe("WooCommerce's JavaScript client", () => {
  // Behind the TLS proxy, which says https with X-Forwarded-Proto: only then is a key sent in the clear believed.
  const suite = useTestServer({ env: { TRUST_PROXY: '1' } });
  let readWrite: NewApiKeyCredentials;
  let readOnly: NewApiKeyCredentials;
  let proxy: TlsProxy;
  const client = (url: string, key: NewApiKeyCredentials, options: Partial<WooRestApiOptions> = {}) =>
    new WooCommerceRestApi({
      url,
      consumerKey: key.consumerKey,
      consumerSecret: key.consumerSecret,
      version: 'wc/v3',
      ...options,
    });
  const overTls = (key: NewApiKeyCredentials, options: Partial<WooRestApiOptions> = {}) =>
    client(proxy.url, key, { ...options, axiosConfig: { httpsAgent: new https.Agent({ ca: proxy.certificate }) } });

  before(async () => {
    await createUser(suite.server.store, { login: 'erp', role: 'shop_manager', password: 'a-long-password' });
    readWrite = await createApiKey(suite.server.store, 'erp', 'ERP');
    readOnly = await createApiKey(suite.server.store, 'erp', 'Reports', { permissions: 'read' });
    proxy = await startTlsProxy(suite.server.url);
    await suite.server.store.catalog.load();
    const product = stockedProduct(suite.server.store, 10);
    for (let index = 0; index < 5; index++)
      await placeTestOrder(suite.server.store, { product, email: `buyer.${index}@example.com` });
    for (let index = 0; index < 5; index++) {
      await createUser(suite.server.store, {
        login: `shopper-${index}`,
        email: `shopper.${index}@example.com`,
        role: 'customer',
        password: 'a-long-password',
      });
    }
    await fetch(suite.server.restUrl('/vitrine/v1/shipping/zones'), {
      method: 'PUT',
      headers: { authorization: suite.manager, 'content-type': 'application/json' },
      body: JSON.stringify({
        zones: [{ name: 'Polska', countries: ['PL'], methods: [{ type: 'flat_rate', title: 'Kurier', cost: 15 }] }],
      }),
    });
  });
  after(() => proxy?.close());

  it('lists, reads and updates with OAuth 1.0a signatures over plain HTTP', async () => {
    await integratorRound(client(suite.server.url, readWrite), 'OAuth');
  });

  it("moves an order with a signed request, and the order's history names the key", async () => {
    const api = client(suite.server.url, readWrite);
    const onHold = (await api.get('orders', { status: 'on-hold', per_page: 1 })).data[0];
    const moved = await answer(api.put(`orders/${onHold.id}`, { status: 'processing' }));
    assert.equal(moved.status, 200, JSON.stringify(moved.data));
    const stored = await suite.server.store.orders.findByNumber(onHold.number);
    assert.deepEqual(stored!.history.at(-1)!.by, {
      type: 'api_key',
      id: (await suite.server.store.users.findByLogin('erp'))!.id,
      name: 'ERP',
    });
    assert.equal(stored!.history.at(-1)!.to, 'processing');
  });

  it('signs queries whose values need encoding (a search with a space, a letter outside ASCII)', async () => {
    const api = client(suite.server.url, readWrite);
    const id = (await api.get('products', { per_page: 1 })).data[0].id;
    await api.put(`products/${id}`, { name: 'Kubek żółty w kropki' });
    const found = await answer(api.get('products', { search: 'żółty w kropki', per_page: 5 }));
    assert.equal(found.status, 200, JSON.stringify(found.data));
    assert.deepEqual(
      found.data.map((product: { id: number }) => product.id),
      [id],
    );
  });

  it('lists, reads and updates with the key over Basic, and with queryStringAuth as query parameters, over HTTPS', async () => {
    await integratorRound(overTls(readWrite), 'Basic');
    await integratorRound(overTls(readWrite, { queryStringAuth: true }), 'query parameters');
  });

  it("refuses a read-only key's writes, however it is sent, and lets it read", async () => {
    for (const api of [
      client(suite.server.url, readOnly),
      overTls(readOnly),
      overTls(readOnly, { queryStringAuth: true }),
    ]) {
      const list = await answer(api.get('products', { per_page: 1 }));
      assert.equal(list.status, 200);
      const refused = await answer(api.put(`products/${list.data[0].id}`, { name: 'Not allowed' }));
      assert.equal(refused.status, 401);
      assert.equal(refused.data.code, 'woocommerce_rest_authentication_error');
      assert.match(refused.data.message, /does not have write permissions/);
      assert.notEqual((await api.get(`products/${list.data[0].id}`)).data.name, 'Not allowed', 'nothing changed');
    }
  });

  it('reads customers, shipping zones and their methods, payment gateways and a setting, signed and over Basic', async () => {
    for (const api of [client(suite.server.url, readOnly), overTls(readOnly)]) {
      const customers = await answer(api.get('customers', { search: 'shopper', orderby: 'id', per_page: 2 }));
      assert.equal(customers.status, 200, JSON.stringify(customers.data));
      assert.deepEqual(
        customers.data.map((customer: { username: string }) => customer.username),
        ['shopper-0', 'shopper-1'],
      );
      assert.equal(customers.headers['x-wp-total'], '5');
      const zones = await answer(api.get('shipping/zones'));
      assert.equal(zones.status, 200, JSON.stringify(zones.data));
      const polska = zones.data.find((zone: { name: string }) => zone.name === 'Polska');
      assert.deepEqual((await api.get(`shipping/zones/${polska.id}/locations`)).data, [
        { code: 'PL', type: 'country' },
      ]);
      assert.equal((await api.get(`shipping/zones/${polska.id}/methods`)).data[0].settings.cost.value, '15.00');
      const gateways = await answer(api.get('payment_gateways'));
      assert.equal(gateways.status, 200, JSON.stringify(gateways.data));
      assert.deepEqual(
        gateways.data.map((gateway: { id: string }) => gateway.id),
        ['bacs', 'cod', 'stripe', 'przelewy24'],
      );
      const currency = await answer(api.get('settings/general/woocommerce_currency'));
      assert.equal(currency.status, 200, JSON.stringify(currency.data));
      assert.equal(currency.data.value, suite.server.store.site.data.settings.general.currency);
    }
  });

  it('is refused with a wrong secret, however it sends it', async () => {
    const wrong = { ...readWrite, consumerSecret: `cs_${'0'.repeat(40)}` };
    for (const [api, message] of [
      [client(suite.server.url, wrong), /signature does not match/],
      [overTls(wrong), /Consumer secret is invalid/],
      [overTls(wrong, { queryStringAuth: true }), /Consumer secret is invalid/],
    ] as const) {
      const refused = await answer(api.get('products'));
      assert.equal(refused.status, 401);
      assert.equal(refused.data.code, 'woocommerce_rest_authentication_error');
      assert.match(refused.data.message, message);
    }
  });
});
