/**
 * `wc/v3/settings`: the groups and settings WooCommerce tools read (`general`, `products`), under WooCommerce's ids
 * and in its setting shape, each mapped to the shop's setting where it has one (wc-shop-settings.ts) or following
 * from how the shop works. The shop keeps its address as one line (`company_address`): it is
 * `woocommerce_store_address`, and the city, postcode and second line are empty.
 */
import { COUNTRY_CODES, countryName } from '../../client/api/countries.js';
import type { WcSetting, WcSettingGroup } from '../../client/api/wc-store.js';
import { CURRENCIES } from '../store/settings-schema.js';
import type { SiteData } from '../store/schema.js';
import { invalidSetting, invalidSettingGroup } from './wc-errors.js';
import { currencyDecimals } from './wc-order-shape.js';
import { numeric, wcDefault, wcValue, yesNo, type SettingSource } from './wc-shop-settings.js';

export interface WcSettingDefinition {
  id: string;
  label: string;
  description: string;
  type: WcSetting['type'];
  options?: Record<string, string>;
  source: SettingSource;
}

interface WcSettingsGroupDefinition extends Omit<WcSettingGroup, 'sub_groups' | 'parent_id'> {
  settings: WcSettingDefinition[];
}

const currencyOf = (site: Readonly<SiteData>) => String(site.settings.general?.currency ?? 'PLN');
const localeOf = (site: Readonly<SiteData>) => String(site.settings.general?.locale ?? 'pl-PL');

/** A part of a price as the shop's locale writes it (its separators, where the symbol goes). */
function priceParts(site: Readonly<SiteData>): Intl.NumberFormatPart[] {
  try {
    return new Intl.NumberFormat(localeOf(site), { style: 'currency', currency: currencyOf(site) }).formatToParts(
      12345.5,
    );
  } catch {
    return new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).formatToParts(12345.5);
  }
}

/** WooCommerce's `woocommerce_currency_pos` of the way the locale writes prices: `1 234,50 zł` is `right_space`. */
function currencyPosition(site: Readonly<SiteData>): string {
  const parts = priceParts(site).map((part) => part.type);
  const symbol = parts.indexOf('currency');
  const before = symbol < parts.indexOf('integer');
  const spaced = parts[before ? symbol + 1 : symbol - 1] === 'literal';
  return `${before ? 'left' : 'right'}${spaced ? '_space' : ''}`;
}

const separator = (type: 'group' | 'decimal') => (site: Readonly<SiteData>) =>
  priceParts(site).find((part) => part.type === type)?.value ?? '';

const fromLocale = (value: (site: Readonly<SiteData>) => string): SettingSource => ({
  fixed: { value, why: "it follows from the shop's locale (general.locale)" },
});
const fixedText = (text: string, why: string): SettingSource => ({ fixed: { value: () => text, why } });
const names = (codes: readonly string[], name: (code: string) => string) =>
  Object.fromEntries(codes.map((code) => [code, name(code)]));

function currencyName(code: string): string {
  try {
    return `${new Intl.DisplayNames('en', { type: 'currency' }).of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}

const ADDRESS_IN_ONE_LINE = 'the shop keeps its address in one line, woocommerce_store_address';

const GROUPS: readonly WcSettingsGroupDefinition[] = [
  {
    id: 'general',
    label: 'General',
    description: "The shop's address, selling location and currency.",
    settings: [
      {
        id: 'woocommerce_store_address',
        label: 'Address line 1',
        description: 'The address of your business (here the whole address, in one line).',
        type: 'text',
        source: { kept: { group: 'general', key: 'company_address' } },
      },
      {
        id: 'woocommerce_store_address_2',
        label: 'Address line 2',
        description: 'An additional, optional address line for your business location.',
        type: 'text',
        source: fixedText('', ADDRESS_IN_ONE_LINE),
      },
      {
        id: 'woocommerce_store_city',
        label: 'City',
        description: 'The city in which your business is located.',
        type: 'text',
        source: fixedText('', ADDRESS_IN_ONE_LINE),
      },
      {
        id: 'woocommerce_default_country',
        label: 'Country / State',
        description: 'The country in which your business is located (here: the country the checkout starts with).',
        type: 'single_select_country',
        options: names(COUNTRY_CODES, (code) => countryName(code, 'en')),
        // WooCommerce writes a state after a colon (`US:CA`); the shop knows countries only.
        source: {
          kept: {
            group: 'checkout',
            key: 'default_country',
            fromWc: (value) => (typeof value === 'string' ? value.split(':')[0] : value),
          },
        },
      },
      {
        id: 'woocommerce_store_postcode',
        label: 'Postcode / ZIP',
        description: 'The postal code, if any, in which your business is located.',
        type: 'text',
        source: fixedText('', ADDRESS_IN_ONE_LINE),
      },
      {
        id: 'woocommerce_currency',
        label: 'Currency',
        description:
          'This controls what currency prices are listed at in the catalog and which currency gateways will take payments in.',
        type: 'select',
        options: names(CURRENCIES, currencyName),
        source: { kept: { group: 'general', key: 'currency' } },
      },
      {
        id: 'woocommerce_currency_pos',
        label: 'Currency position',
        description: 'This controls the position of the currency symbol.',
        type: 'select',
        options: { left: 'Left', right: 'Right', left_space: 'Left with space', right_space: 'Right with space' },
        source: fromLocale(currencyPosition),
      },
      {
        id: 'woocommerce_price_thousand_sep',
        label: 'Thousand separator',
        description: 'This sets the thousand separator of displayed prices.',
        type: 'text',
        source: fromLocale(separator('group')),
      },
      {
        id: 'woocommerce_price_decimal_sep',
        label: 'Decimal separator',
        description: 'This sets the decimal separator of displayed prices.',
        type: 'text',
        source: fromLocale(separator('decimal')),
      },
      {
        id: 'woocommerce_price_num_decimals',
        label: 'Number of decimals',
        description: 'This sets the number of decimal points shown in displayed prices.',
        type: 'number',
        source: {
          fixed: {
            value: (site) => String(currencyDecimals(currencyOf(site))),
            why: 'it follows from the currency (woocommerce_currency)',
          },
        },
      },
    ],
  },
  {
    id: 'products',
    label: 'Products',
    description: 'Units, stock and reviews.',
    settings: [
      {
        id: 'woocommerce_weight_unit',
        label: 'Weight unit',
        description: 'This controls what unit you will define weights in.',
        type: 'select',
        options: { kg: 'kg', g: 'g', lbs: 'lbs', oz: 'oz' },
        source: fixedText('kg', 'the shop keeps weights in kilograms'),
      },
      {
        id: 'woocommerce_dimension_unit',
        label: 'Dimensions unit',
        description: 'This controls what unit you will define lengths in.',
        type: 'select',
        options: { m: 'm', cm: 'cm', mm: 'mm', in: 'in', yd: 'yd' },
        source: fixedText('cm', 'the shop keeps dimensions in centimetres'),
      },
      {
        id: 'woocommerce_manage_stock',
        label: 'Manage stock',
        description: 'Enable stock management.',
        type: 'checkbox',
        source: fixedText('yes', 'the shop always counts stock'),
      },
      {
        id: 'woocommerce_notify_low_stock_amount',
        label: 'Low stock threshold',
        description: 'When product stock reaches this amount it is shown as low in stock.',
        type: 'number',
        source: { kept: { group: 'storefront', key: 'low_stock_threshold', ...numeric } },
      },
      {
        id: 'woocommerce_enable_review_rating',
        label: 'Star ratings',
        description: 'Enable star rating on reviews.',
        type: 'checkbox',
        source: { kept: { group: 'storefront', key: 'show_ratings', ...yesNo } },
      },
    ],
  },
];

export const wcSettingGroups = (): WcSettingGroup[] =>
  GROUPS.map(({ id, label, description }) => ({ id, label, description, parent_id: '', sub_groups: [] }));

export function settingGroup(id: string): WcSettingsGroupDefinition {
  const group = GROUPS.find((candidate) => candidate.id === id);
  if (!group) throw invalidSettingGroup();
  return group;
}

export function settingOf(groupId: string, id: string): WcSettingDefinition {
  const setting = settingGroup(groupId).settings.find((candidate) => candidate.id === id);
  if (!setting) throw invalidSetting();
  return setting;
}

export function wcSetting(definition: WcSettingDefinition, groupId: string, site: Readonly<SiteData>): WcSetting {
  return {
    id: definition.id,
    label: definition.label,
    description: definition.description,
    type: definition.type,
    default: wcDefault(definition.source, site),
    tip: definition.description,
    value: wcValue(site, definition.source),
    group_id: groupId,
    ...(definition.options ? { options: definition.options } : {}),
  };
}
