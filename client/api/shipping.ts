/**
 * Shipping zones as `vitrine/v1/shipping/zones` answers and accepts them, and as the store keeps them. A zone is a list
 * of countries and the methods offered there, in the order the checkout lists them; a country belongs to at most one
 * zone. Money is in the shop currency's main unit, two decimals.
 */

/** WooCommerce's method ids, which orders carry as `shipping_lines[].method_id`. */
export const SHIPPING_METHOD_TYPES = ['flat_rate', 'free_shipping', 'local_pickup'] as const;
export type ShippingMethodType = (typeof SHIPPING_METHOD_TYPES)[number];

export interface ShippingMethod {
  /** Unique across all zones (WooCommerce's `instance_id`): what the checkout's choice and an order line name. */
  id: number;
  type: ShippingMethodType;
  /** What the shopper reads, e.g. "Courier" or "Pickup in our Warsaw shop". */
  title: string;
  /** The price of a flat rate or a local pickup; 0 for free shipping. */
  cost: number;
  /** Free shipping only: offered when the goods cost at least this much (0: always). */
  min_amount: number;
  /** WooCommerce's tax status: `none` charges no VAT on it; absent: `taxable`, at the goods' rates. */
  tax_status?: 'none';
}

export interface ShippingZone {
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2 codes (client/api/countries.ts). */
  countries: string[];
  methods: ShippingMethod[];
}

/** `GET` and `PUT /vitrine/v1/shipping/zones`: the whole list, saved at once. */
export interface ShippingZones {
  zones: ShippingZone[];
}

/** Whether the customer collects the order (local pickup) rather than having it delivered: it is paid on collection. */
export const collectedByCustomer = (shippingLines: readonly Pick<ShippingLine, 'method_id'>[]): boolean =>
  shippingLines.some((line) => line.method_id === 'local_pickup');

/** What an order records of its shipping (WooCommerce's `shipping_lines` item). */
export interface ShippingLine {
  method_id: ShippingMethodType;
  /** The zone method it was chosen from. */
  instance_id: number;
  method_title: string;
  total: number;
}

/** A fee added to an order (WooCommerce's `fee_lines` item), e.g. the cash-on-delivery fee. */
export interface FeeLine {
  name: string;
  total: number;
}
