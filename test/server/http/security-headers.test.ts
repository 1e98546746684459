// Hardening: a CSP that runs only the site's own scripts, framing refused on the login page, a
// Referrer-Policy, and TRUST_PROXY: behind a trusted https proxy the session cookie is Secure.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { postLogin } from '../support/login.js';
import { startTestServer, useTestServer, type TestServer } from '../support/test-server.js';

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

describe('security headers', () => {
  const suite = useTestServer();

  it('pages allow only the site’s own scripts and no inline script', async () => {
    const response = await fetch(`${suite.server.url}/shop`);
    const csp = directives(response.headers.get('content-security-policy'));
    assert.equal(csp.get('script-src'), "'self'");
    assert.equal(csp.get('script-src-attr'), "'none'");
    assert.equal(csp.get('object-src'), "'none'");
    assert.equal(csp.get('frame-ancestors'), "'self'");
    assert.equal(response.headers.get('x-frame-options'), 'SAMEORIGIN');
    assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  });

  it('the login page may not be framed at all', async () => {
    const response = await fetch(`${suite.server.url}/login`);
    assert.equal(directives(response.headers.get('content-security-policy')).get('frame-ancestors'), "'none'");
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
  });

  it('API errors carry the headers too', async () => {
    const response = await fetch(`${suite.server.url}/wp-json/nowhere`);
    assert.equal(response.status, 404);
    assert.ok(response.headers.get('content-security-policy'));
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });
});

describe('TRUST_PROXY', () => {
  const servers: TestServer[] = [];
  const start = async (env: NodeJS.ProcessEnv) => {
    const server = await startTestServer({ env });
    servers.push(server);
    await createUser(server.store, { login: 'maria', role: 'customer', password: 'maria-password' });
    return server;
  };
  const loginCookie = async (server: TestServer) => {
    const response = await postLogin(
      server.url,
      { login: 'maria', password: 'maria-password' },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    assert.equal(response.status, 303);
    return response.headers.get('set-cookie') ?? '';
  };
  after(() => Promise.all(servers.map((server) => server.stop())));

  it('with TRUST_PROXY=1, X-Forwarded-Proto: https makes the session cookie Secure', async () => {
    assert.match(await loginCookie(await start({ TRUST_PROXY: '1' })), /;\s*secure/i);
  });

  it('without it, the header is not believed and the cookie is not Secure', async () => {
    assert.doesNotMatch(await loginCookie(await start({})), /;\s*secure/i);
  });
});
