/**
 * The shop's two ways to pay as WooCommerce's gateways, `bacs` (bank transfer) and `cod` (cash on delivery), the ids
 * orders already carry. Both are always offered at checkout and named by the shop, so `enabled`, `title` and
 * `description` read as the checkout has them and accept only that value. The settings the checkout does take are
 * the gateways' settings here: the bank account of `bacs` (WooCommerce's account fields `account_name`, `bank_name`,
 * `iban`, `bic`) and the fee of `cod` (`fee`, which WooCommerce core does not have), all kept in the shop's
 * `checkout` settings group and written through its validation (wc-shop-settings.ts).
 * The online providers follow them (wc-online-gateways.ts).
 */
import type { WcFormSetting, WcPaymentGateway } from '../../client/api/wc-store.js';
import type { SiteData } from '../store/schema.js';
import { invalidPaymentGateway } from './wc-errors.js';
import { gatewayFields, type GatewayDefinition } from './wc-gateway-definition.js';
import { onlineGateways, type GatewayConfig } from './wc-online-gateways.js';
import { WC_PAYMENT_METHODS } from './wc-order-shape.js';
import { numeric, wcDefault, wcValue, type SettingSource, type SettingWrite } from './wc-shop-settings.js';

const BACS_DESCRIPTION =
  'Make your payment directly into our bank account. The account number and the transfer title are on the order confirmation.';
const COD_DESCRIPTION = 'Pay with cash upon delivery.';
const checkout = (key: string): SettingSource => ({ kept: { group: 'checkout', key } });

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

/** Every gateway, the shop's own first. */
export function gatewaysOf(config: GatewayConfig): GatewayDefinition[] {
  return [...GATEWAYS, ...onlineGateways(config)];
}

export function gatewayById(id: string, config: GatewayConfig): GatewayDefinition {
  const gateway = gatewaysOf(config).find((candidate) => candidate.id === id);
  if (!gateway) throw invalidPaymentGateway();
  return gateway;
}

export function wcPaymentGateway(
  gateway: GatewayDefinition,
  site: Readonly<SiteData>,
  config: GatewayConfig,
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
    order: gatewaysOf(config).findIndex((each) => each.id === gateway.id) + 1,
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
