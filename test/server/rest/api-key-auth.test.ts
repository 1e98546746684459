/**
 * WooCommerce API keys on a real server. One-legged OAuth 1.0a signatures (signed here with the
 * `oauth-1.0a` package that WooCommerce's JavaScript client uses) with their failures, the `consumer_key` query
 * parameters, permission levels, and the rule that a key acts only in WooCommerce's namespaces: tried on every
 * namespace and every plain GET route the REST index lists, so that a namespace added later is covered too. The shop
 * stands behind a TLS-terminating proxy (TRUST_PROXY, X-Forwarded-Proto: https), since a key sent in the clear (Basic,
 * query parameters) is believed over HTTPS only; over plain HTTP it is not looked at, as WooCommerce does.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createHash, randomBytes } from 'node:crypto';
import { createUser } from '../../../server/auth/users.js';
import { createApiKey, type NewApiKeyCredentials } from '../../../server/auth/woo-api-keys.js';
import { oauthHeader, signedUrl } from '../support/oauth-signer.js';
import { fetchJson as fetchPlainHttp, useTestServer } from '../support/test-server.js';

/** A request as the shop's https proxy passes it on. */
const fetchJson = (url: string, init: Parameters<typeof fetchPlainHttp>[1] = {}) =>
  fetchPlainHttp(url, {
    ...init,
    headers: { 'x-forwarded-proto': 'https', ...(init.headers as Record<string, string> | undefined) },
  });

const basic = (key: NewApiKeyCredentials) =>
  `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
const withQueryKey = (url: string, key: NewApiKeyCredentials) =>
  `${url}${url.includes('?') ? '&' : '?'}consumer_key=${key.consumerKey}&consumer_secret=${key.consumerSecret}`;
const minutes = (count: number) => Math.floor(Date.now() / 1000) + count * 60;

describe('WooCommerce API keys', () => {
  const suite = useTestServer({ env: { TRUST_PROXY: '1' } });
  let readWrite: NewApiKeyCredentials;
  let readOnly: NewApiKeyCredentials;
  let writeOnly: NewApiKeyCredentials;
  let productsUrl: string;
  before(async () => {
    const store = suite.server.store;
    await createUser(store, { login: 'erp', role: 'administrator', password: 'a-long-password' });
    readWrite = await createApiKey(store, 'erp', 'ERP');
    readOnly = await createApiKey(store, 'erp', 'Reports', { permissions: 'read' });
    writeOnly = await createApiKey(store, 'erp', 'Importer', { permissions: 'write' });
    productsUrl = suite.server.restUrl('/wc/v3/products');
  });

  const refusedWith = async (
    request: Promise<{ status: number; body: any }>,
    message: RegExp,
    code = 'woocommerce_rest_authentication_error',
  ) => {
    const { status, body } = await request;
    assert.equal(status, 401, JSON.stringify(body));
    assert.equal(body.code, code);
    assert.equal(body.data.status, 401);
    assert.match(body.message, message);
  };

  describe('OAuth 1.0a', () => {
    it('accepts HMAC-SHA256 and HMAC-SHA1 signatures, in the query or in an Authorization header', async () => {
      const url = `${productsUrl}?per_page=2&orderby=title`;
      for (const signatureMethod of ['HMAC-SHA256', 'HMAC-SHA1'] as const) {
        const inQuery = await fetchJson(signedUrl(url, readWrite, { signatureMethod }));
        assert.equal(inQuery.status, 200, `${signatureMethod}: ${JSON.stringify(inQuery.body)}`);
        assert.equal(inQuery.body.length, 2);
        const inHeader = await fetchJson(url, {
          headers: { authorization: oauthHeader(url, readWrite, { signatureMethod }) },
        });
        assert.equal(inHeader.status, 200, `${signatureMethod} in a header: ${JSON.stringify(inHeader.body)}`);
      }
    });

    it('signs writes too, and the route reached through ?rest_route=', async () => {
      const id = (await fetchJson(signedUrl(`${productsUrl}?per_page=1`, readWrite))).body[0].id;
      const url = `${productsUrl}/${id}`;
      const updated = await fetchJson(signedUrl(url, readWrite, { method: 'PUT' }), {
        method: 'PUT',
        json: { name: 'Signed rename' },
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assert.equal((await suite.server.store.catalog.productsByIds([id]))[0]!.title, 'Signed rename');
      const plain = `${suite.server.url}/?rest_route=/wc/v3/products/${id}`;
      assert.equal((await fetchJson(signedUrl(plain, readWrite))).body.name, 'Signed rename');
    });

    it('refuses a signature that does not match: another secret, a parameter changed after signing, another method or path', async () => {
      const url = `${productsUrl}?per_page=2`;
      const notSigned = /Invalid signature - provided signature does not match/;
      await refusedWith(fetchJson(signedUrl(url, { ...readWrite, consumerSecret: `cs_${'1'.repeat(40)}` })), notSigned);
      await refusedWith(fetchJson(signedUrl(url, readWrite).replace('per_page=2', 'per_page=3')), notSigned);
      await refusedWith(fetchJson(signedUrl(url, readWrite), { method: 'DELETE' }), notSigned);
      await refusedWith(fetchJson(signedUrl(url, readWrite).replace('/products?', '/products/categories?')), notSigned);
      await refusedWith(
        fetchJson(
          signedUrl(url, readWrite).replace('oauth_signature_method=HMAC-SHA256', 'oauth_signature_method=HMAC-SHA1'),
        ),
        notSigned,
      );
    });

    it('refuses a timestamp more than 15 minutes away, either way', async () => {
      await refusedWith(fetchJson(signedUrl(productsUrl, readWrite, { timestamp: minutes(-16) })), /Invalid timestamp/);
      await refusedWith(fetchJson(signedUrl(productsUrl, readWrite, { timestamp: minutes(16) })), /Invalid timestamp/);
      assert.equal(
        (await fetchJson(signedUrl(productsUrl, readWrite, { timestamp: minutes(-14) }))).status,
        200,
        'inside the window',
      );
      assert.equal((await fetchJson(signedUrl(productsUrl, readWrite, { timestamp: minutes(14) }))).status, 200);
    });

    it('refuses a replayed request, and a nonce used again with a new timestamp, but not the same nonce of another key', async () => {
      const nonce = randomBytes(16).toString('hex');
      const once = signedUrl(productsUrl, readWrite, { nonce });
      assert.equal((await fetchJson(once)).status, 200);
      await refusedWith(fetchJson(once), /Invalid nonce - nonce has already been used/);
      await refusedWith(
        fetchJson(signedUrl(productsUrl, readWrite, { nonce, timestamp: minutes(1) })),
        /nonce has already been used/,
      );
      assert.equal((await fetchJson(signedUrl(productsUrl, readOnly, { nonce }))).status, 200, 'nonces are per key');
    });

    it('spends no nonce on a request it refuses for its signature', async () => {
      const nonce = randomBytes(16).toString('hex');
      await refusedWith(
        fetchJson(signedUrl(productsUrl, { ...readWrite, consumerSecret: `cs_${'2'.repeat(40)}` }, { nonce })),
        /does not match/,
      );
      assert.equal((await fetchJson(signedUrl(productsUrl, readWrite, { nonce }))).status, 200);
    });

    it('names missing OAuth parameters, an unknown key and an unsupported signature method', async () => {
      const signed = new URL(signedUrl(productsUrl, readWrite));
      signed.searchParams.delete('oauth_nonce');
      signed.searchParams.delete('oauth_timestamp');
      await refusedWith(
        fetchJson(signed.href),
        /Missing OAuth parameters oauth_timestamp, oauth_nonce/,
        'woocommerce_rest_authentication_missing_parameter',
      );
      const stranger = { consumerKey: `ck_${'a'.repeat(40)}`, consumerSecret: readWrite.consumerSecret };
      await refusedWith(fetchJson(signedUrl(productsUrl, stranger)), /Consumer key is invalid/);
      const plaintext = signedUrl(productsUrl, readWrite).replace('HMAC-SHA256', 'PLAINTEXT');
      await refusedWith(fetchJson(plaintext), /signature method is invalid/);
    });

    it('tells the holder of a key made before signatures were supported to use Basic over HTTPS or a new key; Basic still works', async () => {
      const store = suite.server.store;
      const user = (await store.users.findByLogin('erp'))!;
      const old = {
        consumerKey: `ck_${randomBytes(20).toString('hex')}`,
        consumerSecret: `cs_${randomBytes(20).toString('hex')}`,
      };
      const sha = (text: string) => createHash('sha256').update(text).digest('hex');
      await store.apiKeys.create({
        user_id: user.id,
        description: 'made by an older version',
        permissions: 'read',
        consumer_key_hash: sha(old.consumerKey),
        consumer_secret_hash: sha(old.consumerSecret),
        truncated_key: old.consumerKey.slice(-7),
        created_at: new Date().toISOString(),
      });
      await refusedWith(fetchJson(signedUrl(productsUrl, old)), /made before signed requests were supported/);
      assert.equal((await fetchJson(productsUrl, { headers: { authorization: basic(old) } })).status, 200);
    });
  });

  describe('consumer_key and consumer_secret query parameters', () => {
    it('act as the key; a wrong secret, an unknown key or half of the pair is refused', async () => {
      assert.equal((await fetchJson(withQueryKey(`${productsUrl}?per_page=1`, readWrite))).status, 200);
      await refusedWith(
        fetchJson(withQueryKey(productsUrl, { ...readWrite, consumerSecret: `cs_${'3'.repeat(40)}` })),
        /Consumer secret is invalid/,
      );
      await refusedWith(
        fetchJson(withQueryKey(productsUrl, { ...readWrite, consumerKey: `ck_${'b'.repeat(40)}` })),
        /Consumer key is invalid/,
      );
      await refusedWith(
        fetchJson(`${productsUrl}?consumer_key=${readWrite.consumerKey}`),
        /consumer_secret/,
        'woocommerce_rest_authentication_missing_parameter',
      );
    });
  });

  describe('over plain HTTP', () => {
    it("does not look at a key sent in the clear, by Basic or query parameters: the request is answered as nobody's", async () => {
      for (const url of [productsUrl, suite.server.restUrl('/wc/v3/orders')]) {
        const anonymous = await fetchPlainHttp(url);
        assert.equal(anonymous.status, 401);
        for (const answer of [
          await fetchPlainHttp(url, { headers: { authorization: basic(readWrite) } }),
          await fetchPlainHttp(withQueryKey(url, readWrite)),
        ]) {
          assert.deepEqual([answer.status, answer.body], [anonymous.status, anonymous.body], url);
        }
      }
      const write = (authorization?: string) =>
        fetchPlainHttp(`${productsUrl}/1`, {
          method: 'PUT',
          json: { name: 'Sent in the clear' },
          headers: authorization ? { authorization } : {},
        });
      const anonymousWrite = await write();
      assert.equal(anonymousWrite.status, 401);
      assert.deepEqual((await write(basic(readWrite))).body, anonymousWrite.body);
    });

    it('still takes a signed request, which never sends the secret', async () => {
      assert.equal((await fetchPlainHttp(signedUrl(`${productsUrl}?per_page=1`, readWrite))).status, 200);
    });
  });

  describe('permission levels', () => {
    it('a read key reads and may not write, a write key writes and may not read, whichever way it is sent', async () => {
      const id = (await fetchJson(withQueryKey(`${productsUrl}?per_page=1`, readOnly))).body[0].id;
      const url = `${productsUrl}/${id}`;
      const before = (await suite.server.store.catalog.productsByIds([id]))[0]!.title;
      const senders = [
        (key: NewApiKeyCredentials, method: string, json?: unknown) =>
          fetchJson(url, { method, json, headers: { authorization: basic(key) } }),
        (key: NewApiKeyCredentials, method: string, json?: unknown) =>
          fetchJson(withQueryKey(url, key), { method, json }),
        (key: NewApiKeyCredentials, method: string, json?: unknown) =>
          fetchJson(signedUrl(url, key, { method }), { method, json }),
      ];
      for (const send of senders) {
        assert.equal((await send(readOnly, 'GET')).status, 200);
        await refusedWith(send(readOnly, 'PUT', { name: 'Read key wrote this' }), /does not have write permissions/);
        await refusedWith(send(writeOnly, 'GET'), /does not have read permissions/);
        assert.equal((await send(writeOnly, 'PUT', { name: before })).status, 200);
      }
      assert.equal(
        (await suite.server.store.catalog.productsByIds([id]))[0]!.title,
        before,
        'the read key changed nothing',
      );
    });
  });

  describe("outside WooCommerce's namespaces", () => {
    it('a key is refused (401) in every other namespace the REST index lists, on every plain GET route, however it is sent', async () => {
      const index = (await fetchJson(suite.server.restUrl('/'))).body;
      const namespaces: string[] = index.namespaces;
      for (const expected of ['wc/v3', 'wp/v2', 'compliance/v1', 'vitrine/v1', 'facet/v1'])
        assert.ok(namespaces.includes(expected), expected);
      const routes = Object.entries(index.routes as Record<string, { namespace: string; methods: string[] }>).filter(
        ([pattern, route]) => !pattern.includes('(?P<') && route.methods.includes('GET'),
      );
      const senders = [
        (url: string) => fetchJson(url, { headers: { authorization: basic(readOnly) } }),
        (url: string) => fetchJson(withQueryKey(url, readOnly)),
        (url: string) => fetchJson(signedUrl(url, readOnly)),
        (url: string) => fetchJson(url, { headers: { authorization: oauthHeader(url, readOnly) } }),
      ];
      for (const namespace of namespaces) {
        const inNamespace = routes.filter(([, route]) => route.namespace === namespace).map(([pattern]) => pattern);
        assert.ok(inNamespace.includes(`/${namespace}`), `${namespace} has its index`);
        for (const pattern of inNamespace) {
          for (const send of senders) {
            const { status, body } = await send(suite.server.restUrl(pattern));
            if (namespace.startsWith('wc/')) {
              assert.notEqual(status, 401, `${pattern}: ${JSON.stringify(body)}`);
            } else {
              assert.equal(status, 401, `${pattern} answered ${status}`);
              assert.equal(body.code, 'woocommerce_rest_authentication_error');
              assert.match(body.message, /cannot be used to access this endpoint/);
            }
          }
        }
      }
      await refusedWith(
        fetchJson(suite.server.restUrl('/'), { headers: { authorization: basic(readWrite) } }),
        /cannot be used/,
      );
      await refusedWith(
        fetchJson(signedUrl(`${suite.server.url}/?rest_route=/compliance/v1/consent-log`, readWrite)),
        /cannot be used/,
      );
    });

    it('a write-only key cannot make an application password (a full login) for its user', async () => {
      const user = (await suite.server.store.users.findByLogin('erp'))!;
      for (const path of [`/wp/v2/users/${user.id}/application-passwords`, '/wp/v2/users/me/application-passwords']) {
        const url = suite.server.restUrl(path);
        await refusedWith(
          fetchJson(url, {
            method: 'POST',
            json: { name: 'escalation' },
            headers: { authorization: basic(writeOnly) },
          }),
          /cannot be used/,
        );
        await refusedWith(
          fetchJson(withQueryKey(url, writeOnly), { method: 'POST', json: { name: 'escalation' } }),
          /cannot be used/,
        );
        await refusedWith(
          fetchJson(signedUrl(url, writeOnly, { method: 'POST' }), { method: 'POST', json: { name: 'escalation' } }),
          /cannot be used/,
        );
      }
      assert.deepEqual(
        (await suite.server.store.users.findById(user.id))!.app_passwords,
        user.app_passwords,
        'none was made',
      );
    });
  });
});

describe('WooCommerce API keys without TRUST_PROXY', () => {
  const suite = useTestServer();

  it('believes no X-Forwarded-Proto a client sends itself: a key in the clear is still not looked at', async () => {
    await createUser(suite.server.store, { login: 'erp', role: 'administrator', password: 'a-long-password' });
    const key = await createApiKey(suite.server.store, 'erp', 'ERP');
    const url = suite.server.restUrl('/wc/v3/products');
    const answer = await fetchJson(url, { headers: { authorization: basic(key) } });
    assert.equal(answer.status, 401);
    assert.deepEqual(answer.body, (await fetchPlainHttp(url)).body, 'answered as a request without credentials');
  });
});
