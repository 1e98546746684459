/**
 * `wc/v3/settings` on a real server: WooCommerce's groups and setting shape over the shop's settings, updates through
 * the shop's own validation (the value the admin then shows), settings that follow from the shop accepting only
 * their value, and a batch applied whole or not at all.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchJson, useTestServer } from '../support/test-server.js';

describe('wc/v3 settings', () => {
  const suite = useTestServer();
  const call = (method: string, path: string, json?: unknown, authorization = suite.manager) =>
    fetchJson(suite.server.restUrl(`/wc/v3${path}`), { method, json, headers: authorization ? { authorization } : {} });
  const settings = () => suite.server.store.site.data.settings;

  it('lists the groups WooCommerce tools read', async () => {
    const groups = await call('GET', '/settings');
    assert.equal(groups.status, 200);
    assert.deepEqual(
      groups.body.map((group: { id: string }) => group.id),
      ['general', 'products'],
    );
    assert.deepEqual(Object.keys(groups.body[0]).sort(), ['description', 'id', 'label', 'parent_id', 'sub_groups']);
  });

  it("answers the general group in WooCommerce's setting shape, from the shop's settings", async () => {
    const general = await call('GET', '/settings/general');
    assert.equal(general.status, 200);
    const byId = Object.fromEntries(general.body.map((setting: { id: string }) => [setting.id, setting]));
    assert.equal(byId.woocommerce_currency.value, settings().general.currency);
    assert.equal(byId.woocommerce_currency.type, 'select');
    assert.equal(byId.woocommerce_currency.options.EUR, 'Euro (EUR)');
    assert.equal(byId.woocommerce_default_country.value, settings().checkout.default_country);
    assert.equal(byId.woocommerce_default_country.type, 'single_select_country');
    assert.equal(byId.woocommerce_store_address.value, settings().general.company_address);
    assert.equal(byId.woocommerce_store_city.value, '');
    assert.equal(byId.woocommerce_price_num_decimals.value, '2');
    assert.deepEqual(Object.keys(byId.woocommerce_currency).sort(), [
      'default',
      'description',
      'group_id',
      'id',
      'label',
      'options',
      'tip',
      'type',
      'value',
    ]);
    // pl-PL writes "12 345,50 zł".
    assert.deepEqual(
      [byId.woocommerce_currency_pos.value, byId.woocommerce_price_decimal_sep.value],
      ['right_space', ','],
    );
    const one = await call('GET', '/settings/general/woocommerce_currency');
    assert.deepEqual(one.body, byId.woocommerce_currency);
  });

  it("updates a setting through the shop's validation, so the shop uses it", async () => {
    const updated = await call('PUT', '/settings/general/woocommerce_currency', { value: 'EUR' });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.value, 'EUR');
    assert.equal(settings().general.currency, 'EUR');
    const country = await call('PUT', '/settings/general/woocommerce_default_country', { value: 'DE:BE' });
    assert.equal(country.body.value, 'DE', 'a state is not kept');
    const threshold = await call('PUT', '/settings/products/woocommerce_notify_low_stock_amount', { value: '7' });
    assert.deepEqual([threshold.body.value, settings().storefront.low_stock_threshold], ['7', 7]);
    const ratings = await call('PATCH', '/settings/products/woocommerce_enable_review_rating', { value: 'no' });
    assert.deepEqual([ratings.body.value, settings().storefront.show_ratings], ['no', false]);
    const admin = await fetchJson(suite.server.restUrl('/compliance/v1/settings/general'), {
      headers: { authorization: suite.manager },
    });
    assert.equal(admin.body.settings.currency, 'EUR', 'the admin reads what the connector set');
  });

  it("refuses bad values and settings that follow from the shop, with WooCommerce's codes, changing nothing", async () => {
    const before = structuredClone(settings());
    const cases: [string, unknown, number, string][] = [
      ['/settings/general/woocommerce_currency', { value: 'XYZ' }, 400, 'rest_setting_value_invalid'],
      ['/settings/products/woocommerce_notify_low_stock_amount', { value: 'many' }, 400, 'rest_setting_value_invalid'],
      ['/settings/products/woocommerce_enable_review_rating', { value: 'maybe' }, 400, 'rest_setting_value_invalid'],
      ['/settings/products/woocommerce_weight_unit', { value: 'lbs' }, 400, 'rest_setting_value_invalid'],
      ['/settings/general/woocommerce_currency', {}, 400, 'rest_invalid_param'],
      ['/settings/general/woocommerce_nope', { value: '1' }, 404, 'rest_setting_setting_invalid'],
      ['/settings/tax/woocommerce_prices_include_tax', { value: 'yes' }, 404, 'rest_setting_setting_group_invalid'],
    ];
    for (const [path, body, status, code] of cases) {
      const refused = await call('PUT', path, body);
      assert.deepEqual([refused.status, refused.body.code], [status, code], `${path}: ${JSON.stringify(refused.body)}`);
    }
    const weight = await call('PUT', '/settings/products/woocommerce_weight_unit', { value: 'lbs' });
    assert.match(weight.body.data.params.value, /kilograms/);
    assert.equal(
      (await call('PUT', '/settings/products/woocommerce_weight_unit', { value: 'kg' })).status,
      200,
      'its own value is accepted',
    );
    assert.equal((await call('GET', '/settings/nope')).body.code, 'rest_setting_setting_group_invalid');
    assert.deepEqual(settings(), before);
  });

  it('applies a batch whole, or refuses it whole naming every bad value', async () => {
    const before = structuredClone(settings());
    const refused = await call('POST', '/settings/general/batch', {
      update: [
        { id: 'woocommerce_currency', value: 'CZK' },
        { id: 'woocommerce_default_country', value: 'ZZ' },
        { id: 'woocommerce_price_num_decimals', value: '3' },
      ],
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'rest_setting_value_invalid');
    assert.deepEqual(Object.keys(refused.body.data.params).sort(), [
      'woocommerce_default_country',
      'woocommerce_price_num_decimals',
    ]);
    assert.deepEqual(settings(), before, 'the good value was not stored either');
    const applied = await call('POST', '/settings/general/batch', {
      update: [
        { id: 'woocommerce_currency', value: 'CZK' },
        { id: 'woocommerce_store_address', value: 'Rynek 1, 50-101 Wrocław' },
      ],
    });
    assert.equal(applied.status, 200, JSON.stringify(applied.body));
    assert.deepEqual(
      applied.body.update.map((setting: { value: string }) => setting.value),
      ['CZK', 'Rynek 1, 50-101 Wrocław'],
    );
    assert.deepEqual(
      [settings().general.currency, settings().general.company_address],
      ['CZK', 'Rynek 1, 50-101 Wrocław'],
    );
  });

  it('is for shop managers', async () => {
    const customer = await suite.server.basicAuthFor('customer');
    const refused = await call('PUT', '/settings/general/woocommerce_currency', { value: 'PLN' }, customer);
    assert.deepEqual([refused.status, refused.body.code], [403, 'woocommerce_rest_cannot_edit']);
    assert.equal((await call('GET', '/settings', undefined, '')).status, 401);
  });
});
