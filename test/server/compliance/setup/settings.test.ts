import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SETTINGS_GROUPS } from '../../../../server/store/settings-schema.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';

const suite = useTestServer();
const settingsUrl = (group = '') => suite.server.restUrl(`/compliance/v1/settings${group ? `/${group}` : ''}`);
const post = (group: string, json: unknown) =>
  fetchJson(settingsUrl(group), { method: 'POST', headers: { authorization: suite.manager }, json });
const get = (group: string) => fetchJson(settingsUrl(group), { headers: { authorization: suite.manager } });

describe('GET /settings', () => {
  it('lists the four groups with label and description', async () => {
    const { status, body } = await get('');
    assert.equal(status, 200);
    assert.deepEqual(
      body.groups.map((group: { id: string }) => group.id),
      ['general', 'compliance', 'storefront', 'checkout'],
    );
    for (const group of body.groups) {
      assert.deepEqual(Object.keys(group).sort(), ['description', 'id', 'label']);
      assert.ok(group.label && group.description);
    }
  });
});

describe('GET /settings/{group}', () => {
  it('answers the exact eight compliance keys with their defaults', async () => {
    const { status, body } = await get('compliance');
    assert.equal(status, 200);
    assert.deepEqual(body, {
      group: 'compliance',
      settings: {
        omnibus_enabled: true,
        omnibus_days: 30,
        gpsr_enabled: true,
        withdrawal_enabled: true,
        withdrawal_days: 14,
        dsa_enabled: false,
        ksef_enabled: false,
        greenwashing_enabled: false,
      },
    });
  });

  it('answers every key of every other group, general with shop, company, currency, locale, time zone and the module switch', async () => {
    for (const group of SETTINGS_GROUPS) {
      const { status, body } = await get(group.id);
      assert.equal(status, 200);
      assert.deepEqual(Object.keys(body.settings).sort(), Object.keys(group.settings).sort());
    }
    const { body } = await get('general');
    for (const key of [
      'shop_name',
      'company_name',
      'company_address',
      'company_tax_id',
      'company_email',
      'currency',
      'locale',
      'timezone',
      'legal_pages_enabled',
    ]) {
      assert.ok(key in body.settings, key);
    }
  });

  it('answers 404 compliance_invalid_group for an unknown group', async () => {
    const { status, body } = await get('shipping');
    assert.equal(status, 404);
    assert.equal(body.code, 'compliance_invalid_group');
    assert.equal(body.data.status, 404);
  });
});

describe('POST /settings/{group}', () => {
  it('applies valid values, reports only real changes, and persists them to site.json', async () => {
    const { status, body } = await post('compliance', { omnibus_days: 60, gpsr_enabled: true, dsa_enabled: true });
    assert.equal(status, 200);
    assert.deepEqual(body, { updated: true, group: 'compliance', changes: { omnibus_days: 60, dsa_enabled: true } });
    assert.equal((await get('compliance')).body.settings.omnibus_days, 60);
    const onDisk = JSON.parse(await readFile(path.join(suite.server.dataDir, 'site.json'), 'utf8'));
    assert.equal(onDisk.settings.compliance.omnibus_days, 60);
  });

  it('answers updated: false with no changes when every value is already set', async () => {
    const { status, body } = await post('compliance', { omnibus_days: 60 });
    assert.equal(status, 200);
    assert.deepEqual(body, { updated: false, group: 'compliance', changes: {} });
  });

  it('changes every group: general, storefront and checkout', async () => {
    const updates = {
      general: {
        shop_name: 'Sklep Testowy',
        company_tax_id: 'PL 123-456-78-90',
        currency: 'EUR',
        locale: 'de-DE',
        timezone: 'America/New_York',
      },
      storefront: { show_ratings: false, low_stock_threshold: 3 },
      checkout: { guest_checkout: false, order_button_label: 'Buy now' },
    };
    for (const [group, values] of Object.entries(updates)) {
      const { status, body } = await post(group, values);
      assert.equal(status, 200, group);
      assert.deepEqual(body.changes, values);
    }
    await post('general', { currency: 'PLN', locale: 'pl-PL', timezone: 'Europe/Warsaw' });
  });

  it('names every bad key in one 400 and applies nothing (all or nothing)', async () => {
    const before = (await get('compliance')).body.settings;
    const { status, body } = await post('compliance', {
      omnibus_enabled: false, // valid, but must not be applied
      omnibus_days: 366, // out of range
      withdrawal_days: 13, // below the legal minimum
      gpsr_enabled: 'yes', // wrong type
      ksef_enabled: 1, // numbers are not booleans here
      colour: 'red', // unknown
    });
    assert.equal(status, 400);
    assert.equal(body.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(body.data.params).sort(), [
      'colour',
      'gpsr_enabled',
      'ksef_enabled',
      'omnibus_days',
      'withdrawal_days',
    ]);
    assert.match(body.data.params.omnibus_days, /from 1 to 365/);
    assert.match(body.data.params.withdrawal_days, /from 14 to 365/);
    assert.deepEqual((await get('compliance')).body.settings, before);
  });

  it('rejects a fractional integer, an unknown currency, a bad locale, time zone and e-mail', async () => {
    const { status, body } = await post('general', {
      currency: 'XYZ',
      locale: 'polish',
      timezone: 'Mars/Olympus',
      company_email: 'not-an-email',
    });
    assert.equal(status, 400);
    assert.deepEqual(Object.keys(body.data.params).sort(), ['company_email', 'currency', 'locale', 'timezone']);
    const fractional = await post('compliance', { omnibus_days: 30.5 });
    assert.equal(fractional.status, 400);
    assert.ok('omnibus_days' in fractional.body.data.params);
  });

  it('asks for a JSON object body', async () => {
    for (const json of [[1, 2], 'text', null]) {
      const { status, body } = await post('compliance', json);
      assert.equal(status, 400, JSON.stringify(json));
      assert.equal(body.code, 'rest_invalid_param');
    }
    const broken = await fetchJson(settingsUrl('compliance'), {
      method: 'POST',
      headers: { authorization: suite.manager, 'content-type': 'application/json' },
      body: '{"omnibus_days":',
    });
    assert.equal(broken.status, 400);
    assert.equal(broken.body.code, 'rest_invalid_json');
  });

  it('answers 404 compliance_invalid_group for an unknown group, even with a valid body', async () => {
    const { status, body } = await post('shipping', {});
    assert.equal(status, 404);
    assert.equal(body.code, 'compliance_invalid_group');
  });
});

// The admin builds its settings forms from the discovery index, so the index must describe every key.
describe('the discovery index describes every setting', () => {
  it("lists each group's keys on its POST endpoint with type, bounds, label and help", async () => {
    const { status, body } = await fetchJson(suite.server.restUrl('/compliance/v1'), {
      headers: { authorization: suite.manager },
    });
    assert.equal(status, 200);
    for (const group of SETTINGS_GROUPS) {
      const route = body.routes[`/compliance/v1/settings/${group.id}`];
      assert.ok(route, group.id);
      const post = route.endpoints.find((endpoint: { methods: string[] }) => endpoint.methods.includes('POST'));
      assert.deepEqual(Object.keys(post.args).sort(), Object.keys(group.settings).sort());
      for (const arg of Object.values(post.args) as Array<{ title: string; description: string; required: boolean }>) {
        assert.ok(arg.title && arg.description, JSON.stringify(arg));
        assert.equal(arg.required, false);
      }
    }
    const compliance = body.routes['/compliance/v1/settings/compliance'].endpoints.find(
      (endpoint: { methods: string[] }) => endpoint.methods.includes('POST'),
    );
    assert.deepEqual(
      {
        type: compliance.args.omnibus_days.type,
        minimum: compliance.args.omnibus_days.minimum,
        maximum: compliance.args.omnibus_days.maximum,
      },
      { type: 'integer', minimum: 1, maximum: 365 },
    );
    assert.equal(compliance.args.withdrawal_days.minimum, 14);
    assert.equal(compliance.args.omnibus_enabled.type, 'boolean');
    const general = body.routes['/compliance/v1/settings/general'].endpoints.find((endpoint: { methods: string[] }) =>
      endpoint.methods.includes('POST'),
    );
    assert.ok(general.args.currency.enum.includes('EUR'));
    assert.equal(general.args.shop_name.maxLength, 120);
  });

  it("still names every bad key, formats included, in one 400 through the group's own route", async () => {
    const { status, body } = await post('general', {
      shop_name: 'x'.repeat(121),
      company_email: 'nope',
      currency: 'XYZ',
    });
    assert.equal(status, 400);
    assert.deepEqual(Object.keys(body.data.params).sort(), ['company_email', 'currency', 'shop_name']);
  });
});
