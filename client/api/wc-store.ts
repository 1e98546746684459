/**
 * `wc/v3`'s customers, shipping zones, payment gateways and settings in WooCommerce's shapes (its version 2 and 3
 * controllers), so that a connector's types match what it reads: money as strings, booleans of settings as
 * `yes`/`no`, dates in the shop's wall-clock time with `_gmt` twins.
 */
import type { WcBillingAddress, WcShippingAddress } from './wc-orders.js';

export interface WcCustomer {
  id: number;
  date_created: string;
  date_created_gmt: string;
  /** The shop keeps no modification time of an account: null, as WooCommerce answers for one never changed. */
  date_modified: string | null;
  date_modified_gmt: string | null;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  username: string;
  billing: WcBillingAddress;
  shipping: WcShippingAddress;
  is_paying_customer: boolean;
  avatar_url: string;
  meta_data: { id: number; key: string; value: string }[];
}

export interface WcShippingZone {
  id: number;
  name: string;
  order: number;
}

export interface WcShippingZoneLocation {
  code: string;
  type: 'country' | 'state' | 'postcode' | 'continent';
}

/** One field of a method's or gateway's settings form, as WooCommerce lists it. */
export interface WcFormSetting {
  id: string;
  label: string;
  description: string;
  type: string;
  value: string;
  default: string;
  tip: string;
  placeholder: string;
  options?: Record<string, string>;
}

export interface WcShippingZoneMethod {
  id: number;
  instance_id: number;
  title: string;
  order: number;
  enabled: boolean;
  method_id: string;
  method_title: string;
  method_description: string;
  settings: Record<string, WcFormSetting>;
}

export interface WcPaymentGateway {
  id: string;
  title: string;
  description: string;
  order: number;
  enabled: boolean;
  method_title: string;
  method_description: string;
  method_supports: string[];
  settings: Record<string, WcFormSetting>;
}

export interface WcSettingGroup {
  id: string;
  label: string;
  description: string;
  parent_id: string;
  sub_groups: string[];
}

export interface WcSetting {
  id: string;
  label: string;
  description: string;
  type: 'text' | 'email' | 'number' | 'select' | 'checkbox' | 'single_select_country' | 'textarea';
  default: string;
  tip: string;
  value: string;
  group_id: string;
  options?: Record<string, string>;
}
