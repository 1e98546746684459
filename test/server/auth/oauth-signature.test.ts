/**
 * The OAuth 1.0a signature check against an independent reference, the `oauth-1.0a` package that
 * WooCommerce's JavaScript client signs with. Any query an integrator's client may send (names with brackets, values
 * with spaces, reserved characters and letters outside ASCII), with either method and the parameters in the query or
 * in the header, verifies; the same request with anything changed does not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { signatureMatches, type SignableRequest } from '../../../server/auth/oauth-signature.js';
import { oauthHeader, oauthParameters } from '../support/oauth-signer.js';

const KEY = { consumerKey: `ck_${'4'.repeat(40)}`, consumerSecret: `cs_${'5'.repeat(40)}` };
const BASE = 'http://shop.example:8080/wp-json/wc/v3/products';

/** A query as WooCommerce's client writes it: names sorted, values encoded, brackets of names left as they are. */
function writtenQuery(parameters: Record<string, string>): string {
  return Object.keys(parameters)
    .sort()
    .map(
      (name) =>
        `${encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(parameters[name]!)}`,
    )
    .join('&');
}

const parameterName = fc
  .oneof(
    fc.stringMatching(/^[a-z0-9_]{1,10}$/),
    fc
      .tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z0-9_]{1,6}$/))
      .map(([outer, inner]) => `${outer}[${inner}]`),
  )
  .filter((name) => !name.startsWith('oauth_'))
  // The reference signer keeps parameters in a plain object, where `__proto__=` sets the prototype instead of a key, so
  // it signs without it; the server (Maps throughout) counts it, as PHP does. That name is left out of the comparison.
  .filter((name) => !name.startsWith('__proto__'));
const parameters = fc
  .dictionary(parameterName, fc.string({ unit: 'grapheme', maxLength: 12 }), { maxKeys: 5 })
  // A name and the same name with brackets cannot both be sent: PHP would keep one of them.
  .filter((set) =>
    Object.keys(set).every((name) => !Object.hasOwn(set, name.replace(/\[.*$/, '')) || !name.includes('[')),
  );
const signatureMethod = fc.constantFrom('HMAC-SHA1' as const, 'HMAC-SHA256' as const);
const httpMethod = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE');

function signedRequest(
  query: Record<string, string>,
  method: string,
  hmac: 'HMAC-SHA1' | 'HMAC-SHA256',
  inHeader: boolean,
) {
  const written = writtenQuery(query);
  const url = written ? `${BASE}?${written}` : BASE;
  if (inHeader)
    return {
      request: { method, rawQuery: written, authorization: oauthHeader(url, KEY, { method, signatureMethod: hmac }) },
      signature: '',
    };
  const oauth = oauthParameters(url, KEY, { method, signatureMethod: hmac });
  const rawQuery = [written, new URLSearchParams(oauth).toString()].filter(Boolean).join('&');
  return { request: { method, rawQuery } as SignableRequest, signature: oauth.oauth_signature! };
}

const signatureOf = (request: SignableRequest, fallback: string) =>
  fallback || decodeURIComponent(/oauth_signature="([^"]*)"/.exec(request.authorization ?? '')![1]!);

describe('signatureMatches', () => {
  it('verifies what the oauth-1.0a package signs, whatever the query, in the query or in the header', () => {
    fc.assert(
      fc.property(parameters, httpMethod, signatureMethod, fc.boolean(), (query, method, hmac, inHeader) => {
        const { request, signature } = signedRequest(query, method, hmac, inHeader);
        assert.ok(
          signatureMatches(request, [BASE], hmac, signatureOf(request, signature), KEY.consumerSecret),
          request.rawQuery,
        );
      }),
      // Found by this test: bracketed names that WooCommerce keeps in the order sent and the package sorts.
      { numRuns: 300, examples: [[{ 'j[_]': '', 'j[_0]': '' }, 'GET', 'HMAC-SHA1', false]] },
    );
  });

  it('refuses the same signature for another secret, method, address, signature method or query', () => {
    fc.assert(
      fc.property(
        parameters,
        httpMethod,
        signatureMethod,
        fc.string({ minLength: 1, maxLength: 8 }),
        (query, method, hmac, extra) => {
          const { request, signature } = signedRequest(query, method, hmac, false);
          assert.ok(signatureMatches(request, [BASE], hmac, signature, KEY.consumerSecret));
          assert.equal(
            signatureMatches(request, [BASE], hmac, signature, `cs_${'6'.repeat(40)}`),
            false,
            'another secret',
          );
          assert.equal(
            signatureMatches(
              { ...request, method: method === 'GET' ? 'POST' : 'GET' },
              [BASE],
              hmac,
              signature,
              KEY.consumerSecret,
            ),
            false,
            'another method',
          );
          assert.equal(
            signatureMatches(request, [`${BASE}/1`], hmac, signature, KEY.consumerSecret),
            false,
            'another address',
          );
          assert.equal(
            signatureMatches(
              request,
              [BASE],
              hmac === 'HMAC-SHA1' ? 'HMAC-SHA256' : 'HMAC-SHA1',
              signature,
              KEY.consumerSecret,
            ),
            false,
          );
          const added = { ...request, rawQuery: `${request.rawQuery}&zz_added=${encodeURIComponent(extra)}` };
          assert.equal(
            signatureMatches(added, [BASE], hmac, signature, KEY.consumerSecret),
            false,
            'a parameter added',
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('takes a signature whose + arrived as a space (sent unencoded), as WooCommerce does', () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { request, signature } = signedRequest({ page: String(attempt) }, 'GET', 'HMAC-SHA256', false);
      if (!signature.includes('+')) continue;
      assert.ok(signatureMatches(request, [BASE], 'HMAC-SHA256', signature.replace(/\+/g, ' '), KEY.consumerSecret));
      return;
    }
    assert.fail('no signature with a + in 50 tries');
  });

  it("accepts the signature for any of the addresses given (the request's own, or the shop's behind a proxy)", () => {
    const { request, signature } = signedRequest({ per_page: '5' }, 'GET', 'HMAC-SHA256', false);
    assert.ok(
      signatureMatches(
        request,
        ['http://127.0.0.1:3000/wp-json/wc/v3/products', BASE],
        'HMAC-SHA256',
        signature,
        KEY.consumerSecret,
      ),
    );
    assert.equal(
      signatureMatches(
        request,
        ['https://shop.example:8080/wp-json/wc/v3/products'],
        'HMAC-SHA256',
        signature,
        KEY.consumerSecret,
      ),
      false,
      'the scheme is signed',
    );
  });
});
