/**
 * The shop's shipping zones in WooCommerce's shapes (its shipping zones, locations and zone methods controllers):
 * each zone in the order the checkout tries them, its countries as `country` locations, its methods with their
 * settings as WooCommerce's settings forms list them (money as strings). WooCommerce always has the zone 0,
 * "Locations not covered by your other zones"; here it has no methods, since the shop does not ship outside its zones.
 */
import type { ShippingMethod, ShippingMethodType, ShippingZone } from '../../client/api/shipping.js';
import type {
  WcFormSetting,
  WcShippingZone,
  WcShippingZoneLocation,
  WcShippingZoneMethod,
} from '../../client/api/wc-store.js';
import { currencyDecimals } from './wc-order-shape.js';
import { invalidShippingMethod, invalidShippingZone } from './wc-errors.js';

export const REST_OF_WORLD: WcShippingZone = { id: 0, name: 'Locations not covered by your other zones', order: 0 };

/** WooCommerce's names and descriptions of its core methods, which the shop's method types are. */
export const WC_SHIPPING_METHODS: Record<ShippingMethodType, { title: string; description: string }> = {
  flat_rate: { title: 'Flat rate', description: 'Lets you charge a fixed rate for shipping.' },
  free_shipping: {
    title: 'Free shipping',
    description: 'Free shipping is a special method which can be triggered with coupons and minimum spends.',
  },
  local_pickup: {
    title: 'Local pickup',
    description:
      'Allow customers to pick up orders themselves. By default, when using local pickup store base taxes will apply regardless of customer address.',
  },
};

export const wcShippingZone = (zone: ShippingZone, index: number): WcShippingZone => ({
  id: zone.id,
  name: zone.name,
  order: index + 1,
});

export const wcZoneLocations = (zone: ShippingZone | null): WcShippingZoneLocation[] =>
  (zone?.countries ?? []).map((code) => ({ code, type: 'country' }));

/** The zone of `id`: null for the zone 0. */
export function zoneById(zones: readonly ShippingZone[], id: number): ShippingZone | null {
  if (id === 0) return null;
  const zone = zones.find((candidate) => candidate.id === id);
  if (!zone) throw invalidShippingZone();
  return zone;
}

export function methodById(zone: ShippingZone | null, instanceId: number): { method: ShippingMethod; index: number } {
  const index = zone ? zone.methods.findIndex((method) => method.id === instanceId) : -1;
  if (!zone || index === -1) throw invalidShippingMethod();
  return { method: zone.methods[index]!, index };
}

function formSetting(
  id: string,
  label: string,
  type: string,
  value: string,
  fallback: string,
  description = '',
  options?: Record<string, string>,
): WcFormSetting {
  return {
    id,
    label,
    description,
    type,
    value,
    default: fallback,
    tip: description,
    placeholder: '',
    ...(options ? { options } : {}),
  };
}

const TAX_STATUS = { taxable: 'Taxable', none: 'None' };
const REQUIRES = {
  '': 'N/A',
  coupon: 'A valid free shipping coupon',
  min_amount: 'A minimum order amount',
  either: 'A minimum order amount OR a coupon',
  both: 'A minimum order amount AND a coupon',
};

function methodSettings(method: ShippingMethod, money: (amount: number) => string): Record<string, WcFormSetting> {
  const title = formSetting(
    'title',
    'Method title',
    'text',
    method.title,
    WC_SHIPPING_METHODS[method.type].title,
    'This controls the title which the user sees during checkout.',
  );
  if (method.type === 'free_shipping') {
    return {
      title,
      requires: formSetting(
        'requires',
        'Free shipping requires...',
        'select',
        method.min_amount > 0 ? 'min_amount' : '',
        '',
        '',
        REQUIRES,
      ),
      min_amount: formSetting(
        'min_amount',
        'Minimum order amount',
        'price',
        money(method.min_amount),
        '0',
        'Users will need to spend this amount to get free shipping (if enabled above).',
      ),
      ignore_discounts: formSetting(
        'ignore_discounts',
        'Coupons discounts',
        'checkbox',
        'no',
        'no',
        'Free shipping would be applied before coupon discount.',
      ),
    };
  }
  return {
    title,
    tax_status: formSetting(
      'tax_status',
      'Tax status',
      'select',
      method.tax_status ?? 'taxable',
      'taxable',
      '',
      TAX_STATUS,
    ),
    cost: formSetting('cost', 'Cost', 'text', money(method.cost), '0', 'The cost of the method, tax included.'),
  };
}

export function wcZoneMethod(method: ShippingMethod, index: number, currency: string): WcShippingZoneMethod {
  const decimals = currencyDecimals(currency);
  const wc = WC_SHIPPING_METHODS[method.type];
  return {
    id: method.id,
    instance_id: method.id,
    title: method.title,
    order: index + 1,
    enabled: true,
    method_id: method.type,
    method_title: wc.title,
    method_description: wc.description,
    settings: methodSettings(method, (amount) => amount.toFixed(decimals)),
  };
}
