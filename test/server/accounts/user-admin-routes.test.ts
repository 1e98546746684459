// wp/v2/users and wp/v2/users/{id}/application-passwords, as the admin's Users screen uses them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loginCookie, postLogin } from '../support/login.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

const suite = useTestServer();
const url = (rest: string) => suite.server.restUrl(`/wp/v2${rest}`);

describe('wp/v2/users', () => {
  it('lists, creates, changes the role and resets the password, for administrators only', async () => {
    const admin = await suite.server.basicAuthFor('administrator', 'ada');
    const as =
      (authorization: string) =>
      (rest: string, init: Parameters<typeof fetchJson>[1] = {}) =>
        fetchJson(url(rest), { ...init, headers: { authorization, ...init.headers } });
    const call = as(admin);
    const list = await call('/users?context=edit');
    assert.equal(list.status, 200);
    const ada = list.body.find((user: { username: string }) => user.username === 'ada');
    assert.deepEqual(ada.roles, ['administrator']);
    assert.equal(ada.capabilities.manage_options, true);
    assert.equal('password_hash' in ada, false);

    const created = await call('/users', {
      method: 'POST',
      json: {
        username: 'nina',
        email: 'nina@example.com',
        password: 'a-long-password',
        roles: ['editor'],
        name: 'Nina N.',
      },
    });
    assert.equal(created.status, 201);
    assert.deepEqual(
      [created.body.username, created.body.email, created.body.name, created.body.roles],
      ['nina', 'nina@example.com', 'Nina N.', ['editor']],
    );
    const taken = await call('/users', {
      method: 'POST',
      json: { username: 'nina', email: 'other@example.com', password: 'a-long-password' },
    });
    assert.equal(taken.status, 400);
    assert.match(taken.body.data.params.username, /already exists/);
    const short = await call('/users', {
      method: 'POST',
      json: { username: 'olek', email: 'olek@example.com', password: 'short', roles: ['boss'] },
    });
    assert.equal(short.status, 400);
    assert.deepEqual(Object.keys(short.body.data.params).sort(), ['password', 'roles']);

    const promoted = await call(`/users/${created.body.id}`, { method: 'POST', json: { roles: ['shop_manager'] } });
    assert.equal(promoted.status, 200);
    assert.deepEqual(promoted.body.roles, ['shop_manager']);
    assert.equal(promoted.body.capabilities.manage_shop, true);

    const ninasSession = await loginCookie(suite.server.url, 'nina', 'a-long-password');
    const reset = await call(`/users/${created.body.id}`, {
      method: 'PUT',
      json: { password: 'another-long-password' },
    });
    assert.equal(reset.status, 200);
    assert.equal(
      (await fetch(`${suite.server.url}/rest-nonce`, { headers: { cookie: ninasSession } })).status,
      403,
      'a reset password signs the user out',
    );
    assert.equal(
      (await postLogin(suite.server.url, { login: 'nina', password: 'another-long-password' })).status,
      303,
      'the new password signs in',
    );
    assert.notEqual(
      (await postLogin(suite.server.url, { login: 'nina', password: 'a-long-password' })).status,
      303,
      'the old one no longer does',
    );

    const self = await call(`/users/${ada.id}`, { method: 'POST', json: { roles: ['editor'] } });
    assert.equal(self.status, 400, 'an administrator cannot demote themselves');
    assert.ok('roles' in self.body.data.params);
    assert.equal((await call('/users/9999')).status, 404);

    const manager = as(suite.manager);
    assert.equal(
      (
        await manager('/users', {
          method: 'POST',
          json: { username: 'mallory', email: 'mallory@example.com', password: 'a-long-password' },
        })
      ).status,
      403,
      'managing users is for administrators',
    );
    // Shop managers list customers (WooCommerce's list_users for them), no one else.
    const managerList = await manager('/users?context=edit');
    assert.equal(managerList.status, 200);
    assert.ok(
      managerList.body.every((user: { roles: string[] }) => user.roles.includes('customer')),
      'a manager lists customers only',
    );
    assert.equal((await fetchJson(url('/users'))).status, 401);
  });
});

describe('wp/v2/users/{id}/application-passwords', () => {
  it('creates one shown once, lists it with last use, and revokes it; own account for everyone, others for administrators', async () => {
    const manager = await suite.server.basicAuthFor('shop_manager', 'mona');
    const mona = (await suite.server.store.users.findByLogin('mona'))!;
    const call = (rest: string, init: Parameters<typeof fetchJson>[1] = {}) =>
      fetchJson(url(rest), { ...init, headers: { authorization: manager, ...init.headers } });
    const created = await call(`/users/${mona.id}/application-passwords`, {
      method: 'POST',
      json: { name: 'Accounting' },
    });
    assert.equal(created.status, 201);
    assert.match(created.body.password, /^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    const basic = `Basic ${Buffer.from(`mona:${created.body.password}`).toString('base64')}`;
    assert.equal(
      (await fetchJson(suite.server.restUrl('/compliance/v1/settings'), { headers: { authorization: basic } })).status,
      200,
      'the new password works',
    );

    const list = await call(`/users/${mona.id}/application-passwords`);
    assert.equal(list.status, 200);
    const accounting = list.body.find((entry: { name: string }) => entry.name === 'Accounting');
    assert.equal('password' in accounting, false, 'shown once: never listed');
    assert.equal('password_hash' in accounting, false);
    assert.match(accounting.last_used, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'its use is listed');
    assert.equal(accounting.last_ip, '127.0.0.1');

    const someoneElse = (await suite.server.store.users.findByLogin('ada'))!.id;
    assert.equal((await call(`/users/${someoneElse}/application-passwords`)).status, 403);

    const revoked = await call(`/users/${mona.id}/application-passwords/${accounting.uuid}`, { method: 'DELETE' });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.deleted, true);
    assert.equal(
      (await fetchJson(suite.server.restUrl('/compliance/v1/settings'), { headers: { authorization: basic } })).status,
      401,
      'revoked: refused',
    );
    assert.equal(
      (await call(`/users/${mona.id}/application-passwords/${accounting.uuid}`, { method: 'DELETE' })).status,
      404,
    );
  });
});
