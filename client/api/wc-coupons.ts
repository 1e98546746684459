/** `wc/v3/coupons`: a coupon in WooCommerce's shape. Amounts are decimal strings, dates in the shop's time and in GMT. */
export interface WcCoupon {
  id: number;
  code: string;
  /** `10.00`: a percent for `percent`, money otherwise. */
  amount: string;
  status: 'publish';
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  discount_type: 'percent' | 'fixed_cart' | 'fixed_product';
  description: string;
  date_expires: string | null;
  date_expires_gmt: string | null;
  usage_count: number;
  individual_use: boolean;
  product_ids: number[];
  excluded_product_ids: number[];
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  limit_usage_to_x_items: number | null;
  free_shipping: boolean;
  product_categories: number[];
  excluded_product_categories: number[];
  exclude_sale_items: boolean;
  /** '0.00' when there is no bound. */
  minimum_amount: string;
  maximum_amount: string;
  email_restrictions: string[];
  used_by: string[];
  /** Vitrine's own: the shop advertises it to everyone (the Omnibus rule applies to it). */
  meta_data: { id: number; key: string; value: unknown }[];
}

/** The meta key of a coupon's "advertised to everyone" flag. */
export const ADVERTISED_META_KEY = '_vitrine_advertised';
