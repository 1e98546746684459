/**
 * `wc/v3/orders` in WooCommerce's shapes (its orders controller, version 2 and 3): money as strings with the
 * currency's decimals, dates in the shop's wall-clock time with `_gmt` twins, addresses with WooCommerce's field
 * names. Lists are paged: their totals come in the `X-WP-Total` and `X-WP-TotalPages` headers.
 */
import type { OrderStatus } from './orders.js';

export interface WcBillingAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  email: string;
  phone: string;
}

export type WcShippingAddress = Omit<WcBillingAddress, 'email'>;

export interface WcMetaData {
  id: number;
  key: string;
  value: string;
  display_key: string;
  display_value: string;
}

/** A meta datum of the order itself (WooCommerce gives order meta without the display fields of a line's). */
export type WcOrderMetaData = Pick<WcMetaData, 'id' | 'key' | 'value'>;
/** One rate's tax inside a line: `subtotal` is '' on delivery and fees, as WooCommerce answers. */
export interface WcItemTax {
  id: number;
  total: string;
  subtotal: string;
}

export interface WcLineItem {
  id: number;
  name: string;
  product_id: number;
  /** 0 for a simple product. */
  variation_id: number;
  quantity: number;
  tax_class: string;
  subtotal: string;
  subtotal_tax: string;
  total: string;
  total_tax: string;
  taxes: WcItemTax[];
  /** The chosen attributes of a variation (`pa_size` = `M`). */
  meta_data: WcMetaData[];
  sku: string;
  /** Unit price: a number, as WooCommerce answers it. */
  price: number;
  image: { id: number; src: string };
  parent_name: string | null;
}

export interface WcShippingLine {
  id: number;
  method_title: string;
  method_id: string;
  instance_id: string;
  total: string;
  total_tax: string;
  taxes: WcItemTax[];
  meta_data: WcMetaData[];
}

export interface WcFeeLine {
  id: number;
  name: string;
  tax_class: string;
  tax_status: string;
  total: string;
  total_tax: string;
  taxes: WcItemTax[];
  meta_data: WcMetaData[];
}

/** One rate of an order (WooCommerce's `tax_lines` item). */
export interface WcTaxLine {
  id: number;
  rate_code: string;
  rate_id: number;
  label: string;
  compound: boolean;
  /** The tax on the goods and fees. */
  tax_total: string;
  shipping_tax_total: string;
  rate_percent: number;
  meta_data: WcMetaData[];
}

export interface WcOrder {
  id: number;
  parent_id: number;
  /** What the customer is told, e.g. `VT-000042`. */
  number: string;
  order_key: string;
  created_via: string;
  version: string;
  status: OrderStatus;
  currency: string;
  currency_symbol: string;
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  discount_total: string;
  discount_tax: string;
  shipping_total: string;
  shipping_tax: string;
  cart_tax: string;
  total: string;
  total_tax: string;
  prices_include_tax: boolean;
  /** 0 for a guest. */
  customer_id: number;
  customer_ip_address: string;
  customer_user_agent: string;
  customer_note: string;
  billing: WcBillingAddress;
  shipping: WcShippingAddress;
  payment_method: string;
  payment_method_title: string;
  transaction_id: string;
  date_paid: string | null;
  date_paid_gmt: string | null;
  date_completed: string | null;
  date_completed_gmt: string | null;
  cart_hash: string;
  meta_data: WcOrderMetaData[];
  line_items: WcLineItem[];
  tax_lines: WcTaxLine[];
  shipping_lines: WcShippingLine[];
  fee_lines: WcFeeLine[];
  coupon_lines: WcCouponLine[];
  /** Newest first; `total` is negative, as WooCommerce answers it. */
  refunds: WcOrderRefundSummary[];
  set_paid: boolean;
}

/** A coupon the order used: what it took off without tax (`discount`) and the tax of that. */
export interface WcCouponLine {
  id: number;
  code: string;
  discount: string;
  discount_tax: string;
  meta_data: WcOrderMetaData[];
}

export interface WcOrderNote {
  id: number;
  author: string;
  date_created: string;
  date_created_gmt: string;
  note: string;
  customer_note: boolean;
}

/** A refund as the order's `refunds` list names it. */
export interface WcOrderRefundSummary {
  id: number;
  reason: string;
  /** Negative: `-12.30`. */
  total: string;
}

/** One item of a refund: amounts and quantity negative, `_refunded_item_id` naming the order's item. */
export interface WcRefundItem {
  id: number;
  name: string;
  quantity: number;
  total: string;
  total_tax: string;
  taxes: WcItemTax[];
  meta_data: WcOrderMetaData[];
  /** What was refunded of the item, without tax (positive), as WooCommerce's refunds add it. */
  refund_total: number;
}

export interface WcRefundLineItem extends WcRefundItem {
  product_id: number;
  variation_id: number;
  tax_class: string;
  subtotal: string;
  subtotal_tax: string;
  sku: string;
  price: number;
}

/** `wc/v3/orders/{order_id}/refunds/{id}`. */
export interface WcOrderRefund {
  id: number;
  date_created: string;
  date_created_gmt: string;
  /** Positive: what was paid back. */
  amount: string;
  reason: string;
  /** The user who refunded, 0 for the shop itself. */
  refunded_by: number;
  /** Whether the money is to go back through the payment gateway. */
  refunded_payment: boolean;
  meta_data: WcOrderMetaData[];
  line_items: WcRefundLineItem[];
  shipping_lines: WcRefundItem[];
  fee_lines: WcRefundItem[];
  /** The refund's VAT per rate (negative), as its order's `tax_lines` name the rates. */
  tax_lines: (Omit<WcTaxLine, 'shipping_tax_total'> & { shipping_tax_total: string })[];
}
