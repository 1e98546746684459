// The authentication matrix of docs/architecture.md on a real server: application passwords, cookie + nonce, roles.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { fetchJson, startTestServer, type TestServer } from '../support/test-server.js';
import { loginCookie, postLogout, restNonce } from '../support/login.js';

const EXTENSION = new URL('../fixtures/test-extension.ts', import.meta.url).pathname;

describe('REST authentication', () => {
  let server: TestServer;
  let secretUrl: string;
  before(async () => {
    server = await startTestServer({ env: { VITRINE_EXTENSIONS: EXTENSION } });
    secretUrl = server.restUrl('/vitrine-test/v1/secret');
    await createUser(server.store, { login: 'manager', role: 'shop_manager', password: 'manager-password' });
  });
  after(() => server.stop());

  it('answers 401 rest_forbidden on a protected route without credentials', async () => {
    const { status, body } = await fetchJson(secretUrl);
    assert.equal(status, 401);
    assert.equal(body.code, 'rest_forbidden');
    assert.equal(body.data.status, 401);
  });

  it('answers 401 for a wrong application password, even on a public route', async () => {
    const bad = `Basic ${Buffer.from('admin:abcd efgh ijkl mnop qrst uvwx').toString('base64')}`;
    for (const url of [secretUrl, server.restUrl('/')]) {
      const { status, body } = await fetchJson(url, { headers: { authorization: bad } });
      assert.equal(status, 401, url);
      assert.equal(body.code, 'incorrect_password');
    }
  });

  it('accepts a good application password, with or without its spaces, and records its use', async () => {
    const auth = await server.basicAuthFor('shop_manager', 'integrator');
    const { status, body } = await fetchJson(secretUrl, { headers: { authorization: auth } });
    assert.equal(status, 200);
    assert.deepEqual(body, { secret: 42, login: 'integrator' });
    const [login, spaced] = Buffer.from(auth.slice(6), 'base64').toString().split(':') as [string, string];
    const compact = `Basic ${Buffer.from(`${login}:${spaced.replaceAll(' ', '')}`).toString('base64')}`;
    assert.equal((await fetchJson(secretUrl, { headers: { authorization: compact } })).status, 200);
    const record = (await server.store.users.findByLogin('integrator'))!.app_passwords[0]!;
    assert.ok(record.last_used, 'last_used is written');
    assert.equal(record.last_ip, '127.0.0.1');
    assert.match(record.password_hash, /^[0-9a-f]{64}$/, 'only a SHA-256 hash is stored');
  });

  it('does not accept the login password over Basic unless the development extension is on', async () => {
    const basic = `Basic ${Buffer.from('manager:manager-password').toString('base64')}`;
    assert.equal((await fetchJson(secretUrl, { headers: { authorization: basic } })).status, 401);
  });

  it('treats a session cookie without a nonce as anonymous', async () => {
    const cookie = await loginCookie(server.url, 'manager', 'manager-password');
    const { status, body } = await fetchJson(secretUrl, { headers: { cookie } });
    assert.equal(status, 401);
    assert.equal(body.code, 'rest_forbidden');
  });

  it('refuses a session cookie with a wrong nonce with 403 rest_cookie_invalid_nonce', async () => {
    const cookie = await loginCookie(server.url, 'manager', 'manager-password');
    const { status, body } = await fetchJson(secretUrl, { headers: { cookie, 'x-wp-nonce': '0123456789ab' } });
    assert.equal(status, 403);
    assert.equal(body.code, 'rest_cookie_invalid_nonce');
  });

  it('accepts a session cookie with its nonce, in the header or as _wpnonce, and sends a fresh nonce back', async () => {
    const cookie = await loginCookie(server.url, 'manager', 'manager-password');
    const nonce = await restNonce(server.url, cookie);
    const byHeader = await fetchJson(secretUrl, { headers: { cookie, 'x-wp-nonce': nonce } });
    assert.equal(byHeader.status, 200);
    assert.equal(byHeader.body.login, 'manager');
    assert.match(byHeader.headers.get('x-wp-nonce') ?? '', /^[0-9a-f]{12}$/);
    const byQuery = await fetchJson(`${secretUrl}?_wpnonce=${nonce}`, { headers: { cookie } });
    assert.equal(byQuery.status, 200);
  });

  it('does not accept a nonce of another session', async () => {
    const first = await loginCookie(server.url, 'manager', 'manager-password');
    const second = await loginCookie(server.url, 'manager', 'manager-password');
    const nonceOfFirst = await restNonce(server.url, first);
    const { status } = await fetchJson(secretUrl, { headers: { cookie: second, 'x-wp-nonce': nonceOfFirst } });
    assert.equal(status, 403);
  });

  it('answers 403 rest_forbidden to a customer on a manage_shop route', async () => {
    const auth = await server.basicAuthFor('customer');
    const { status, body } = await fetchJson(secretUrl, { headers: { authorization: auth } });
    assert.equal(status, 403);
    assert.equal(body.code, 'rest_forbidden');
  });

  it('answers 403 to an editor and 200 to an administrator', async () => {
    assert.equal(
      (await fetchJson(secretUrl, { headers: { authorization: await server.basicAuthFor('editor') } })).status,
      403,
    );
    assert.equal(
      (await fetchJson(secretUrl, { headers: { authorization: await server.basicAuthFor('administrator') } })).status,
      200,
    );
  });

  it('tells who is calling at vitrine/v1/users/me, and 401 rest_not_logged_in when nobody is', async () => {
    const auth = await server.basicAuthFor('shop_manager', 'me-check');
    const { status, body } = await fetchJson(server.restUrl('/vitrine/v1/users/me'), {
      headers: { authorization: auth },
    });
    assert.equal(status, 200);
    assert.equal(body.login, 'me-check');
    assert.deepEqual(body.roles, ['shop_manager']);
    assert.deepEqual(body.capabilities, { manage_shop: true, edit_pages: true, read: true });
    assert.equal(body.nonce, null, 'Basic authentication has no nonce');
    const anonymous = await fetchJson(server.restUrl('/vitrine/v1/users/me'));
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.code, 'rest_not_logged_in');
  });

  it('ends the session on logout', async () => {
    const cookie = await loginCookie(server.url, 'manager', 'manager-password');
    const logout = await postLogout(server.url, cookie);
    assert.equal(logout.status, 303);
    assert.equal((await fetch(`${server.url}/rest-nonce`, { headers: { cookie } })).status, 403);
  });
});

describe('REST authentication with the development Basic extension', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { VITRINE_DEV_BASIC_AUTH: '1', VITRINE_EXTENSIONS: EXTENSION } });
    await createUser(server.store, { login: 'dev', role: 'shop_manager', password: 'dev-password' });
  });
  after(() => server.stop());

  it('accepts the login password over Basic, and still refuses a wrong one', async () => {
    const url = server.restUrl('/vitrine-test/v1/secret');
    const good = `Basic ${Buffer.from('dev:dev-password').toString('base64')}`;
    const bad = `Basic ${Buffer.from('dev:wrong-password').toString('base64')}`;
    assert.equal((await fetchJson(url, { headers: { authorization: good } })).status, 200);
    assert.equal((await fetchJson(url, { headers: { authorization: bad } })).status, 401);
  });
});
