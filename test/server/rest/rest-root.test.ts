// The REST root on a real server: discovery, ?rest_route=, HEAD, WordPress error shapes, limits and headers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bootedWith } from '../fixtures/test-extension.js';
import { fetchJson, startTestServer, type TestServer } from '../support/test-server.js';

const EXTENSION = new URL('../fixtures/test-extension.ts', import.meta.url).pathname;

function assertErrorShape(body: any, code: string, status: number) {
  assert.equal(body.code, code);
  assert.equal(typeof body.message, 'string');
  assert.ok(body.message.length > 0);
  assert.equal(body.data.status, status);
}

describe('REST root', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { VITRINE_EXTENSIONS: EXTENSION } });
  });
  after(() => server.stop());

  describe('discovery', () => {
    it('lists namespaces and routes in WordPress pattern syntax, with args from the declarations', async () => {
      const { status, body } = await fetchJson(server.restUrl('/'));
      assert.equal(status, 200);
      assert.ok(body.namespaces.includes('vitrine/v1'));
      assert.ok(body.namespaces.includes('vitrine-test/v1'));
      const echo = body.routes['/vitrine-test/v1/echo/(?P<id>[\\d]+)'];
      assert.ok(echo, 'the route key keeps the (?P<name>) syntax');
      assert.deepEqual(echo.methods, ['GET', 'POST', 'HEAD']);
      assert.deepEqual(echo.endpoints[0].args.q, { type: 'string', required: true, minLength: 1, maxLength: 10 });
      assert.deepEqual(echo.endpoints[0].args.limit, {
        type: 'integer',
        minimum: 1,
        maximum: 50,
        default: 8,
        required: false,
      });
      assert.equal(body.url, server.url);
      // The demo shop is on Europe/Warsaw: +1 in winter, +2 in summer.
      assert.equal(body.timezone_string, 'Europe/Warsaw');
      assert.ok([1, 2].includes(body.gmt_offset), `gmt_offset ${body.gmt_offset}`);
    });

    it('describes one namespace at {REST_ROOT}/<namespace>', async () => {
      const { status, body } = await fetchJson(server.restUrl('/vitrine/v1'));
      assert.equal(status, 200);
      assert.equal(body.namespace, 'vitrine/v1');
      assert.deepEqual(Object.keys(body.routes), [
        '/vitrine/v1',
        '/vitrine/v1/users/me',
        '/vitrine/v1/api-keys',
        '/vitrine/v1/api-keys/(?P<id>[\\d]+)',
        '/vitrine/v1/orders',
        '/vitrine/v1/messages',
        '/vitrine/v1/stock/held',
        '/vitrine/v1/withdrawals',
        '/vitrine/v1/withdrawals/(?P<id>[\\d]+)',
        '/vitrine/v1/orders/(?P<id>[\\d]+)/refunds',
        '/vitrine/v1/orders/(?P<id>[\\d]+)',
        '/vitrine/v1/shipping/zones',
        '/vitrine/v1/users/(?P<id>[\\d]+)/export',
        '/vitrine/v1/users/(?P<id>[\\d]+)/erase',
        '/vitrine/v1/taxes/oss-report',
        '/vitrine/v1/taxes/eu-rates',
        '/vitrine/v1/erasure-requests',
        '/vitrine/v1/erasure-requests/(?P<id>[\\d]+)',
        '/vitrine/v1/media/fetches/(?P<job>[a-z0-9-]+)',
        '/vitrine/v1/catalog/import',
        '/vitrine/v1/catalog/import/(?P<job>[a-z0-9-]+)',
        '/vitrine/v1/pages/(?P<id>[\\d]+)/legal-outline',
        '/vitrine/v1/mail',
        '/vitrine/v1/mail/(?P<id>[\\d]+)',
        '/vitrine/v1/mail/(?P<id>[\\d]+)/resend',
        '/vitrine/v1/invoices',
        '/vitrine/v1/invoices/export',
        '/vitrine/v1/invoices/(?P<id>[\\d]+)',
        '/vitrine/v1/invoices/(?P<id>[\\d]+)/xml',
        '/vitrine/v1/invoices/(?P<id>[\\d]+)/ksef',
        '/vitrine/v1/orders/(?P<id>[\\d]+)/invoice',
        '/vitrine/v1/invoices/(?P<id>[\\d]+)/pdf',
      ]);
    });

    it('answers the same through /?rest_route=', async () => {
      const pretty = await fetchJson(server.restUrl('/vitrine-test/v1/echo/7?q=hi'));
      const plain = await fetchJson(`${server.url}/?rest_route=/vitrine-test/v1/echo/7&q=hi`);
      assert.equal(plain.status, 200);
      assert.deepEqual(plain.body, pretty.body);
      assert.deepEqual(plain.body, { id: 7, q: 'hi', limit: 8 });
      const index = await fetchJson(`${server.url}/?rest_route=/`);
      assert.deepEqual(index.body.namespaces, (await fetchJson(server.restUrl('/'))).body.namespaces);
    });

    it('links every page and response to the API root', async () => {
      for (const url of [`${server.url}/`, server.restUrl('/'), server.restUrl('/nothing-here')]) {
        const response = await fetch(url);
        assert.equal(response.headers.get('link'), `<${server.url}/wp-json/>; rel="https://api.w.org/"`);
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      }
    });
  });

  describe('requests', () => {
    it('answers HEAD like GET without a body', async () => {
      const response = await fetch(server.restUrl('/vitrine-test/v1/echo/1?q=x'), { method: 'HEAD' });
      assert.equal(response.status, 200);
      assert.equal(await response.text(), '');
      assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    });

    it('coerces query strings to the declared types and ignores unknown _ parameters', async () => {
      const { body } = await fetchJson(
        server.restUrl('/vitrine-test/v1/echo/3?q=abc&limit=12&flag=true&_locale=user&_cache=x'),
      );
      assert.deepEqual(body, { id: 3, q: 'abc', limit: 12, flag: true });
    });

    it('takes arguments from a JSON body, and the method from X-HTTP-Method-Override', async () => {
      const { status, body } = await fetchJson(server.restUrl('/vitrine-test/v1/echo/5'), {
        method: 'POST',
        json: { q: 'body', limit: 3 },
      });
      assert.equal(status, 200);
      assert.deepEqual(body, { id: 5, q: 'body', limit: 3 });
      const overridden = await fetchJson(server.restUrl('/vitrine-test/v1/secret'), {
        method: 'POST',
        headers: { 'x-http-method-override': 'DELETE' },
      });
      assert.equal(overridden.status, 404, 'the route has no DELETE endpoint');
    });
  });

  describe('errors', () => {
    it('answers 404 rest_no_route for an unknown route and for an unknown method', async () => {
      const unknown = await fetchJson(server.restUrl('/vitrine/v1/nope'));
      assert.equal(unknown.status, 404);
      assertErrorShape(unknown.body, 'rest_no_route', 404);
      const wrongMethod = await fetchJson(server.restUrl('/vitrine/v1/users/me'), { method: 'DELETE' });
      assert.equal(wrongMethod.status, 404);
      assertErrorShape(wrongMethod.body, 'rest_no_route', 404);
    });

    it('names missing parameters in rest_missing_callback_param', async () => {
      const { status, body } = await fetchJson(server.restUrl('/vitrine-test/v1/echo/1'));
      assert.equal(status, 400);
      assertErrorShape(body, 'rest_missing_callback_param', 400);
      assert.deepEqual(body.data.params, ['q']);
    });

    it('names every invalid parameter with its reason in rest_invalid_param', async () => {
      const { status, body } = await fetchJson(server.restUrl('/vitrine-test/v1/echo/1?q=&limit=99&flag=maybe'));
      assert.equal(status, 400);
      assertErrorShape(body, 'rest_invalid_param', 400);
      assert.deepEqual(Object.keys(body.data.params).sort(), ['flag', 'limit', 'q']);
      assert.match(body.data.params.limit, /from 1 to 50/);
    });

    it('answers 400 rest_invalid_json for a broken JSON body', async () => {
      const { status, body } = await fetchJson(server.restUrl('/vitrine-test/v1/echo/1'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"q": ',
      });
      assert.equal(status, 400);
      assertErrorShape(body, 'rest_invalid_json', 400);
    });

    it('answers 413 to a body over 1 MB', async () => {
      const { status, body } = await fetchJson(server.restUrl('/vitrine-test/v1/echo/1'), {
        method: 'POST',
        json: { q: 'x', padding: 'y'.repeat(1024 * 1024) },
      });
      assert.equal(status, 413);
      assertErrorShape(body, 'rest_request_too_large', 413);
    });

    it('answers a 500 that leaks neither the message nor the stack', async () => {
      const originalError = console.error;
      const logged: string[] = [];
      console.error = (line: string) => logged.push(line);
      try {
        const { status, body } = await fetchJson(server.restUrl('/vitrine-test/v1/boom'));
        assert.equal(status, 500);
        assertErrorShape(body, 'internal_server_error', 500);
        assert.doesNotMatch(JSON.stringify(body), /passwd|secret|at \//);
        assert.ok(
          logged.some((line) => line.includes('secret internal detail')),
          'the error is logged on the server',
        );
      } finally {
        console.error = originalError;
      }
    });
  });

  describe('a client that goes away', () => {
    it('is not logged as a server error when it aborts in the middle of its body, and the server keeps serving', async () => {
      const net = await import('node:net');
      const logged: string[] = [];
      const originalError = console.error;
      console.error = (line: string) => logged.push(line);
      try {
        const { hostname, port } = new URL(server.url);
        await new Promise<void>((resolve) => {
          const socket = net.connect(Number(port), hostname, () => {
            socket.write(
              `POST /wp-json/vitrine-test/v1/echo/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"q": "ab`,
            );
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, 50);
          });
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        assert.deepEqual(logged, []);
        assert.equal((await fetchJson(server.restUrl('/vitrine-test/v1/echo/1?q=ok'))).status, 200);
      } finally {
        console.error = originalError;
      }
    });
  });

  describe('extensions', () => {
    it('fires facet/booted once with the main plugin instance, whose container the extension can extend', () => {
      const mine = bootedWith.filter((plugin) => plugin.config.siteUrl === server.url);
      assert.equal(mine.length, 1);
      assert.equal(mine[0]!.store, server.store);
      assert.deepEqual(mine[0]!.container.get('test-extension'), { booted: true });
    });
  });
});
