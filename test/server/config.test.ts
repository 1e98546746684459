import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../server/config.js';

describe('loadConfig', () => {
  it('uses the documented defaults (README, Configuration)', () => {
    const config = loadConfig({});
    assert.deepEqual(
      {
        host: config.host,
        port: config.port,
        restRoot: config.restRoot,
        siteUrl: config.siteUrl,
        dataDir: config.dataDir,
      },
      {
        host: '127.0.0.1',
        port: 3000,
        restRoot: '/wp-json',
        siteUrl: 'http://127.0.0.1:3000',
        dataDir: path.resolve('data'),
      },
    );
    assert.equal(config.devBasicAuth, false);
  });

  it('lets flags win over the environment', () => {
    const config = loadConfig(
      { PORT: '4000', HOST: '0.0.0.0', DATA_DIR: '/tmp/env' },
      { port: '5000', data: '/tmp/flag' },
    );
    assert.equal(config.port, 5000);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dataDir, '/tmp/flag');
  });

  it('normalises REST_ROOT and SITE_URL and reads the extension list', () => {
    const config = loadConfig({
      REST_ROOT: 'api/',
      SITE_URL: 'https://shop.example/',
      VITRINE_EXTENSIONS: ' a.ts, ,b.ts',
    });
    assert.equal(config.restRoot, '/api');
    assert.equal(config.siteUrl, 'https://shop.example');
    assert.deepEqual(config.extensions, ['a.ts', 'b.ts']);
  });

  it('reads WARM_UP_SECONDS as the most the warm-up may take, 4 s by default and 0 for none, and explains a bad value', () => {
    assert.equal(loadConfig({}).warmUpSeconds, 4);
    assert.equal(loadConfig({ WARM_UP_SECONDS: '0' }).warmUpSeconds, 0);
    assert.equal(loadConfig({ WARM_UP_SECONDS: '12.5' }).warmUpSeconds, 12.5);
    for (const bad of ['-1', 'soon', '61'])
      assert.throws(
        () => loadConfig({ WARM_UP_SECONDS: bad }),
        new RegExp(`WARM_UP_SECONDS "${bad}" must be a number of seconds from 0 to 60`),
      );
  });

  it('explains a bad port, REST root or site URL', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /port "eighty"/);
    assert.throws(() => loadConfig({ REST_ROOT: '/' }), /REST_ROOT/);
    assert.throws(() => loadConfig({ SITE_URL: 'shop' }), /SITE_URL "shop"/);
  });

  it('reads TRUST_PROXY as the number of proxies in front or their addresses, off by default, and explains a bad value', () => {
    assert.equal(loadConfig({}).trustProxy, null);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '1' }).trustProxy, { hops: 1 });
    assert.deepEqual(loadConfig({ TRUST_PROXY: '2' }).trustProxy, { hops: 2 });
    assert.deepEqual(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, { hops: 1 });
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, null);
    assert.equal(loadConfig({ TRUST_PROXY: '0' }).trustProxy, null);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy, { proxies: ['10.0.0.0/8', '::1'] });
    assert.throws(
      () => loadConfig({ TRUST_PROXY: 'maybe' }),
      /TRUST_PROXY "maybe": "maybe" is neither an address nor a network/,
    );
    assert.throws(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' }), /is neither an address nor a network/);
  });

  it("reads DEMO_LANGUAGE as a language of the shop's catalogues, the shop's own when unset, and explains another", () => {
    assert.equal(loadConfig({}).demoLanguage, null);
    assert.equal(loadConfig({ DEMO_LANGUAGE: '' }).demoLanguage, null);
    assert.equal(loadConfig({ DEMO_LANGUAGE: 'de' }).demoLanguage, 'de');
    assert.equal(loadConfig({ DEMO_LANGUAGE: ' EN ' }).demoLanguage, 'en');
    assert.throws(() => loadConfig({ DEMO_LANGUAGE: 'fr' }), /DEMO_LANGUAGE "fr" must be one of pl, en, de/);
  });
});
