// A login without a target leads managers and administrators to the admin, shoppers to their
// account; a target given is still followed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postLogin } from '../support/login.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('where a login leads', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  const landing = async (login: string, fields: Record<string, string> = {}) => {
    const response = await postLogin(server.url, { login, password: 'a-long-password', ...fields });
    assert.equal(response.status, 303, `${login} signs in`);
    return response.headers.get('location');
  };

  it('leads a manager and an administrator to /admin/ and a customer to /account without a target', async () => {
    await server.basicAuthFor('shop_manager', 'mila');
    await server.basicAuthFor('administrator', 'ada');
    await server.basicAuthFor('customer', 'kasia');
    assert.equal(await landing('mila'), '/admin/');
    assert.equal(await landing('ada', { redirect_to: '' }), '/admin/');
    assert.equal(await landing('kasia'), '/account');
  });

  it('follows the target the form was given, and never another site', async () => {
    await server.basicAuthFor('shop_manager', 'olek');
    assert.equal(await landing('olek', { redirect_to: '/cart' }), '/cart');
    assert.equal(await landing('olek', { redirect_to: '//evil.example/' }), '/');
  });
});
