/**
 * `wc/v3` in WooCommerce's shapes, for the admin's products screen as for ERP and PIM connectors: prices as strings
 * with two decimals ('' when absent), dates in the shop's wall-clock time with `_gmt` twins. Lists are paged: their
 * totals come in the `X-WP-Total` and `X-WP-TotalPages` headers.
 */

/** WooCommerce's stock statuses: `onbackorder` is an item sold beyond its stock (or set so when not tracked). */
export type WcStockStatus = 'instock' | 'outofstock' | 'onbackorder';

/** Whether a tracked item sells on at 0: `notify` also tells the shopper it is "available on backorder". */
export type WcBackorders = 'no' | 'notify' | 'yes';

/** WooCommerce's stock fields of a simple product or a variation; `stock_quantity` is null when not tracked. */
export interface WcStockFields {
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: WcStockStatus;
  backorders: WcBackorders;
  backorders_allowed: boolean;
  /** The item is on backorder now. */
  backordered: boolean;
}

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

/** `GET /products/tags` and `/products/brands`: this shop keeps tags and brands by name, so their id is 0. */
export interface WcNamedTerm extends WcTerm {
  /** Products filed under it. */
  count: number;
}

/**
 * `GET /products/attributes`: the attributes the shop knows (each a filter source). `id` is the attribute's place in
 * the shop's list, from 1; its terms are at `/products/attributes/{id}/terms` (WcNamedTerm, by name).
 */
export interface WcAttribute {
  id: number;
  /** The label shown to shoppers, e.g. `Colour`. */
  name: string;
  /** `pa_` and the attribute's name, e.g. `pa_color`. */
  slug: string;
  type: 'select';
  order_by: 'menu_order';
  has_archives: false;
}

/** An image of a product or a variation: `src` an absolute address, `alt` its text alternative ('' when none). */
export interface WcImage {
  id: number;
  src: string;
  name: string;
  alt: string;
}

/** WooCommerce's `dimensions`, in centimetres as strings ('' when not given). */
export interface WcDimensions {
  length: string;
  width: string;
  height: string;
}

/**
 * What WooCommerce core has no field for, kept in `meta_data` under these keys (checked on every write):
 * the delivery time as the shop says it ("2-3 working days"), and the unit price's unit and the quantity of that unit
 * in the pack (a 500 g bag: `kg` and `0.5`), from which a price per unit is shown ("39,00 zł / 1 kg").
 */
export const SALES_META_KEYS = {
  deliveryTime: 'delivery_time',
  unitPriceUnit: 'unit_price_unit',
  unitPriceQuantity: 'unit_price_quantity',
  /** Optional: the quantity the unit price is given for ("/ 100 g": 100); absent, 100 for g and ml, 1 otherwise. */
  unitPriceReference: 'unit_price_reference',
} as const;

/**
 * A product's safety information under the General Product Safety Regulation (EU) 2023/988, article 19, kept in
 * `meta_data` under these keys (server/catalog/product-safety.ts reads and checks them).
 */
export const SAFETY_META_KEYS = {
  manufacturerName: 'gpsr_manufacturer_name',
  manufacturerAddress: 'gpsr_manufacturer_address',
  /** An email address or an http(s) address. */
  manufacturerContact: 'gpsr_manufacturer_contact',
  responsibleName: 'gpsr_responsible_name',
  responsibleAddress: 'gpsr_responsible_address',
  /** An email address or an http(s) address. */
  responsibleContact: 'gpsr_responsible_contact',
  warnings: 'gpsr_warnings',
  /** One document per line: `Title | https://…` (a bare address is its own title). */
  documents: 'gpsr_documents',
} as const;

/** The units a unit price may be given in (`m2`: square metres). */
export const UNIT_PRICE_UNITS = ['kg', 'g', 'l', 'ml', 'm', 'm2', 'piece'] as const;
export type UnitPriceUnit = (typeof UNIT_PRICE_UNITS)[number];

/** What a simple product and a variation share: the fields the quick edit changes. */
export interface WcPriced extends WcStockFields {
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
  images: (WcImage & { position: number })[];
  /** `taxable`, `shipping` or `none`. */
  tax_status: string;
  /** The class's slug; '' for the standard class. */
  tax_class: string;
  /** Kilograms as a string, '' when not given. */
  weight: string;
  dimensions: WcDimensions;
  attributes: {
    id: number;
    name: string;
    slug: string;
    position: number;
    visible: boolean;
    variation: boolean;
    options: string[];
  }[];
  /** The variations' ids. */
  variations: number[];
  meta_data: { key: string; value: string }[];
}

export interface WcVariation extends WcPriced {
  parent_id: number;
  status: 'publish';
  /** One term per attribute. */
  attributes: { id: number; name: string; slug: string; option: string }[];
  /** The variation's own picture, or null (the product's is shown). */
  image: WcImage | null;
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
