import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fetchJson, startTestServer, type TestServer } from '../support/test-server.js';

/** Every protected compliance/v1 route, with a request a shop manager may make. */
const PROTECTED: { method: string; path: string; json?: unknown; ok: number[] }[] = [
  { method: 'GET', path: '/settings', ok: [200] },
  { method: 'GET', path: '/settings/general', ok: [200] },
  { method: 'POST', path: '/settings/storefront', json: { show_ratings: false }, ok: [200] },
  { method: 'GET', path: '/checkboxes', ok: [200] },
  { method: 'GET', path: '/checkboxes/stats', ok: [200] },
  { method: 'GET', path: '/checkboxes/1', ok: [200] },
  { method: 'PUT', path: '/checkboxes/1', json: { required: true }, ok: [200] },
  { method: 'GET', path: '/legal-pages', ok: [200] },
  { method: 'POST', path: '/legal-pages/generate', ok: [200, 201] },
  { method: 'GET', path: '/wizard', ok: [200] },
  { method: 'POST', path: '/wizard/complete', json: { steps_completed: ['company_info'] }, ok: [200] },
  // The green-claims report (409 while its module is off, as in a new shop).
  { method: 'GET', path: '/green-claims', ok: [200, 409] },
  { method: 'GET', path: '/dsa-notices', ok: [200] },
  { method: 'PUT', path: '/dsa-notices/1', json: { status: 'in_review' }, ok: [404] },
];

let server: TestServer;
const credentials: Record<string, string> = {};
const call = (route: (typeof PROTECTED)[number], authorization?: string) =>
  fetchJson(server.restUrl(`/compliance/v1${route.path}`), {
    method: route.method,
    json: route.json,
    headers: authorization ? { authorization } : {},
  });

before(async () => {
  server = await startTestServer();
  for (const role of ['customer', 'editor', 'shop_manager', 'administrator'] as const)
    credentials[role] = await server.basicAuthFor(role);
});
after(() => server.stop());

for (const route of PROTECTED) {
  describe(`${route.method} ${route.path}`, () => {
    it('answers 401 rest_forbidden without credentials', async () => {
      const { status, body } = await call(route);
      assert.equal(status, 401);
      assert.equal(body.code, 'rest_forbidden');
    });
    it('answers 403 rest_forbidden to a customer and an editor', async () => {
      for (const role of ['customer', 'editor']) {
        const { status, body } = await call(route, credentials[role]);
        assert.equal(status, 403, role);
        assert.equal(body.code, 'rest_forbidden');
      }
    });
    it('answers a shop manager and an administrator', async () => {
      for (const role of ['shop_manager', 'administrator']) {
        const { status } = await call(route, credentials[role]);
        assert.ok(route.ok.includes(status), `${role}: ${status}`);
      }
    });
  });
}

describe('GET /search', () => {
  it('needs no credentials, and a customer may use it too', async () => {
    assert.equal((await call({ method: 'GET', path: '/search?q=boot', ok: [] })).status, 200);
    assert.equal((await call({ method: 'GET', path: '/search?q=boot', ok: [] }, credentials.customer)).status, 200);
  });
});

describe('discovery', () => {
  it('lists every compliance/v1 route in the namespace index', async () => {
    const { status, body } = await fetchJson(server.restUrl('/compliance/v1'));
    assert.equal(status, 200);
    for (const pattern of [
      '/settings',
      '/settings/(?P<group>[\\w-]+)',
      '/checkboxes',
      '/checkboxes/stats',
      '/checkboxes/(?P<id>[\\d]+)',
      '/legal-pages',
      '/legal-pages/generate',
      '/search',
      '/wizard',
      '/wizard/complete',
      '/green-claims',
      '/dsa-notices',
      '/dsa-notices/(?P<id>[\\d]+)',
    ]) {
      assert.ok(`/compliance/v1${pattern}` in body.routes, pattern);
    }
    assert.equal(body.routes['/compliance/v1/search'].endpoints[0].args.limit.maximum, 50);
  });
});
