// Hardening: the REST API refuses what it does not know with WordPress's 400s, never a 500: keys that
// only Object.prototype has, JSON nested thousands deep or holding lone surrogates, method overrides that are not
// one known method.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchJson, useTestServer } from '../support/test-server.js';

describe('REST hardening', () => {
  const suite = useTestServer();
  const send = (restPath: string, method: string, body: string, headers: Record<string, string> = {}) =>
    fetchJson(suite.server.restUrl(restPath), {
      method,
      headers: { authorization: suite.manager, 'content-type': 'application/json', ...headers },
      body,
    });

  describe('keys known only to Object.prototype', () => {
    it('settings keys constructor, toString and hasOwnProperty are unknown: 400, and nothing is stored', async () => {
      const { status, body } = await send(
        '/compliance/v1/settings/general',
        'POST',
        '{"constructor":1,"toString":"x","hasOwnProperty":2}',
      );
      assert.equal(status, 400);
      assert.equal(body.code, 'rest_invalid_param');
      assert.deepEqual(Object.keys(body.data.params).sort(), ['constructor', 'hasOwnProperty', 'toString']);
      const settings = await fetchJson(suite.server.restUrl('/compliance/v1/settings/general'), {
        headers: { authorization: suite.manager },
      });
      assert.equal(Object.hasOwn(settings.body.settings, 'constructor'), false);
      assert.equal(Object.hasOwn(suite.server.store.site.data.settings.general, 'toString'), false);
    });

    it('a checkbox field named toString is not a field that can be set', async () => {
      const { status, body } = await send('/compliance/v1/checkboxes/1', 'PUT', '{"toString":"x"}');
      assert.equal(status, 400);
      assert.deepEqual(Object.keys(body.data.params), ['toString']);
    });
  });

  describe('JSON bodies', () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

    for (const [restPath, method, json] of [
      ['/facet/v1/filter', 'POST', `{"query":{},"widget":{"facets":${deep(6000)}}}`],
      ['/compliance/v1/settings/general', 'POST', `{"shop_name":${deep(6000)}}`],
      ['/facet/v1/settings', 'POST', `{"facets":${deep(6000)}}`],
    ] as const) {
      it(`a value nested 6,000 deep sent to ${restPath} is 400 rest_invalid_json`, async () => {
        const { status, body } = await send(restPath, method, json);
        assert.equal(status, 400);
        assert.equal(body.code, 'rest_invalid_json');
        assert.match(body.data.details.json_error_message, /nested more than 32 levels/);
      });
    }

    it('a lone surrogate in sf_q of a /filter body is 400, not 500', async () => {
      const { status, body } = await send('/facet/v1/filter', 'POST', '{"query":{"sf_q":"\\ud800"}}');
      assert.equal(status, 400);
      assert.equal(body.code, 'rest_invalid_json');
    });

    it('a key named __proto__ is refused rather than stored', async () => {
      const { status } = await send('/compliance/v1/settings/general', 'POST', '{"__proto__":{"shop_name":"x"}}');
      assert.equal(status, 400);
    });
  });

  describe('method override', () => {
    for (const [label, query, headers] of [
      ['_method given twice', '?_method=a&_method=b', {}],
      ['an unknown _method', '?_method=FETCH', {}],
      ['an unknown X-HTTP-Method-Override', '', { 'x-http-method-override': 'FOO' }],
      ['two X-HTTP-Method-Override values', '', { 'x-http-method-override': 'PUT, DELETE' }],
    ] as const) {
      it(`${label} is 400 rest_invalid_param in WordPress's error shape`, async () => {
        const { status, body } = await send(`/facet/v1/filter${query}`, 'POST', '{"query":{}}', headers);
        assert.equal(status, 400);
        assert.equal(body.code, 'rest_invalid_param');
        assert.equal(body.data.status, 400);
      });
    }

    it('a valid override still works, through ?rest_route= too', async () => {
      const url = `${suite.server.url}/?rest_route=/compliance/v1/checkboxes/1&_method=PUT`;
      const { status, body } = await fetchJson(url, {
        method: 'POST',
        headers: { authorization: suite.manager },
        json: { position: 3 },
      });
      assert.equal(status, 200);
      assert.equal(body.position, 3);
    });
  });
});
