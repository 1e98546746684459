// Hardening: pages, API answers and the storefront bundle travel compressed (brotli or gzip, by the
// client's Accept-Encoding); the bundle is precompressed at build time and its source maps are never served.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readClientAssets } from '../../../server/site/client-assets.js';
import { CLIENT_DIST_DIR } from '../../../server/paths.js';
import { useTestServer } from '../support/test-server.js';
import { rawRequest } from './raw-request.js';

describe('compression', () => {
  const suite = useTestServer();

  for (const [encoding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    it(`GET /shop with Accept-Encoding: ${encoding} answers the page ${encoding}-encoded, varying on Accept-Encoding`, async () => {
      const response = await rawRequest(`${suite.server.url}/shop`, { headers: { 'accept-encoding': encoding } });
      assert.equal(response.headers['content-encoding'], encoding);
      assert.match(String(response.headers.vary), /Accept-Encoding/i);
      const html = decode(response.body).toString('utf8');
      assert.match(html, /<facet-filter\b/);
      assert.ok(response.body.length < html.length / 3, `${response.body.length} bytes for ${html.length}`);
    });

    it(`POST /filter answers its JSON ${encoding}-encoded`, async () => {
      const response = await rawRequest(`${suite.server.url}/wp-json/facet/v1/filter`, {
        method: 'POST',
        headers: { 'accept-encoding': encoding, 'content-type': 'application/json' },
        body: '{"query":{}}',
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-encoding'], encoding);
      assert.ok(JSON.parse(decode(response.body).toString('utf8')).found > 0);
    });

    it(`POST /filter ${encoding}-encoded is the answer sent uncompressed, byte for byte, varying on Accept-Encoding`, async () => {
      const ask = (acceptEncoding: string) =>
        rawRequest(`${suite.server.url}/wp-json/facet/v1/filter`, {
          method: 'POST',
          headers: { 'accept-encoding': acceptEncoding, 'content-type': 'application/json' },
          body: '{"query":{"sf_color":"red","sf_orderby":"price"}}',
        });
      // Each request is a new visitor: their token differs, the rest of the answer does not.
      const tokenless = (bytes: Buffer) => bytes.toString('utf8').replace(/value=\\"[^"\\]*\\"/g, 'value=\\"\\"');
      const plain = await ask('identity');
      const encoded = await ask(encoding);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(encoded.headers['content-encoding'], encoding);
      assert.match(String(encoded.headers.vary), /Accept-Encoding/i);
      assert.ok(encoded.body.length < plain.body.length / 5, `${encoded.body.length} bytes for ${plain.body.length}`);
      assert.equal(tokenless(decode(encoded.body)), tokenless(plain.body));
    });
  }

  it('answers uncompressed when the client accepts no encoding', async () => {
    const response = await rawRequest(`${suite.server.url}/shop`, { headers: { 'accept-encoding': 'identity' } });
    assert.equal(response.headers['content-encoding'], undefined);
    assert.match(response.body.toString('utf8'), /<facet-filter\b/);
  });

  it('serves the storefront script precompressed from the build, with Vary: Accept-Encoding', async () => {
    const script = readClientAssets().scripts[0];
    assert.ok(script, 'the client bundle is built');
    const onDisk = path.join(CLIENT_DIST_DIR, script);
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const response = await rawRequest(`${suite.server.url}${script}`, { headers: { 'accept-encoding': encoding } });
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-encoding'], encoding);
      assert.match(String(response.headers['content-type']), /javascript/);
      assert.match(String(response.headers.vary), /Accept-Encoding/i);
      assert.deepEqual(response.body, readFileSync(onDisk + suffix), `the ${suffix} file written at build time`);
    }
  });

  it('never serves a source map, even one left in the build folder', async () => {
    const script = readClientAssets().scripts[0]!;
    const map = path.join(CLIENT_DIST_DIR, `${script}.map`);
    writeFileSync(map, '{"version":3,"sources":["client/storefront.ts"]}');
    try {
      const response = await rawRequest(`${suite.server.url}${script}.map`);
      assert.equal(response.status, 404);
      assert.doesNotMatch(response.body.toString('utf8'), /storefront\.ts/);
    } finally {
      rmSync(map, { force: true });
    }
  });
});
