/**
 * Every setting the shop has: its group, type, default and bounds. The store seeds defaults from here and
 * `compliance/v1` validates updates against it, so a key exists in exactly one place.
 */
import { translatorOfLocale } from '../i18n/translator.js';
import { isLanguage, LANGUAGES } from '../i18n/languages.js';
import { COUNTRY_CODES } from '../../client/api/countries.js';
import { DELIVERY_TAX_RULES } from '../tax/vat.js';
import { bicProblem, ibanProblem } from './bank-account.js';
import { numberPatternProblem } from './invoice-number-pattern.js';

export type SettingValue = string | number | boolean;

interface SettingBase {
  label: string;
  /** One or two sentences for the manager: what the setting changes, and where it shows. */
  help: string;
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
  /**
   * A check that explains itself: what is wrong with the value in the manager's words (shown after the setting's label,
   * "IBAN: the check digits do not match; check the number"), or null when it is good.
   */
  check?: (value: string) => string | null;
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

const EMAIL = {
  test: (value: string) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  message: 'must be an e-mail address',
};
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
/** The codes of the storefront's languages, separated by commas (`en, de`); empty offers the shop's own alone. */
export function listedLanguages(value: string): string[] {
  return value
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);
}
const LANGUAGE_LIST = {
  test: (value: string) => listedLanguages(value).every(isLanguage),
  message: `must list language codes separated by commas, of ${LANGUAGES.join(', ')}`,
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

const num = (label: string, help: string, value: number, minimum: number, maximum: number): NumberSetting => ({
  type: 'number',
  label,
  help,
  default: value,
  minimum,
  maximum,
});
const bool = (label: string, help: string, value: boolean): BooleanSetting => ({
  type: 'boolean',
  label,
  help,
  default: value,
});
const int = (label: string, help: string, value: number, minimum: number, maximum: number): IntegerSetting => ({
  type: 'integer',
  label,
  help,
  default: value,
  minimum,
  maximum,
});
const text = (
  label: string,
  help: string,
  value: string,
  maxLength = 200,
  extra: Partial<StringSetting> = {},
): StringSetting => ({
  type: 'string',
  label,
  help,
  default: value,
  maxLength,
  ...extra,
});

export const CURRENCIES = ['PLN', 'EUR', 'USD', 'GBP', 'CZK', 'SEK', 'DKK', 'NOK', 'CHF', 'HUF', 'RON'] as const;

const generalSettings = {
  shop_name: text(
    'Shop name',
    'Shown in the header of every page and in the title of the browser tab.',
    'Vitrine Demo Shop',
    120,
  ),
  company_name: text(
    'Company name',
    'The legal name of the seller, shown in the legal pages and on orders.',
    'Vitrine Sp. z o.o.',
    200,
  ),
  company_address: text(
    'Company address',
    'The registered address of the seller, shown in the legal pages.',
    'ul. Przykładowa 1, 00-001 Warszawa',
    300,
  ),
  company_tax_id: text(
    'Tax id (NIP/VAT)',
    "The seller's tax number, shown in the legal pages and on orders. Leave empty if you have none.",
    '',
    32,
    { format: { test: (v) => /^[A-Z0-9 -]*$/i.test(v), message: 'may hold only letters, digits, spaces and hyphens' } },
  ),
  company_email: text(
    'Company e-mail',
    'Where customers can write; shown in the legal pages.',
    'shop@example.com',
    254,
    { format: EMAIL },
  ),
  notification_email: text(
    'Notifications e-mail',
    'Where the shop is told by e-mail about new orders, withdrawals, DSA notices and contact messages. Empty: the company e-mail.',
    '',
    254,
    { format: EMAIL },
  ),
  currency: text('Currency', 'The currency of every price in the shop.', 'PLN', 3, { enum: CURRENCIES }),
  locale: text('Locale', 'How prices, numbers and dates are written, for example pl-PL or en-GB.', 'pl-PL', 10, {
    format: LOCALE,
  }),
  storefront_languages: text(
    'Storefront languages',
    `The languages visitors may choose in the storefront's language switch, as codes separated by commas (${LANGUAGES.join(', ')}). The shop's own language (from the locale) is always offered, at the plain addresses; another one at addresses starting with its code, such as /en/shop. Empty: the shop's own language only.`,
    '',
    20,
    { format: LANGUAGE_LIST },
  ),
  timezone: text('Time zone', 'Dates in the API and the admin are shown in this time zone.', 'Europe/Warsaw', 64, {
    format: TIME_ZONE,
  }),
  legal_pages_enabled: bool(
    'Legal Pages module',
    'Lets the shop generate and link its terms, privacy, returns and complaints pages.',
    true,
  ),
  mail_per_recipient_limit: int(
    'E-mails anyone can cause, per address',
    'How many e-mails that anyone can make the shop send to an address they type (order confirmations of guest orders, DSA receipts, password-reset and registration links) one address gets within the time below. Further ones are held back and listed in the mail log, so that no one can flood an inbox through the shop.',
    5,
    1,
    1000,
  ),
  mail_per_recipient_window_minutes: int(
    'Time for that limit, in minutes',
    'The time the limit above counts over.',
    60,
    1,
    10_080,
  ),
  invoice_number_pattern: text(
    'Invoice numbers',
    'How VAT invoices are numbered: {year}, {month} and {day} of the issue date, and {n}, which runs 1, 2, 3 … without gaps and starts again when the rest of the number changes (every month with the default).',
    'FV/{year}/{month}/{n}',
    100,
    {
      format: {
        test: (v) => numberPatternProblem(v) === null,
        message: 'must contain {n} once and no other placeholders than {year}, {month} and {day}',
      },
    },
  ),
  correction_number_pattern: text(
    'Correction invoice numbers',
    'How correction invoices (faktura korygująca) are numbered, in the same way as invoices and apart from them.',
    'KOR/{year}/{month}/{n}',
    100,
    {
      format: {
        test: (v) => numberPatternProblem(v) === null,
        message: 'must contain {n} once and no other placeholders than {year}, {month} and {day}',
      },
    },
  ),
  invoice_issued_when: text(
    'Issue invoices when',
    'When a company order (one with a NIP) gets its VAT invoice: when it is paid, or as soon as it is placed.',
    'paid',
    10,
    { enum: ['paid', 'placed'] },
  ),
  invoice_payment_days: int(
    'Invoice payment term in days',
    'The due date printed on an invoice issued before it is paid, counted from its issue date.',
    7,
    0,
    365,
  ),
  invoice_exemption_basis: text(
    'Legal basis of VAT exemption',
    'Printed on invoices with exempt (zw) lines, as the law asks, e.g. "art. 113 ust. 1 ustawy o VAT".',
    'art. 43 ust. 1 ustawy o VAT',
    256,
  ),
} satisfies Record<string, SettingDefinition>;

const complianceSettings = {
  omnibus_enabled: bool(
    'Show the lowest price of the last days (Omnibus)',
    'Next to a sale price, shows the lowest price of the product in the look-back period.',
    true,
  ),
  omnibus_days: int(
    'Omnibus look-back in days',
    'How many days back the lowest price is looked for. The Omnibus Directive asks for at least 30.',
    30,
    1,
    365,
  ),
  gpsr_enabled: bool(
    'Product safety information (GPSR)',
    'Switches on the General Product Safety Regulation module: manufacturer and safety information for products.',
    true,
  ),
  withdrawal_enabled: bool(
    'Right of withdrawal',
    'Shows the withdrawal link in the footer and on orders, and accepts withdrawal requests.',
    true,
  ),
  withdrawal_days: int(
    'Withdrawal period in days',
    'How long after delivery a consumer may withdraw. The law asks for at least 14 days.',
    14,
    14,
    365,
  ),
  dsa_enabled: bool(
    'Digital Services Act notices',
    'Switches on the Digital Services Act module: the notices it asks of online platforms.',
    false,
  ),
  ksef_enabled: bool(
    'KSeF e-invoicing',
    'Whether the shop e-invoices through KSeF. Company buyers give their NIP at checkout either way.',
    false,
  ),
  greenwashing_enabled: bool(
    'Environmental claims checks',
    'Switches on the green-claims module: environmental claims in product texts that need evidence.',
    false,
  ),
} satisfies Record<string, SettingDefinition>;

const storefrontSettings = {
  show_ratings: bool('Show ratings', 'Shows the star rating on product cards and product pages.', true),
  show_stock_status: bool(
    'Show stock status',
    'Shows whether a product is in stock on product cards and product pages.',
    true,
  ),
  show_lowest_price: bool(
    'Show the lowest recent price next to sale prices',
    'Shows the lowest recent price next to sale prices on product cards.',
    true,
  ),
  prices_include_tax: bool('Prices include tax', 'Whether the prices you enter already include tax.', true),
  low_stock_threshold: int(
    'Low-stock threshold',
    'A product with this many or fewer items left is shown as low in stock.',
    5,
    0,
    10000,
  ),
  delivery_time: text(
    'Delivery time',
    'How soon a product ships when it gives no delivery time of its own, like "2–3 business days". Shown on product pages, in the cart and at checkout; empty shows none.',
    '2–3 business days',
    200,
  ),
  shipping_included: bool(
    'Prices include shipping',
    'When off, product pages say "plus shipping" next to the price, with a link to the shipping costs.',
    false,
  ),
} satisfies Record<string, SettingDefinition>;

const checkoutSettings = {
  guest_checkout: bool(
    'Allow guest checkout',
    'Lets customers order without an account. When off, they log in or register first.',
    true,
  ),
  guest_max_line_units: int(
    'Most items of one product per guest order',
    'How many of one product a shopper without an account may put in the cart and order at once.',
    10,
    1,
    999,
  ),
  guest_max_order_units: int(
    'Most items per guest order',
    'How many items in all a shopper without an account may order at once.',
    30,
    1,
    9999,
  ),
  unpaid_orders_per_source: int(
    'Unpaid orders per shopper',
    'How many bank-transfer orders one address, e-mail or browser may place within the days an unpaid order holds its stock; more are refused (paying on delivery stays open).',
    3,
    1,
    100,
  ),
  hold_unpaid_days: int(
    'Days an unpaid order holds its stock',
    'A bank-transfer order not paid within this many days is cancelled and its items go back on sale; the customer is reminded a day before. 0 never cancels.',
    3,
    0,
    60,
  ),
  hold_online_unpaid_minutes: int(
    'Minutes an unpaid online payment holds its stock',
    'An order to be paid online (Stripe, Przelewy24) whose payment is not confirmed within this many minutes is cancelled and its items go back on sale. 0 never cancels.',
    60,
    0,
    10_080,
  ),
  order_button_label: text(
    'Order button label',
    'The text of the button that places an order. The law asks that it says the order obliges to pay. Empty: the standard words in the language of the storefront ("Zamawiam z obowiązkiem zapłaty", "Order with obligation to pay").',
    '',
    80,
  ),
  show_withdrawal_notice: bool(
    'Show the withdrawal notice at checkout',
    'Shows the notice about the right of withdrawal above the order button.',
    true,
  ),
  min_order_amount: int(
    'Minimum order amount (main currency unit)',
    'Orders below this amount cannot be placed. 0 means no minimum.',
    0,
    0,
    1_000_000,
  ),
  default_country: text(
    'Default country',
    'The country the checkout starts with and the cart estimates shipping for (ISO 3166 code, like PL).',
    'PL',
    2,
    { enum: COUNTRY_CODES },
  ),
  shipping_tax_rule: text(
    'VAT on delivery',
    'Delivery and fees are taxed at the rates of the goods: "proportional" splits them among the goods\' rates by their value (the usual Polish practice for a parcel of mixed rates), "highest" taxes them at the highest rate among the goods.',
    'proportional',
    20,
    { enum: DELIVERY_TAX_RULES },
  ),
  oss_enabled: bool(
    'One-Stop Shop (OSS)',
    "Consumers in other EU countries pay their own country's VAT rate (the shop's rates for that country), declared in the OSS return. Off: they pay Polish VAT, as below the EU's EUR 10,000 threshold. Companies with a valid EU VAT number pay 0% either way.",
    false,
  ),
  cod_fee: num(
    'Cash on delivery fee',
    'Added to the order as a fee when the customer pays on delivery, and shown before the order button. 0 means no fee.',
    0,
    0,
    10_000,
  ),
  bank_account_holder: text(
    'Bank account holder',
    'Whose account bank-transfer orders are paid to; shown on the order confirmation with the IBAN.',
    '',
    140,
  ),
  bank_iban: text(
    'IBAN',
    'The account bank-transfer orders are paid to, like PL61 1090 1014 0000 0712 1981 2874. Shown in groups of four on the order confirmation.',
    '',
    42,
    { check: ibanProblem },
  ),
  bank_bic: text('BIC (SWIFT)', "The bank's code for transfers from abroad, like WBKPPLPP.", '', 11, {
    check: bicProblem,
  }),
  bank_name: text('Bank name', 'Shown with the account on the order confirmation.', '', 140),
} satisfies Record<string, SettingDefinition>;

/**
 * Each group's settings by key. The definitions keep their exact kinds (the helpers above return BooleanSetting,
 * IntegerSetting, ...), which is what lets {@link SettingsData} give every key its value's type.
 */
const GROUP_SETTINGS = {
  general: generalSettings,
  compliance: complianceSettings,
  storefront: storefrontSettings,
  checkout: checkoutSettings,
} as const satisfies Record<SettingsGroupId, Record<string, SettingDefinition>>;

interface ValueOfType {
  boolean: boolean;
  integer: number;
  number: number;
  string: string;
}

/** The value a definition holds, by its `type`. */
export type SettingValueOf<D extends SettingDefinition> = ValueOfType[D['type']];

type ValuesOf<S extends Record<string, SettingDefinition>> = { [K in keyof S]: SettingValueOf<S[K]> };

/**
 * Every setting's value, typed from its definition: `settings.checkout.cod_fee` is a number, `settings.general.locale`
 * a string.
 */
export type SettingsData = { [G in SettingsGroupId]: ValuesOf<(typeof GROUP_SETTINGS)[G]> };

/**
 * The settings as code that walks the schema by key at run time sees them (the store filling defaults, the update
 * that validated each value against its definition): only there is a key a string and a value any setting's type.
 */
export type SettingsByKey = Record<SettingsGroupId, Record<string, SettingValue>>;

export const SETTINGS_GROUPS: readonly SettingsGroupDefinition[] = [
  {
    id: 'general',
    label: 'General',
    description: 'Shop identity, company data, currency, locale and time zone.',
    settings: GROUP_SETTINGS.general,
  },
  {
    id: 'compliance',
    label: 'Compliance',
    description: 'EU consumer-law modules: Omnibus price history, GPSR, withdrawal, DSA, KSeF, green claims.',
    settings: GROUP_SETTINGS.compliance,
  },
  {
    id: 'storefront',
    label: 'Storefront',
    description: 'What shoppers see on product lists and product pages.',
    settings: GROUP_SETTINGS.storefront,
  },
  {
    id: 'checkout',
    label: 'Checkout',
    description: 'Order form behaviour and the texts a consumer must see before paying.',
    settings: GROUP_SETTINGS.checkout,
  },
];

export function findSettingsGroup(id: string): SettingsGroupDefinition | undefined {
  return SETTINGS_GROUPS.find((group) => group.id === id);
}

/**
 * The sentence that refuses `value` for the setting `key`, or null when it is valid: `omnibus_days must be an integer
 * from 1 to 365.`, or for a setting that explains itself, `IBAN: the check digits do not match; check the number.`
 */
export function settingProblem(key: string, definition: SettingDefinition, value: unknown): string | null {
  const problem = checkSettingValue(definition, value);
  if (!problem) return null;
  const explained =
    definition.type === 'string' &&
    definition.check &&
    typeof value === 'string' &&
    definition.check(value) === problem;
  return explained ? `${definition.label}: ${problem}.` : `${key} ${problem}.`;
}

/** The default value of every key of every group. */
export function defaultSettings(): SettingsData {
  const data = {} as SettingsByKey;
  for (const group of SETTINGS_GROUPS) {
    data[group.id] = Object.fromEntries(Object.entries(group.settings).map(([key, def]) => [key, def.default]));
  }
  // Each key's default is of its definition's type, so the whole is typed as the schema says.
  const settings = data as SettingsData;
  // A new shop's own words start in the language of its locale; what is stored later stays as the manager wrote it.
  settings.storefront.delivery_time = translatorOfLocale(settings.general.locale).t('seed.deliveryTime');
  return settings;
}

/**
 * Stored settings whose value is not of its definition's type, e.g. `checkout.cod_fee is "5", not a number`. Values are
 * checked whole when saved; this catches a data file or row edited by hand, which the typed settings would otherwise
 * carry as the wrong type into every handler. Bounds are not checked here: a value saved under older bounds still
 * reads.
 */
export function mistypedSettings(settings: SettingsByKey): string[] {
  const problems: string[] = [];
  for (const group of SETTINGS_GROUPS) {
    const values = settings[group.id];
    for (const [key, definition] of Object.entries(group.settings)) {
      if (!Object.hasOwn(values, key)) continue;
      const value = values[key];
      const expected = definition.type === 'integer' ? 'number' : definition.type;
      if (typeof value !== expected) problems.push(`${group.id}.${key} is ${JSON.stringify(value)}, not a ${expected}`);
    }
  }
  return problems;
}

/**
 * Checks one value against its definition.
 * @returns null when valid, otherwise a sentence fragment saying what is wrong, e.g. `must be an integer from 1 to
 * 365`.
 */
export function checkSettingValue(definition: SettingDefinition, value: unknown): string | null {
  switch (definition.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'integer':
    case 'number': {
      const kind = definition.type === 'integer' ? 'an integer' : 'a number';
      const rightType =
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (definition.type === 'number' || Number.isInteger(value));
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
      return definition.check?.(value) ?? null;
  }
}
