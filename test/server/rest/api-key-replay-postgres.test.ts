/**
 * Two servers on one PostgreSQL database refuse a replayed OAuth 1.0a request between them: the
 * nonce a request spent on one instance is spent for the other too (the `oauth_nonces` table, migration 012).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { createApiKey, type NewApiKeyCredentials } from '../../../server/auth/woo-api-keys.js';
import { createTestDatabase } from '../../support/postgres.js';
import { signedUrl } from '../support/oauth-signer.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Both instances behind one address, as behind a load balancer: that address is what clients sign and send as Host. */
const SHOP = 'http://shop.test';

/** GET through the instance listening at `server`, addressed to the shop's host. */
function getThrough(server: TestServer, signedShopUrl: string): Promise<{ status: number; body: any }> {
  const { port } = server.server.address() as AddressInfo;
  const { pathname, search } = new URL(signedShopUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: `${pathname}${search}`, headers: { host: 'shop.test' } }, (response) => {
        let text = '';
        response
          .setEncoding('utf8')
          .on('data', (chunk: string) => (text += chunk))
          .on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      })
      .on('error', reject);
  });
}

describe('OAuth nonces on two instances of one PostgreSQL database', () => {
  let first: TestServer;
  let second: TestServer;
  let key: NewApiKeyCredentials;
  before(async () => {
    const env = { DATABASE_URL: await createTestDatabase() };
    // One after the other: the first start seeds the database.
    first = await startTestServer({ env });
    second = await startTestServer({ env });
    await createUser(first.store, { login: 'erp', role: 'shop_manager', password: 'a-long-password' });
    key = await createApiKey(first.store, 'erp', 'ERP');
  });
  after(() => Promise.all([first?.stop(), second?.stop()]));

  it('a request accepted by one instance is refused as a replay by the other, and the other way round', async () => {
    const path = '/wp-json/wc/v3/products?per_page=1';
    for (const [accepting, replaying] of [
      [first, second],
      [second, first],
    ] as const) {
      const signed = signedUrl(`${SHOP}${path}`, key);
      const accepted = await getThrough(accepting, signed);
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      const replayed = await getThrough(replaying, signed);
      assert.equal(replayed.status, 401);
      assert.equal(replayed.body.code, 'woocommerce_rest_authentication_error');
      assert.match(replayed.body.message, /nonce has already been used/);
    }
  });
});
