/**
 * `wc/v3/shipping/zones`, their locations and methods, and `wc/v3/shipping_methods` on a real server, in WooCommerce's
 * shapes, read from the zones a manager saved through `vitrine/v1/shipping/zones`.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fetchJson, useTestServer } from '../support/test-server.js';

describe('wc/v3 shipping zones', () => {
  const suite = useTestServer();
  const call = (path: string, authorization = suite.manager) =>
    fetchJson(suite.server.restUrl(path), { headers: authorization ? { authorization } : {} });
  let zones: {
    id: number;
    name: string;
    countries: string[];
    methods: { id: number; type: string; title: string; cost: number; min_amount: number }[];
  }[];

  before(async () => {
    const saved = await fetchJson(suite.server.restUrl('/vitrine/v1/shipping/zones'), {
      method: 'PUT',
      headers: { authorization: suite.manager },
      json: {
        zones: [
          {
            name: 'Polska',
            countries: ['PL'],
            methods: [
              { type: 'flat_rate', title: 'Kurier', cost: 14.99 },
              { type: 'free_shipping', title: 'Darmowa dostawa', min_amount: 200 },
              { type: 'local_pickup', title: 'Odbiór w sklepie', cost: 0 },
            ],
          },
          {
            name: 'EU',
            countries: ['DE', 'CZ', 'SK'],
            methods: [{ type: 'flat_rate', title: 'Courier EU', cost: 39 }],
          },
        ],
      },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    zones = saved.body.zones;
  });

  it("lists the zones in the order the checkout tries them, after WooCommerce's zone 0", async () => {
    const list = await call('/wc/v3/shipping/zones');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, [
      { id: 0, name: 'Locations not covered by your other zones', order: 0 },
      { id: zones[0]!.id, name: 'Polska', order: 1 },
      { id: zones[1]!.id, name: 'EU', order: 2 },
    ]);
    assert.deepEqual((await call(`/wc/v3/shipping/zones/${zones[1]!.id}`)).body, {
      id: zones[1]!.id,
      name: 'EU',
      order: 2,
    });
    assert.equal((await call('/wc/v3/shipping/zones/0')).body.id, 0);
  });

  it("answers a zone's countries as locations", async () => {
    assert.deepEqual((await call(`/wc/v3/shipping/zones/${zones[1]!.id}/locations`)).body, [
      { code: 'DE', type: 'country' },
      { code: 'CZ', type: 'country' },
      { code: 'SK', type: 'country' },
    ]);
    assert.deepEqual((await call('/wc/v3/shipping/zones/0/locations')).body, []);
  });

  it("answers a zone's methods with WooCommerce's ids and settings, money as strings", async () => {
    const polska = zones[0]!;
    const methods = await call(`/wc/v3/shipping/zones/${polska.id}/methods`);
    assert.equal(methods.status, 200);
    assert.deepEqual(
      methods.body.map((method: any) => [
        method.id,
        method.instance_id,
        method.method_id,
        method.title,
        method.order,
        method.enabled,
      ]),
      [
        [polska.methods[0]!.id, polska.methods[0]!.id, 'flat_rate', 'Kurier', 1, true],
        [polska.methods[1]!.id, polska.methods[1]!.id, 'free_shipping', 'Darmowa dostawa', 2, true],
        [polska.methods[2]!.id, polska.methods[2]!.id, 'local_pickup', 'Odbiór w sklepie', 3, true],
      ],
    );
    const [courier, free] = methods.body;
    assert.equal(courier.method_title, 'Flat rate');
    assert.equal(courier.settings.cost.value, '14.99');
    assert.equal(courier.settings.title.value, 'Kurier');
    assert.equal(free.settings.requires.value, 'min_amount');
    assert.equal(free.settings.min_amount.value, '200.00');
    const one = await call(`/wc/v3/shipping/zones/${polska.id}/methods/${polska.methods[1]!.id}`);
    assert.deepEqual(one.body, free);
    assert.deepEqual((await call('/wc/v3/shipping/zones/0/methods')).body, []);
  });

  it("answers unknown zones and methods with WooCommerce's codes", async () => {
    const cases: [string, string][] = [
      ['/wc/v3/shipping/zones/999', 'woocommerce_rest_shipping_zone_invalid'],
      ['/wc/v3/shipping/zones/999/locations', 'woocommerce_rest_shipping_zone_invalid'],
      ['/wc/v3/shipping/zones/999/methods', 'woocommerce_rest_shipping_zone_invalid'],
      [
        `/wc/v3/shipping/zones/${zones[1]!.id}/methods/${zones[0]!.methods[0]!.id}`,
        'woocommerce_rest_shipping_zone_method_invalid',
      ],
      ['/wc/v3/shipping/zones/0/methods/1', 'woocommerce_rest_shipping_zone_method_invalid'],
      ['/wc/v3/shipping_methods/table_rate', 'woocommerce_rest_shipping_method_invalid'],
    ];
    for (const [path, code] of cases) {
      const answer = await call(path);
      assert.deepEqual([answer.status, answer.body.code], [404, code], path);
    }
  });

  it('lists the shipping methods the shop has', async () => {
    const methods = await call('/wc/v3/shipping_methods');
    assert.deepEqual(
      methods.body.map((method: { id: string }) => method.id),
      ['flat_rate', 'free_shipping', 'local_pickup'],
    );
    assert.equal((await call('/wc/v3/shipping_methods/local_pickup')).body.title, 'Local pickup');
  });

  it('is for shop managers', async () => {
    const customer = await suite.server.basicAuthFor('customer');
    assert.deepEqual(
      [(await call('/wc/v3/shipping/zones', customer)).status, (await call('/wc/v3/shipping/zones', '')).status],
      [403, 401],
    );
    assert.equal((await call('/wc/v3/shipping/zones', customer)).body.code, 'woocommerce_rest_cannot_view');
  });
});
