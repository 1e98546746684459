/**
 * Every setting the shop has: its group, type, default and bounds. The store seeds defaults from here and
 * `compliance/v1` validates updates against it, so a key exists in exactly one place.
 */

export type SettingValue = string | number | boolean;

interface SettingBase {
  label: string;
}
export interface BooleanSetting extends SettingBase {
  type: 'boolean';
  default: boolean;
}
export interface IntegerSetting extends SettingBase {
  type: 'integer';
  default: number;
  minimum: number;
  maximum: number;
}
export interface NumberSetting extends SettingBase {
  type: 'number';
  default: number;
  minimum: number;
  maximum: number;
}
export interface StringSetting extends SettingBase {
  type: 'string';
  default: string;
  maxLength: number;
  /** Allowed values, when the setting is a choice. */
  enum?: readonly string[];
  /** A format the value must have; `message` says which. */
  format?: { test: (value: string) => boolean; message: string };
}
export type SettingDefinition = BooleanSetting | IntegerSetting | NumberSetting | StringSetting;

export interface SettingsGroupDefinition {
  id: SettingsGroupId;
  label: string;
  description: string;
  settings: Record<string, SettingDefinition>;
}

export const SETTINGS_GROUP_IDS = ['general', 'compliance', 'storefront', 'checkout'] as const;
export type SettingsGroupId = (typeof SETTINGS_GROUP_IDS)[number];
export type SettingsData = Record<SettingsGroupId, Record<string, SettingValue>>;

const EMAIL = { test: (value: string) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), message: 'must be an e-mail address' };
const LOCALE = {
  test: (value: string) => {
    try {
      return /^[a-z]{2,3}(-[A-Z]{2})?$/.test(value) && Intl.NumberFormat.supportedLocalesOf([value]).length === 1;
    } catch {
      return false;
    }
  },
  message: 'must be a locale such as pl-PL or en-GB',
};
const TIME_ZONE = {
  test: (value: string) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return value.length > 0;
    } catch {
      return false;
    }
  },
  message: 'must be an IANA time zone such as Europe/Warsaw',
};

const bool = (label: string, value: boolean): BooleanSetting => ({ type: 'boolean', label, default: value });
const int = (label: string, value: number, minimum: number, maximum: number): IntegerSetting => ({
  type: 'integer', label, default: value, minimum, maximum,
});
const text = (label: string, value: string, maxLength = 200, extra: Partial<StringSetting> = {}): StringSetting => ({
  type: 'string', label, default: value, maxLength, ...extra,
});

export const CURRENCIES = ['PLN', 'EUR', 'USD', 'GBP', 'CZK', 'SEK', 'DKK', 'NOK', 'CHF', 'HUF', 'RON'] as const;

export const SETTINGS_GROUPS: readonly SettingsGroupDefinition[] = [
  {
    id: 'general',
    label: 'General',
    description: 'Shop identity, company data, currency, locale and time zone.',
    settings: {
      shop_name: text('Shop name', 'Vitrine Demo Shop', 120),
      company_name: text('Company name', 'Vitrine Sp. z o.o.', 200),
      company_address: text('Company address', 'ul. Przykładowa 1, 00-001 Warszawa', 300),
      company_tax_id: text('Tax id (NIP/VAT)', '', 32, { format: { test: (v) => /^[A-Z0-9 -]*$/i.test(v), message: 'may hold only letters, digits, spaces and hyphens' } }),
      company_email: text('Company e-mail', 'shop@example.com', 254, { format: EMAIL }),
      currency: text('Currency', 'PLN', 3, { enum: CURRENCIES }),
      locale: text('Locale', 'pl-PL', 10, { format: LOCALE }),
      timezone: text('Time zone', 'Europe/Warsaw', 64, { format: TIME_ZONE }),
      legal_pages_enabled: bool('Legal Pages module', true),
    },
  },
  {
    id: 'compliance',
    label: 'Compliance',
    description: 'EU consumer-law modules: Omnibus price history, GPSR, withdrawal, DSA, KSeF, green claims.',
    settings: {
      omnibus_enabled: bool('Show the lowest price of the last days (Omnibus)', true),
      omnibus_days: int('Omnibus look-back in days', 30, 1, 365),
      gpsr_enabled: bool('Product safety information (GPSR)', true),
      withdrawal_enabled: bool('Right of withdrawal', true),
      withdrawal_days: int('Withdrawal period in days', 14, 14, 365),
      dsa_enabled: bool('Digital Services Act notices', false),
      ksef_enabled: bool('KSeF e-invoicing', false),
      greenwashing_enabled: bool('Environmental claims checks', false),
    },
  },
  {
    id: 'storefront',
    label: 'Storefront',
    description: 'What shoppers see on product lists and product pages.',
    settings: {
      show_ratings: bool('Show ratings', true),
      show_stock_status: bool('Show stock status', true),
      show_lowest_price: bool('Show the lowest recent price next to sale prices', true),
      prices_include_tax: bool('Prices include tax', true),
      low_stock_threshold: int('Low-stock threshold', 5, 0, 10000),
    },
  },
  {
    id: 'checkout',
    label: 'Checkout',
    description: 'Order form behaviour and the texts a consumer must see before paying.',
    settings: {
      guest_checkout: bool('Allow guest checkout', true),
      order_button_label: text('Order button label', 'Order with obligation to pay', 80),
      show_withdrawal_notice: bool('Show the withdrawal notice at checkout', true),
      min_order_amount: int('Minimum order amount (main currency unit)', 0, 0, 1_000_000),
    },
  },
];

export function findSettingsGroup(id: string): SettingsGroupDefinition | undefined {
  return SETTINGS_GROUPS.find((group) => group.id === id);
}

/** The default value of every key of every group. */
export function defaultSettings(): SettingsData {
  const data = {} as SettingsData;
  for (const group of SETTINGS_GROUPS) {
    data[group.id] = Object.fromEntries(Object.entries(group.settings).map(([key, def]) => [key, def.default]));
  }
  return data;
}

/**
 * Checks one value against its definition.
 * @returns null when valid, otherwise a sentence fragment saying what is wrong, e.g. `must be an integer from 1 to 365`.
 */
export function checkSettingValue(definition: SettingDefinition, value: unknown): string | null {
  switch (definition.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'integer':
    case 'number': {
      const kind = definition.type === 'integer' ? 'an integer' : 'a number';
      const rightType = typeof value === 'number' && Number.isFinite(value) && (definition.type === 'number' || Number.isInteger(value));
      if (!rightType || (value as number) < definition.minimum || (value as number) > definition.maximum) {
        return `must be ${kind} from ${definition.minimum} to ${definition.maximum}`;
      }
      return null;
    }
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      if (value.length > definition.maxLength) return `must be at most ${definition.maxLength} characters long`;
      if (definition.enum && !definition.enum.includes(value)) return `must be one of ${definition.enum.join(', ')}`;
      if (definition.format && !definition.format.test(value)) return definition.format.message;
      return null;
  }
}
