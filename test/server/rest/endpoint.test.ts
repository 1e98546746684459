/**
 * endpoint(): what its types promise a handler, checked twice. The type check (`npm test` runs tsc over the tests)
 * holds the @ts-expect-error and `satisfies` lines below to the types; the requests, sent through the REST middleware
 * as a client sends them, hold the middleware to what those types promise: that a handler gets its args validated and
 * coerced, nothing undeclared, and that a body-checked endpoint's params are not validated for it.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import { withResponseFilter } from '../../../server/compliance/response-filter.js';
import { loadConfig } from '../../../server/config.js';
import { Hooks } from '../../../server/hooks/hooks.js';
import { RestRegistry } from '../../../server/rest/registry.js';
import { restMiddleware } from '../../../server/rest/rest-middleware.js';
import { RestResponse, endpoint, type EndpointDefinition } from '../../../server/rest/route.js';
import { openLowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import type { Store } from '../../../server/store/store.js';
import { fetchJson, makeTempDir } from '../support/test-server.js';

const ID = { id: { type: 'integer', required: true } } as const;
const NAMESPACE = 'endpoint-test/v1';

describe('endpoint', () => {
  const hooks = new Hooks();
  const registry = new RestRegistry();
  let store: Store;
  let server: ReturnType<Koa['listen']>;
  let root = '';
  const call = async (method: string, path: string, json?: unknown) =>
    fetchJson(`${root}/${NAMESPACE}${path}`, { method, json });

  before(async () => {
    store = await openLowdbStore(await makeTempDir(), { watch: false });
    const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
    const app = new Koa();
    app.use(restMiddleware({ config, registry, store, hooks }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}${config.restRoot}`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await store.close();
  });

  it('answers the definition it was given, as it was', () => {
    const definition = { methods: ['GET' as const], permission: 'public' as const, args: ID, handler: () => null };
    assert.equal(endpoint(definition), definition);
  });

  it("types params from the args, and leaves a body-checked endpoint's params unknown", async () => {
    registry.register({
      namespace: NAMESPACE,
      path: '/items/(?P<id>[\\d]+)',
      endpoints: [
        endpoint({
          methods: ['GET'],
          permission: 'public',
          args: ID,
          handler: ({ params }) => {
            const id: number = params.id;
            // @ts-expect-error: `q` is not declared.
            return { id, type: typeof id, q: params.q ?? null };
          },
        }),
      ],
    });
    endpoint({
      methods: ['POST'],
      permission: 'public',
      args: ID,
      bodyCheckedByHandler: true,
      // @ts-expect-error: only URL parameters are validated for such an endpoint, so `id` may be anything.
      handler: ({ params }): number => params.id,
    });
    registry.register({
      namespace: NAMESPACE,
      path: '/checked',
      endpoints: [
        endpoint({
          methods: ['POST'],
          permission: 'public',
          args: ID,
          bodyCheckedByHandler: true,
          handler: ({ params, body }) => ({ params, body }),
        }),
      ],
    });
    // The URL's "7" arrives as the number 7, and an undeclared query parameter does not arrive at all.
    const item = await call('GET', '/items/7?q=anything');
    assert.equal(item.status, 200, JSON.stringify(item.body));
    assert.deepEqual(item.body, { id: 7, type: 'number', q: null });
    // The body's `id` is not the integer its args describe, and the middleware lets it through to the handler.
    const checked = await call('POST', '/checked', { id: 'not a number' });
    assert.equal(checked.status, 200, JSON.stringify(checked.body));
    assert.deepEqual(checked.body, { params: {}, body: { id: 'not a number' } });
    // Without bodyCheckedByHandler the same body is refused before any handler runs.
    registry.register({
      namespace: NAMESPACE,
      path: '/strict',
      endpoints: [endpoint({ methods: ['POST'], permission: 'public', args: ID, handler: () => 'reached' })],
    });
    const strict = await call('POST', '/strict', { id: 'not a number' });
    assert.equal(strict.status, 400);
    assert.equal(strict.body.code, 'rest_invalid_param');
  });

  it('keeps the answer type, through a RestResponse and a response filter, so that it can be pinned', async () => {
    const mixed = endpoint({
      methods: ['POST'],
      permission: 'public',
      args: { job: { type: 'boolean', required: true } },
      handler: ({ params }) => (params.job ? new RestResponse({ job: 'a' }, 202) : { report: 1 }),
    });
    mixed satisfies EndpointDefinition<{ job: string } | { report: number }>;
    const filtered = endpoint({
      methods: ['GET'],
      permission: 'public',
      args: ID,
      handler: withResponseFilter(hooks, 'checkbox', ({ params }) => ({ id: params.id })),
    });
    filtered satisfies EndpointDefinition<{ id: number }>;
    // @ts-expect-error: the answer is not a string.
    filtered satisfies EndpointDefinition<string>;
    registry.register({ namespace: NAMESPACE, path: '/mixed', endpoints: [mixed] });
    registry.register({ namespace: NAMESPACE, path: '/filtered/(?P<id>[\\d]+)', endpoints: [filtered] });
    const job = await call('POST', '/mixed', { job: true });
    assert.deepEqual([job.status, job.body], [202, { job: 'a' }], 'a RestResponse keeps its status');
    const report = await call('POST', '/mixed', { job: false });
    assert.deepEqual([report.status, report.body], [200, { report: 1 }]);
    const remove = hooks.addFilter('compliance/rest/checkbox_response', (answer) => ({
      ...(answer as object),
      filtered: true,
    }));
    try {
      const answer = await call('GET', '/filtered/3');
      assert.deepEqual(
        [answer.status, answer.body],
        [200, { id: 3, filtered: true }],
        'the answer went through the filter',
      );
    } finally {
      remove();
    }
  });
});
