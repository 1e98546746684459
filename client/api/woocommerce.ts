/**
 * `wc/v3` in WooCommerce's shapes, for the admin's products screen as for ERP and PIM connectors: prices as strings
 * with two decimals ('' when absent), dates in the shop's wall-clock time with `_gmt` twins. Lists are paged: their
 * totals come in the `X-WP-Total` and `X-WP-TotalPages` headers.
 */

/** What a write and the list's filter accept; answers hold `instock` or `outofstock`. */
export type WcStockStatus = 'instock' | 'outofstock' | 'onbackorder';

/**
 * WooCommerce's product statuses: only `publish` is shown to shoppers; `draft`, `pending` (awaiting review) and
 * `private` are seen by shop managers alone.
 */
export const PRODUCT_STATUSES = ['publish', 'draft', 'pending', 'private'] as const;
export type WcProductStatus = (typeof PRODUCT_STATUSES)[number];

export interface WcTerm {
  id: number;
  name: string;
  slug: string;
}

/** What a simple product and a variation share: the fields the quick edit changes. */
export interface WcPriced {
  id: number;
  sku: string;
  permalink: string;
  price: string;
  regular_price: string;
  sale_price: string;
  /** `2026-05-01T00:00:00`, or null. */
  date_on_sale_from: string | null;
  date_on_sale_from_gmt: string | null;
  date_on_sale_to: string | null;
  date_on_sale_to_gmt: string | null;
  on_sale: boolean;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: Exclude<WcStockStatus, 'onbackorder'>;
  /** Ours: the Omnibus reference price of an item on sale, or null. */
  omnibus_price: string | null;
}

/** A product; a variable one has no prices or stock of its own (its variations do). */
export interface WcProduct extends WcPriced {
  name: string;
  slug: string;
  date_created: string | null;
  date_created_gmt: string | null;
  type: 'simple' | 'variable';
  status: WcProductStatus;
  description: string;
  short_description: string;
  total_sales: number;
  average_rating: string;
  rating_count: number;
  categories: WcTerm[];
  tags: WcTerm[];
  brands: WcTerm[];
  images: { id: number; src: string; name: string; alt: string; position: number }[];
  attributes: { id: number; name: string; slug: string; position: number; visible: boolean; variation: boolean; options: string[] }[];
  /** The variations' ids. */
  variations: number[];
  meta_data: { key: string; value: string }[];
}

export interface WcVariation extends WcPriced {
  parent_id: number;
  status: 'publish';
  /** One term per attribute. */
  attributes: { id: number; name: string; slug: string; option: string }[];
}

export interface WcCategory {
  id: number;
  name: string;
  slug: string;
  /** 0 for a top-level category. */
  parent: number;
  description: string;
  display: 'default';
  image: null;
  menu_order: number;
  /** Products in the category itself. */
  count: number;
}
