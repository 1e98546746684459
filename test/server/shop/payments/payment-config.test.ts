// The providers' configuration: each is offered only with all of its keys, its API address is read into the SDK's
// options, and no message about a bad setting repeats a secret.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../../server/config.js';
import { maskedSecret, onlineGateways } from '../../../../server/wc/wc-online-gateways.js';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_51Secret0000abcd', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef' };
const P24 = { P24_MERCHANT_ID: '12345', P24_CRC: 'crc-secret-value', P24_API_KEY: 'api-secret-value' };

describe('payment providers in the configuration', () => {
  it('offers no provider without keys', () => {
    const config = loadConfig({});
    assert.equal(config.stripe, null);
    assert.equal(config.przelewy24, null);
  });

  it('reads Stripe with its stand-in address as the SDK options', () => {
    const config = loadConfig({ ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:12111' });
    assert.deepEqual(config.stripe, {
      secretKey: STRIPE.STRIPE_SECRET_KEY,
      webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET,
      api: { protocol: 'http', host: '127.0.0.1', port: 12111 },
    });
    assert.equal(loadConfig(STRIPE).stripe!.api, null);
    assert.deepEqual(loadConfig({ ...STRIPE, STRIPE_API_URL: 'https://stripe.example' }).stripe!.api, {
      protocol: 'https',
      host: 'stripe.example',
      port: 443,
    });
  });

  it('reads Przelewy24, its point of sale defaulting to the merchant', () => {
    assert.deepEqual(loadConfig(P24).przelewy24, {
      merchantId: 12345,
      posId: 12345,
      crc: P24.P24_CRC,
      apiKey: P24.P24_API_KEY,
      apiUrl: 'https://secure.przelewy24.pl',
    });
    const sandbox = loadConfig({ ...P24, P24_POS_ID: '777', P24_API_URL: 'https://sandbox.przelewy24.pl/' });
    assert.equal(sandbox.przelewy24!.posId, 777);
    assert.equal(sandbox.przelewy24!.apiUrl, 'https://sandbox.przelewy24.pl');
  });

  it('refuses half a configuration without repeating any secret', () => {
    const refusals = [
      { STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY },
      { STRIPE_WEBHOOK_SECRET: STRIPE.STRIPE_WEBHOOK_SECRET },
      { ...STRIPE, STRIPE_API_URL: 'ftp://nowhere' },
      { P24_CRC: P24.P24_CRC, P24_API_KEY: P24.P24_API_KEY },
      { ...P24, P24_MERCHANT_ID: 'abc' },
    ];
    for (const env of refusals) {
      assert.throws(
        () => loadConfig(env),
        (error: Error) => {
          assert.ok(error instanceof ConfigError, error.message);
          for (const secret of [...Object.values(STRIPE), P24.P24_CRC, P24.P24_API_KEY])
            assert.ok(!error.message.includes(secret), `${error.message} names a secret`);
          return true;
        },
      );
    }
  });

  it('masks a key to its kind and last four characters', () => {
    assert.equal(maskedSecret('sk_live_51Hxyzabcdefgh1234'), 'sk_live_••••••••1234');
    assert.equal(maskedSecret('whsec_abcdefghijklmnop'), 'whsec_••••••••mnop');
    assert.equal(maskedSecret('short'), '••••••••');
  });

  it('tells test keys from live ones, and names where each provider sends its messages', () => {
    const settingsOf = (env: NodeJS.ProcessEnv) => {
      const config = loadConfig({ ...env, SITE_URL: 'https://shop.example' });
      return Object.fromEntries(
        onlineGateways(config).map((gateway) => [
          gateway.id,
          Object.fromEntries(
            gateway.settings.flatMap((setting) =>
              // What the environment fixes reads nothing of the shop's data.
              'fixed' in setting.source ? [[setting.id, setting.source.fixed.value({} as never)]] : [],
            ),
          ),
        ]),
      );
    };
    const test = settingsOf({ ...STRIPE, ...P24, P24_API_URL: 'https://sandbox.przelewy24.pl' });
    assert.equal(test.stripe!.testmode, 'yes');
    assert.equal(test.przelewy24!.testmode, 'yes');
    assert.equal(test.stripe!.webhook_url, 'https://shop.example/payments/stripe/webhook');
    assert.equal(test.przelewy24!.notify_url, 'https://shop.example/payments/przelewy24/notify');
    const live = settingsOf({ ...STRIPE, STRIPE_SECRET_KEY: 'rk_live_51Secret0000abcd', ...P24 });
    assert.equal(live.stripe!.testmode, 'no');
    assert.equal(live.stripe!.secret_key, 'rk_live_••••••••abcd');
    assert.equal(live.przelewy24!.testmode, 'no');
    const none = settingsOf({});
    assert.equal(none.stripe!.testmode, 'no');
    assert.equal(none.stripe!.secret_key, '');
    assert.equal(none.przelewy24!.merchant_id, '');
  });
});
