/**
 * The shop's two ways to pay as WooCommerce's gateways, `bacs` (bank transfer) and `cod` (cash on delivery), the ids
 * orders already carry. Both are always offered at checkout and named by the shop, so `enabled`, `title` and
 * `description` read as the checkout has them and accept only that value. The settings the checkout does take are
 * the gateways' settings here: the bank account of `bacs` (WooCommerce's account fields `account_name`, `bank_name`,
 * `iban`, `bic`) and the fee of `cod` (`fee`, which WooCommerce core does not have), all kept in the shop's
 * `checkout` settings group and written through its validation (wc-shop-settings.ts).
 *
 * The online providers, `stripe` and `przelewy24`, are enabled by their keys in the environment (server/config.ts):
 * listed always, `enabled` only when configured, their keys shown masked and never writable here, and the minutes an
 * unpaid online payment holds its stock kept in the `checkout` group.
 */
import type { WcFormSetting, WcPaymentGateway } from '../../client/api/wc-store.js';
import type { Config } from '../config.js';
import type { SiteData } from '../store/schema.js';
import { invalidPaymentGateway } from './wc-errors.js';
import { WC_PAYMENT_METHODS } from './wc-order-shape.js';
import { numeric, wcDefault, wcValue, type SettingSource, type SettingWrite } from './wc-shop-settings.js';

interface GatewaySetting {
  id: string;
  label: string;
  description: string;
  type: string;
  source: SettingSource;
}

/** The providers' keys as configured; a gateway reads whether it is enabled and its masked keys from them. */
export type PaymentKeys = Pick<Config, 'stripe' | 'przelewy24'>;

interface GatewayDefinition {
  id: 'bacs' | 'cod' | 'stripe' | 'przelewy24';
  enabled: boolean;
  title: string;
  description: string;
  methodDescription: string;
  settings: GatewaySetting[];
}

const ALWAYS = 'the checkout always offers this way to pay';
const NAMED = 'the checkout names this way to pay itself';
const fixed = (text: string, why: string): SettingSource => ({ fixed: { value: () => text, why } });
const checkout = (key: string): SettingSource => ({ kept: { group: 'checkout', key } });

function gatewayFields(
  title: string,
  description: string,
  enabled: SettingSource = fixed('yes', ALWAYS),
): GatewaySetting[] {
  return [
    { id: 'enabled', label: 'Enable/Disable', description: '', type: 'checkbox', source: enabled },
    {
      id: 'title',
      label: 'Title',
      description: 'This controls the title which the user sees during checkout.',
      type: 'safe_text',
      source: fixed(title, NAMED),
    },
    {
      id: 'description',
      label: 'Description',
      description: 'Payment method description that the customer will see on your checkout.',
      type: 'textarea',
      source: fixed(description, NAMED),
    },
  ];
}

const BACS_DESCRIPTION =
  'Make your payment directly into our bank account. The account number and the transfer title are on the order confirmation.';
const COD_DESCRIPTION = 'Pay with cash upon delivery.';

const GATEWAYS: readonly GatewayDefinition[] = [
  {
    id: 'bacs',
    enabled: true,
    title: WC_PAYMENT_METHODS.bank_transfer.title,
    description: BACS_DESCRIPTION,
    methodDescription: 'Take payments in person via BACS. More commonly known as direct bank/wire transfer.',
    settings: [
      ...gatewayFields(WC_PAYMENT_METHODS.bank_transfer.title, BACS_DESCRIPTION),
      {
        id: 'account_name',
        label: 'Account name',
        description: 'Whose account bank-transfer orders are paid to.',
        type: 'text',
        source: checkout('bank_account_holder'),
      },
      {
        id: 'bank_name',
        label: 'Bank name',
        description: 'Shown with the account on the order confirmation.',
        type: 'text',
        source: checkout('bank_name'),
      },
      {
        id: 'iban',
        label: 'IBAN',
        description: 'The account bank-transfer orders are paid to.',
        type: 'text',
        source: checkout('bank_iban'),
      },
      {
        id: 'bic',
        label: 'BIC / Swift',
        description: "The bank's code for transfers from abroad.",
        type: 'text',
        source: checkout('bank_bic'),
      },
    ],
  },
  {
    id: 'cod',
    enabled: true,
    title: WC_PAYMENT_METHODS.cash_on_delivery.title,
    description: COD_DESCRIPTION,
    methodDescription: 'Have your customers pay with cash (or by other means) upon delivery.',
    settings: [
      ...gatewayFields(WC_PAYMENT_METHODS.cash_on_delivery.title, COD_DESCRIPTION),
      {
        id: 'fee',
        label: 'Cash on delivery fee',
        description: 'Added to the order as a fee when the customer pays on delivery. 0 means no fee.',
        type: 'price',
        source: { kept: { group: 'checkout', key: 'cod_fee', ...numeric } },
      },
    ],
  },
];

/**
 * A secret as the admin may see it: enough to tell which key is set (its kind prefix and last four characters), never
 * enough to use it.
 */
export function maskedSecret(secret: string): string {
  const prefix = /^(?:sk|rk|whsec)_(?:test_|live_)?/.exec(secret)?.[0] ?? '';
  return secret.length - prefix.length > 8 ? `${prefix}••••••••${secret.slice(-4)}` : '••••••••';
}

const BY_ENVIRONMENT = 'set by the environment variables of the server, never stored in the data folder';
const HOLD_ONLINE: GatewaySetting = {
  id: 'hold_minutes',
  label: 'Minutes an unpaid online payment holds its stock',
  description: 'An order whose online payment is not confirmed within this many minutes is cancelled. 0 never cancels.',
  type: 'number',
  source: { kept: { group: 'checkout', key: 'hold_online_unpaid_minutes', ...numeric } },
};
const keySetting = (id: string, label: string, value: string): GatewaySetting => ({
  id,
  label,
  description: `${label} (${BY_ENVIRONMENT}).`,
  type: 'password',
  source: fixed(value, BY_ENVIRONMENT),
});

const STRIPE_DESCRIPTION = 'Pay by BLIK, card or online bank transfer on Stripe’s secure page.';
const P24_DESCRIPTION = 'Pay by online bank transfer or BLIK on Przelewy24’s secure page.';

function onlineGateways({ stripe, przelewy24 }: PaymentKeys): GatewayDefinition[] {
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
        keySetting('secret_key', 'Secret key', stripe ? maskedSecret(stripe.secretKey) : ''),
        keySetting('webhook_secret', 'Webhook signing secret', stripe ? maskedSecret(stripe.webhookSecret) : ''),
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
        {
          id: 'merchant_id',
          label: 'Merchant ID',
          description: `Merchant ID (${BY_ENVIRONMENT}).`,
          type: 'text',
          source: fixed(przelewy24 ? String(przelewy24.merchantId) : '', BY_ENVIRONMENT),
        },
        keySetting('crc', 'CRC key', przelewy24 ? maskedSecret(przelewy24.crc) : ''),
        keySetting('api_key', 'API key', przelewy24 ? maskedSecret(przelewy24.apiKey) : ''),
        HOLD_ONLINE,
      ],
    },
  ];
}

/** Every gateway, the shop's own first. */
export function gatewaysOf(keys: PaymentKeys): GatewayDefinition[] {
  return [...GATEWAYS, ...onlineGateways(keys)];
}

export function gatewayById(id: string, keys: PaymentKeys): GatewayDefinition {
  const gateway = gatewaysOf(keys).find((candidate) => candidate.id === id);
  if (!gateway) throw invalidPaymentGateway();
  return gateway;
}

export function wcPaymentGateway(
  gateway: GatewayDefinition,
  site: Readonly<SiteData>,
  keys: PaymentKeys,
): WcPaymentGateway {
  const settings = Object.fromEntries(
    gateway.settings.map((setting): [string, WcFormSetting] => [
      setting.id,
      {
        id: setting.id,
        label: setting.label,
        description: setting.description,
        type: setting.type,
        value: wcValue(site, setting.source),
        default: wcDefault(setting.source, site),
        tip: setting.description,
        placeholder: '',
      },
    ]),
  );
  return {
    id: gateway.id,
    title: gateway.title,
    description: gateway.description,
    order: gatewaysOf(keys).findIndex((each) => each.id === gateway.id) + 1,
    enabled: gateway.enabled,
    method_title: gateway.title,
    method_description: gateway.methodDescription,
    method_supports: ['products'],
    settings,
  };
}

/**
 * What an update body asks to change: `enabled`, `title`, `description` (only to what they are) and `settings`
 * by id; `order` is ignored (the checkout lists bank transfer first). Unknown settings are named as refused.
 */
export function gatewayWrites(
  gateway: GatewayDefinition,
  body: Record<string, unknown>,
  problems: Record<string, string>,
): SettingWrite[] {
  const writes: SettingWrite[] = [];
  const byId = new Map(gateway.settings.map((setting) => [setting.id, setting]));
  for (const field of ['enabled', 'title', 'description'] as const) {
    if (!Object.hasOwn(body, field)) continue;
    const value =
      field === 'enabled' && typeof body.enabled === 'boolean' ? (body.enabled ? 'yes' : 'no') : body[field];
    writes.push({ name: field, source: byId.get(field)!.source, value });
  }
  const settings = body.settings;
  if (settings === undefined) return writes;
  if (settings === null || typeof settings !== 'object' || Array.isArray(settings)) {
    problems.settings = 'settings must be an object of setting ids and values.';
    return writes;
  }
  for (const [id, value] of Object.entries(settings)) {
    const setting = byId.get(id);
    if (!setting)
      problems[`settings.${id}`] = `${id} is not a setting of ${gateway.id}. Settings: ${[...byId.keys()].join(', ')}.`;
    else writes.push({ name: `settings.${id}`, source: setting.source, value });
  }
  return writes;
}
