/**
 * `wc/v3/payment_gateways` on a real server: the shop's bank transfer and cash on delivery as WooCommerce's `bacs`
 * and `cod`, their settings read from and written to the checkout's settings through the shop's validation, and what
 * the shop decides itself (offered, named) accepted only as it is.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchJson, useTestServer } from '../support/test-server.js';

const IBAN = 'PL61 1090 1014 0000 0712 1981 2874';

describe('wc/v3 payment gateways', () => {
  const suite = useTestServer();
  const call = (method: string, path: string, json?: unknown, authorization = suite.manager) =>
    fetchJson(suite.server.restUrl(`/wc/v3${path}`), { method, json, headers: authorization ? { authorization } : {} });
  const checkout = () => suite.server.store.site.data.settings.checkout;

  it("lists bacs, cod and the online providers, the ids orders carry, in WooCommerce's shape", async () => {
    const list = await call('GET', '/payment_gateways');
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.map((gateway: { id: string; enabled: boolean; order: number }) => [
        gateway.id,
        gateway.enabled,
        gateway.order,
      ]),
      [
        ['bacs', true, 1],
        ['cod', true, 2],
        // The online providers are listed, and enabled only when their keys are configured (this shop has none).
        ['stripe', false, 3],
        ['przelewy24', false, 4],
      ],
    );
    const [bacs, cod] = list.body;
    assert.deepEqual(Object.keys(bacs).sort(), [
      'description',
      'enabled',
      'id',
      'method_description',
      'method_supports',
      'method_title',
      'order',
      'settings',
      'title',
    ]);
    assert.equal(bacs.title, 'Direct bank transfer');
    assert.equal(cod.title, 'Cash on delivery');
    assert.deepEqual(Object.keys(bacs.settings), [
      'enabled',
      'title',
      'description',
      'account_name',
      'bank_name',
      'iban',
      'bic',
    ]);
    assert.equal(bacs.settings.enabled.value, 'yes');
    assert.equal(bacs.settings.iban.value, String(checkout().bank_iban));
    assert.equal(cod.settings.fee.value, String(checkout().cod_fee));
    assert.deepEqual((await call('GET', '/payment_gateways/cod')).body, cod);
  });

  it("updates the bank account and the fee in the checkout's settings", async () => {
    const bacs = await call('PUT', '/payment_gateways/bacs', {
      enabled: true,
      title: 'Direct bank transfer',
      settings: { account_name: 'Vitrine Sp. z o.o.', iban: IBAN, bic: 'WBKPPLPP' },
    });
    assert.equal(bacs.status, 200, JSON.stringify(bacs.body));
    assert.equal(bacs.body.settings.iban.value, IBAN);
    assert.deepEqual(
      [checkout().bank_account_holder, checkout().bank_iban, checkout().bank_bic],
      ['Vitrine Sp. z o.o.', IBAN, 'WBKPPLPP'],
    );
    const cod = await call('PATCH', '/payment_gateways/cod', { settings: { fee: '4.50' } });
    assert.equal(cod.status, 200, JSON.stringify(cod.body));
    assert.deepEqual([cod.body.settings.fee.value, checkout().cod_fee], ['4.5', 4.5]);
  });

  it('refuses what the shop does not let change, naming each field, and stores nothing', async () => {
    const before = structuredClone(checkout());
    const cases: [string, unknown, number, string, string[]][] = [
      [
        '/payment_gateways/bacs',
        { settings: { iban: 'PL00 1234', bank_name: 'Good Bank' } },
        400,
        'rest_setting_value_invalid',
        ['settings.iban'],
      ],
      ['/payment_gateways/bacs', { enabled: false }, 400, 'rest_setting_value_invalid', ['enabled']],
      [
        '/payment_gateways/cod',
        { title: 'Pay the courier', settings: { fee: -1 } },
        400,
        'rest_setting_value_invalid',
        ['settings.fee', 'title'],
      ],
      [
        '/payment_gateways/cod',
        { settings: { enable_for_methods: ['flat_rate'] } },
        400,
        'rest_invalid_param',
        ['settings.enable_for_methods'],
      ],
    ];
    for (const [path, body, status, code, params] of cases) {
      const refused = await call('PUT', path, body);
      assert.deepEqual([refused.status, refused.body.code], [status, code], `${path}: ${JSON.stringify(refused.body)}`);
      assert.deepEqual(Object.keys(refused.body.data.params).sort(), params);
    }
    assert.deepEqual(checkout(), before);
    const unknown = await call('GET', '/payment_gateways/paypal');
    assert.deepEqual([unknown.status, unknown.body.code], [404, 'woocommerce_rest_payment_gateway_invalid']);
    assert.equal((await call('PUT', '/payment_gateways/paypal', { enabled: true })).status, 404);
  });

  it('is for shop managers', async () => {
    const customer = await suite.server.basicAuthFor('customer');
    assert.deepEqual(
      [
        (await call('GET', '/payment_gateways', undefined, customer)).status,
        (await call('GET', '/payment_gateways', undefined, '')).status,
      ],
      [403, 401],
    );
  });
});
