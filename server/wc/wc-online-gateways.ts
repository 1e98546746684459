/**
 * The online providers as `wc/v3` payment gateways, `stripe` and `przelewy24`, enabled by their keys in the server's
 * environment (server/config.ts): listed always, `enabled` only when configured, with what a manager needs to set one
 * up and check it (its mode, its keys masked, the address its messages come to, the variable each key is set by),
 * none of it writable here but the minutes an unpaid online payment holds its stock (the `checkout` group's).
 */
import type { Config, Przelewy24Config, StripeConfig } from '../config.js';
import { PAYMENT_MESSAGE_PATHS } from '../shop/payments/payment-gateway.js';
import { fixed, gatewayFields, type GatewayDefinition, type GatewaySetting } from './wc-gateway-definition.js';
import { WC_PAYMENT_METHODS } from './wc-order-shape.js';
import { numeric } from './wc-shop-settings.js';

/** What the online gateways are read from: the providers' keys, and the shop's address their messages come to. */
export type GatewayConfig = Pick<Config, 'stripe' | 'przelewy24' | 'siteUrl'>;

/**
 * A secret as the admin may see it: enough to tell which key is set (its kind prefix and last four characters), never
 * enough to use it.
 */
export function maskedSecret(secret: string): string {
  const prefix = /^(?:sk|rk|whsec)_(?:test_|live_)?/.exec(secret)?.[0] ?? '';
  return secret.length - prefix.length > 8 ? `${prefix}••••••••${secret.slice(-4)}` : '••••••••';
}

/** Przelewy24's production API: any other address (its sandbox, a stand-in) takes no real money. */
const P24_PRODUCTION = 'https://secure.przelewy24.pl';

/** Whether Stripe takes no real money: its key says so by its prefix (`sk_test_`, `rk_test_`). */
export const stripeTestMode = (stripe: StripeConfig) => /^(?:sk|rk)_test_/.test(stripe.secretKey);
/** Przelewy24's keys do not say their mode, its API address does: any but production (the sandbox, a stand-in). */
export const przelewy24TestMode = (przelewy24: Przelewy24Config) => przelewy24.apiUrl !== P24_PRODUCTION;

const BY_ENVIRONMENT = 'set by the environment variables of the server, never stored in the data folder';
const HOLD_ONLINE: GatewaySetting = {
  id: 'hold_minutes',
  label: 'Minutes an unpaid online payment holds its stock',
  description: 'An order whose online payment is not confirmed within this many minutes is cancelled. 0 never cancels.',
  type: 'number',
  source: { kept: { group: 'checkout', key: 'hold_online_unpaid_minutes', ...numeric } },
};

/** A value of the environment: `variable` names where an operator sets it. */
const fromEnvironment = (id: string, label: string, variable: string, value: string, type = 'text') => ({
  id,
  label,
  description: `Set by ${variable} in the server's environment, read at start; never stored in the data folder.`,
  type,
  source: fixed(value, BY_ENVIRONMENT),
});
const secret = (id: string, label: string, variable: string, value: string | undefined): GatewaySetting =>
  fromEnvironment(id, label, variable, value === undefined ? '' : maskedSecret(value), 'password');
const testMode = (test: boolean): GatewaySetting => ({
  id: 'testmode',
  label: 'Test mode',
  description: 'Whether the keys are the provider’s test keys, which take no real money (read from the keys).',
  type: 'checkbox',
  source: fixed(test ? 'yes' : 'no', BY_ENVIRONMENT),
});
const messageAddress = (id: string, label: string, url: string, description: string): GatewaySetting => ({
  id,
  label,
  description,
  type: 'text',
  source: fixed(url, 'the address of the shop’s route for the provider’s messages'),
});

const STRIPE_DESCRIPTION = 'Pay by BLIK, card or online bank transfer on Stripe’s secure page.';
const P24_DESCRIPTION = 'Pay by online bank transfer or BLIK on Przelewy24’s secure page.';

export function onlineGateways({ stripe, przelewy24, siteUrl }: GatewayConfig): GatewayDefinition[] {
  const enabled = (on: boolean) => fixed(on ? 'yes' : 'no', BY_ENVIRONMENT);
  return [
    {
      id: 'stripe',
      enabled: stripe !== null,
      title: WC_PAYMENT_METHODS.stripe.title,
      description: STRIPE_DESCRIPTION,
      methodDescription:
        'Stripe Checkout: cards, BLIK and Przelewy24 on Stripe’s hosted page; paid when Stripe’s signed webhook confirms it.',
      settings: [
        ...gatewayFields(WC_PAYMENT_METHODS.stripe.title, STRIPE_DESCRIPTION, enabled(stripe !== null)),
        testMode(stripe !== null && stripeTestMode(stripe)),
        secret('secret_key', 'Secret key', 'STRIPE_SECRET_KEY', stripe?.secretKey),
        secret('webhook_secret', 'Webhook signing secret', 'STRIPE_WEBHOOK_SECRET', stripe?.webhookSecret),
        messageAddress(
          'webhook_url',
          'Webhook endpoint URL',
          `${siteUrl}${PAYMENT_MESSAGE_PATHS.stripe}`,
          'Add this endpoint in Stripe’s Dashboard (Developers → Webhooks) with the events checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.async_payment_failed, checkout.session.expired, payment_intent.succeeded and payment_intent.payment_failed; its signing secret is STRIPE_WEBHOOK_SECRET.',
        ),
        HOLD_ONLINE,
      ],
    },
    {
      id: 'przelewy24',
      enabled: przelewy24 !== null,
      title: WC_PAYMENT_METHODS.przelewy24.title,
      description: P24_DESCRIPTION,
      methodDescription:
        'Przelewy24 direct: paid when its signed notification arrives and the payment is verified with it.',
      settings: [
        ...gatewayFields(WC_PAYMENT_METHODS.przelewy24.title, P24_DESCRIPTION, enabled(przelewy24 !== null)),
        testMode(przelewy24 !== null && przelewy24TestMode(przelewy24)),
        fromEnvironment(
          'merchant_id',
          'Merchant ID',
          'P24_MERCHANT_ID',
          przelewy24 ? String(przelewy24.merchantId) : '',
        ),
        fromEnvironment('pos_id', 'Point of sale ID', 'P24_POS_ID', przelewy24 ? String(przelewy24.posId) : ''),
        secret('crc', 'CRC key', 'P24_CRC', przelewy24?.crc),
        secret('api_key', 'API key', 'P24_API_KEY', przelewy24?.apiKey),
        fromEnvironment('api_url', 'API address', 'P24_API_URL', przelewy24?.apiUrl ?? ''),
        messageAddress(
          'notify_url',
          'Notification URL',
          `${siteUrl}${PAYMENT_MESSAGE_PATHS.przelewy24}`,
          'Where Przelewy24 sends its signed notifications. The shop gives it with every transaction (urlStatus), so nothing needs pasting into Przelewy24’s panel; it must be reachable from the internet.',
        ),
        HOLD_ONLINE,
      ],
    },
  ];
}
