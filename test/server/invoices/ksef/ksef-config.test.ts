import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inspect } from 'node:util';
import { describe, test } from 'node:test';
import { ConfigError } from '../../../../server/config.js';
import { loadKsefConfig } from '../../../../server/invoices/ksef/ksef-config.js';
import { invoicePdfOptionsOf } from '../../../../server/invoices/ksef/ksef-sending.js';
import { makeTempDir } from '../../support/test-server.js';

const TOKEN = '20261202-EC-0123456789-ABCDEF0123-45|nip-5260250274|secret0123456789';

describe('loadKsefConfig', () => {
  test('no credentials: the shop does not send to KSeF', () => {
    assert.equal(loadKsefConfig({}), null);
    assert.equal(loadKsefConfig({ KSEF_ENV: 'production' }), null);
  });

  test('a token: the test environment by default, its addresses, the default retry pause', () => {
    const config = loadKsefConfig({ KSEF_TOKEN: TOKEN })!;
    assert.equal(config.environment, 'test');
    assert.equal(config.apiUrl, 'https://api-test.ksef.mf.gov.pl');
    assert.equal(config.qrUrl, 'https://qr-test.ksef.mf.gov.pl');
    assert.equal(config.credentials.kind, 'token');
    assert.equal(config.credentials.revealToken(), TOKEN);
    assert.equal(config.retrySeconds, 60);
  });

  test('production, an API address override (its /v2 left to the client), a retry pause', () => {
    const config = loadKsefConfig({
      KSEF_TOKEN: TOKEN,
      KSEF_ENV: 'production',
      KSEF_API_URL: 'http://127.0.0.1:9999/v2/',
      KSEF_RETRY_SECONDS: '5',
    })!;
    assert.equal(config.apiUrl, 'http://127.0.0.1:9999');
    assert.equal(config.qrUrl, 'https://qr.ksef.mf.gov.pl');
    assert.equal(config.retrySeconds, 5);
  });

  test('a certificate file instead of a token', () => {
    const config = loadKsefConfig({ KSEF_CERT_FILE: '/etc/vitrine/ksef.p12', KSEF_CERT_PASSWORD: 'hunter2' })!;
    assert.equal(config.credentials.kind, 'certificate');
    assert.equal(config.credentials.revealToken(), null);
  });

  test('the secrets never show when the configuration is printed or serialised', () => {
    for (const env of [
      { KSEF_TOKEN: TOKEN },
      { KSEF_CERT_FILE: '/etc/vitrine/ksef.p12', KSEF_CERT_PASSWORD: 'hunter2' },
    ]) {
      const config = loadKsefConfig(env)!;
      for (const printed of [
        JSON.stringify(config),
        inspect(config, { depth: 5, showHidden: true }),
        `${config.credentials}`,
      ]) {
        assert.ok(!printed.includes('secret0123456789') && !printed.includes('hunter2'), printed);
      }
    }
  });

  test('the offline certificate: its key read from its file for the PDF, never shown when printed', async () => {
    const keyFile = path.join(await makeTempDir(), 'offline-key.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await writeFile(keyFile, pem);
    const config = loadKsefConfig({
      KSEF_TOKEN: TOKEN,
      KSEF_OFFLINE_CERT_SERIAL: '01f2a3',
      KSEF_OFFLINE_KEY_FILE: keyFile,
    })!;
    const options = invoicePdfOptionsOf(config);
    assert.equal(options.qrBaseUrl, 'https://qr-test.ksef.mf.gov.pl');
    assert.equal(options.offlineCertificate?.serial, '01F2A3');
    assert.equal(options.offlineCertificate?.privateKeyPem, pem);
    assert.ok(
      !inspect(config, { depth: 5 }).includes('PRIVATE KEY') && !JSON.stringify(config).includes('PRIVATE KEY'),
    );
    assert.equal(invoicePdfOptionsOf(null).offlineCertificate, undefined);
  });

  test('malformed settings are refused with the setting named', () => {
    const cases: [NodeJS.ProcessEnv, RegExp][] = [
      [{ KSEF_TOKEN: TOKEN, KSEF_ENV: 'prod' }, /KSEF_ENV/],
      [{ KSEF_TOKEN: TOKEN, KSEF_API_URL: 'api.ksef.mf.gov.pl' }, /KSEF_API_URL/],
      [{ KSEF_TOKEN: TOKEN, KSEF_API_URL: 'ftp://ksef.example' }, /KSEF_API_URL/],
      [{ KSEF_TOKEN: TOKEN, KSEF_RETRY_SECONDS: '0' }, /KSEF_RETRY_SECONDS/],
      [{ KSEF_TOKEN: TOKEN, KSEF_CERT_FILE: '/etc/vitrine/ksef.p12' }, /either KSEF_TOKEN or KSEF_CERT_FILE/],
      [{ KSEF_TOKEN: TOKEN, KSEF_OFFLINE_CERT_SERIAL: '01F2' }, /go together/],
      [{ KSEF_TOKEN: TOKEN, KSEF_OFFLINE_CERT_SERIAL: 'not-hex', KSEF_OFFLINE_KEY_FILE: '/k.pem' }, /hexadecimal/],
    ];
    for (const [env, message] of cases)
      assert.throws(
        () => loadKsefConfig(env),
        (error) => error instanceof ConfigError && message.test((error as Error).message),
      );
  });
});
