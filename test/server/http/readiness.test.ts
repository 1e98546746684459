// A load balancer asks GET /readyz before it sends an instance shoppers: 503 until the start's work (the facet index,
// the warm-up) is done, then 200; the check itself costs no session and is never cached.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import Koa from 'koa';
import { READINESS_PATH, Readiness, readinessMiddleware } from '../../../server/http/readiness.js';
import { startTestServer } from '../support/test-server.js';

describe('GET /readyz', () => {
  it('answers 503 with Retry-After until the instance is marked ready, then 200, passing other requests on', async () => {
    const readiness = new Readiness();
    const app = new Koa();
    app.use(readinessMiddleware(readiness));
    app.use((ctx) => {
      ctx.body = 'the shop';
    });
    const server = createServer(app.callback()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const before = await fetch(`${url}${READINESS_PATH}`);
      assert.equal(before.status, 503);
      assert.equal(before.headers.get('retry-after'), '1');
      assert.equal(before.headers.get('cache-control'), 'no-store');
      assert.deepEqual(await before.json(), { ready: false });
      readiness.markReady();
      const after = await fetch(`${url}${READINESS_PATH}`);
      assert.equal(after.status, 200);
      assert.equal(after.headers.get('retry-after'), null);
      assert.deepEqual(await after.json(), { ready: true });
      const head = await fetch(`${url}${READINESS_PATH}`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(await (await fetch(`${url}/shop`)).text(), 'the shop');
      assert.equal(await (await fetch(`${url}${READINESS_PATH}`, { method: 'POST' })).text(), 'the shop');
    } finally {
      server.close();
    }
  });

  it('says ready once a warmed-up start has warmed up, having warmed up over loopback whatever SITE_URL names', async (t) => {
    const errors: string[] = [];
    t.mock.method(console, 'error', (...parts: unknown[]) => errors.push(parts.join(' ')));
    // Not resolvable: a warm-up sent to the public address would fail and say so.
    const server = await startTestServer({ env: { SITE_URL: 'https://shop.invalid' }, start: { warmUp: true } });
    try {
      assert.match(server.url, /^https:\/\/shop\.invalid/);
      await server.ready;
      const response = await fetch(`http://127.0.0.1:${server.config.port}${READINESS_PATH}`);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { ready: true });
      assert.equal(response.headers.get('set-cookie'), null);
      assert.deepEqual(
        errors.filter((line) => line.includes('warming up')),
        [],
      );
    } finally {
      await server.stop();
    }
  });
});
