/**
 * What a `wc/v3` payment gateway is made of (wc-payment-gateways.ts answers it in WooCommerce's shape): its id, whether
 * it is enabled, its words, and its settings, each read from where the shop keeps it or fixed by how the shop works.
 */
import type { SettingSource } from './wc-shop-settings.js';

export interface GatewaySetting {
  id: string;
  label: string;
  description: string;
  type: string;
  source: SettingSource;
}

export interface GatewayDefinition {
  id: 'bacs' | 'cod' | 'stripe' | 'przelewy24';
  enabled: boolean;
  title: string;
  description: string;
  methodDescription: string;
  settings: GatewaySetting[];
}

const ALWAYS = 'the checkout always offers this way to pay';
const NAMED = 'the checkout names this way to pay itself';

/** A setting that reads `text` and accepts only that, `why` saying so to a client that sends another value. */
export const fixed = (text: string, why: string): SettingSource => ({ fixed: { value: () => text, why } });

/** WooCommerce's three settings every gateway has: `enabled`, `title` and `description`. */
export function gatewayFields(
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
