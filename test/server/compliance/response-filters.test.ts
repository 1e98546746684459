import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RestRequest } from '../../../server/rest/route.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

const suite = useTestServer();

/** Endpoint -> the hook its response goes through (docs/architecture.md). */
const CASES: { hook: string; method: string; path: string; json?: unknown; status: number }[] = [
  { hook: 'settings', method: 'GET', path: '/settings', status: 200 },
  { hook: 'settings', method: 'GET', path: '/settings/compliance', status: 200 },
  { hook: 'settings', method: 'POST', path: '/settings/compliance', json: { dsa_enabled: true }, status: 200 },
  { hook: 'checkboxes', method: 'GET', path: '/checkboxes', status: 200 },
  { hook: 'checkbox_stats', method: 'GET', path: '/checkboxes/stats', status: 200 },
  { hook: 'checkbox', method: 'GET', path: '/checkboxes/2', status: 200 },
  { hook: 'checkbox', method: 'PUT', path: '/checkboxes/2', json: { enabled: true }, status: 200 },
  { hook: 'legal_pages', method: 'GET', path: '/legal-pages', status: 200 },
  { hook: 'legal_pages', method: 'POST', path: '/legal-pages/generate', status: 201 },
  { hook: 'search', method: 'GET', path: '/search?q=boot', status: 200 },
  { hook: 'wizard', method: 'GET', path: '/wizard', status: 200 },
  { hook: 'wizard', method: 'POST', path: '/wizard/complete', json: { steps_completed: ['compliance'] }, status: 200 },
];

describe('compliance/rest/<name>_response filters', () => {
  for (const { hook, method, path, json, status } of CASES) {
    it(`${method} ${path} goes through compliance/rest/${hook}_response with the request`, async () => {
      let seenRequest: RestRequest | undefined;
      const remove = suite.server.plugin.hooks.addFilter(
        `compliance/rest/${hook}_response`,
        (response: Record<string, unknown>, request: RestRequest) => {
          seenRequest = request;
          return { ...response, filtered_by: hook };
        },
      );
      try {
        const answer = await fetchJson(suite.server.restUrl(`/compliance/v1${path}`), {
          method,
          json,
          headers: { authorization: suite.manager },
        });
        assert.equal(answer.status, status, 'the filter keeps the status');
        assert.equal(answer.body.filtered_by, hook);
        assert.equal(seenRequest?.method, method);
      } finally {
        remove();
      }
    });
  }

  it('can replace a response entirely, e.g. to hide a group', async () => {
    const remove = suite.server.plugin.hooks.addFilter(
      'compliance/rest/settings_response',
      (response: { groups?: { id: string }[] }) =>
        response.groups ? { groups: response.groups.filter((group) => group.id !== 'checkout') } : response,
    );
    try {
      const { body } = await fetchJson(suite.server.restUrl('/compliance/v1/settings'), {
        headers: { authorization: suite.manager },
      });
      assert.deepEqual(
        body.groups.map((group: { id: string }) => group.id),
        ['general', 'compliance', 'storefront'],
      );
    } finally {
      remove();
    }
  });

  it('does not filter errors', async () => {
    const remove = suite.server.plugin.hooks.addFilter('compliance/rest/checkbox_response', () => ({ hijacked: true }));
    try {
      const { status, body } = await fetchJson(suite.server.restUrl('/compliance/v1/checkboxes/999'), {
        headers: { authorization: suite.manager },
      });
      assert.equal(status, 404);
      assert.equal(body.code, 'compliance_checkbox_not_found');
    } finally {
      remove();
    }
  });
});
