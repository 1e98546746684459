/**
 * The catalog as the store keeps it: categories, attribute definitions, products and their variations, and the id
 * bookkeeping that keeps ids from being reused. What these values mean for a shopper (prices on sale, slugs) lives in
 * the catalog layer (`server/catalog/model.ts`).
 */
import type { TaxStatus } from '../../client/api/taxes.js';
import type { WcProductStatus } from '../../client/api/woocommerce.js';

export interface Category {
  id: number;
  slug: string;
  name: string;
  /** Id of the parent category, 0 for a top-level one. */
  parent: number;
}

/** Attribute taxonomies the catalog knows, e.g. `color` with label `Colour`. */
export interface AttributeDefinition {
  name: string;
  label: string;
}

/**
 * WooCommerce's backorder settings of a tracked item: `no` stops selling at a quantity of 0; `notify` sells on and tells
 * the shopper the item is "available on backorder"; `yes` sells on without a word.
 */
export type Backorders = 'no' | 'notify' | 'yes';

/** How an item's stock is kept (catalog/stock-keeping.ts reads it); absent fields read as the shop always kept it. */
export interface StockKeeping {
  /** Whether `stock_quantity` is counted; false: not tracked, buyable while `in_stock`. Absent: tracked. */
  manage_stock?: boolean;
  /** Absent: `no`. */
  backorders?: Backorders;
}

/** WooCommerce's product types that the shop knows: a variable product is sold through its variations. */
export type ProductType = 'simple' | 'variable';
/** WooCommerce's product statuses (the API's list): only `publish` is shown in the shop. */
export type ProductStatus = WcProductStatus;

/**
 * One purchasable variant of a variable product, e.g. the red M shirt. It carries one term per attribute it varies
 * by; an attribute it leaves out means "any" of the parent's terms, as in WooCommerce.
 */
export interface Variation extends StockKeeping {
  id: number;
  sku: string;
  /** Attribute name -> one term name, e.g. `{color: 'Red', size: 'M'}`. */
  attributes: Record<string, string>;
  regular_price: number;
  sale_price: number | null;
  /** ISO 8601 in UTC, or null: the sale price applies from / until then (both ends null: always). */
  date_on_sale_from?: string | null;
  date_on_sale_to?: string | null;
  /** Whether it can be bought at all (WooCommerce's `stock_status` other than `outofstock`). */
  in_stock: boolean;
  /** Units on hand when tracked (below 0: units sold on backorder); 0 and meaningless when not tracked. */
  stock_quantity: number;
  /** The variation's own picture (an address, as the product's), shown when it is chosen; absent: the product's. */
  image?: string;
  /** The text alternative of `image`. */
  image_alt?: string;
}

/** A product's size in its package, in centimetres; an absent side is not given. */
export interface Dimensions {
  length?: number;
  width?: number;
  height?: number;
}

export interface Product extends StockKeeping {
  id: number;
  /** Absent on catalogs written before variations existed: `simple`. */
  type?: ProductType;
  /** Absent: `publish`. */
  status?: ProductStatus;
  slug: string;
  title: string;
  /** Plain text; rendered escaped. */
  description: string;
  sku: string;
  /** Categories the product is filed under; the first is its primary category. */
  category_ids: number[];
  brand: string;
  /** Attribute name -> term names, e.g. `{color: ['Red', 'Żółty'], size: ['M']}`. */
  attributes: Record<string, string[]>;
  /** Prices in the shop currency's main unit, two decimals. */
  regular_price: number;
  /** A sale price lower than the regular price, or null when the product is not on sale. */
  sale_price: number | null;
  /** Average rating 0-5 with one decimal; 0 when unrated. */
  rating: number;
  rating_count: number;
  in_stock: boolean;
  stock_quantity: number;
  /** Units sold; drives the popularity sort. */
  total_sales: number;
  /** ISO 8601 in UTC. */
  created_at: string;
  /** Site-relative or absolute image address. */
  image: string;
  /** Further images after `image`, in order. */
  gallery?: string[];
  /** The text alternatives of `image` and then of `gallery`, position by position ('' or absent: none given). */
  image_alts?: string[];
  /** Kilograms; absent: not given. */
  weight?: number;
  dimensions?: Dimensions;
  short_description?: string;
  tags?: string[];
  /** ISO 8601 in UTC, or null: the product's sale price window (simple products). */
  date_on_sale_from?: string | null;
  date_on_sale_to?: string | null;
  /** A variable product's variations; for it, `attributes` lists every term the variations use. */
  variations?: Variation[];
  /** Free-form fields carried through import and export (`Meta: key` columns). */
  meta?: Record<string, string>;
  /** WooCommerce's tax status; absent: `taxable` (kept only when it says otherwise). */
  tax_status?: Exclude<TaxStatus, 'taxable'>;
  /** The slug of the product's tax class; absent: the standard class. */
  tax_class?: string;
}

/** Something with a price: a simple product or a variation. */
export type PricedItem = Pick<Variation, 'regular_price' | 'sale_price' | 'date_on_sale_from' | 'date_on_sale_to'>;

export interface CatalogData {
  categories: Category[];
  attributes: AttributeDefinition[];
  products: Product[];
  /**
   * The highest product or variation id ever used, deleted ones included: ids are never given again (as WooCommerce's
   * post ids are not), so that a new product never inherits a deleted one's price history. Absent: the highest in use.
   */
  highest_id?: number;
}

/**
 * The catalog remembering `highest` as the highest id ever used, only when that says more than the ids in use (some
 * were deleted), so that a catalog without deletions looks as it always did.
 */
export function withHighestId(catalog: CatalogData, highest: number): CatalogData {
  const { highest_id: _previous, ...rest } = catalog;
  return highest > highestItemId(rest) ? { ...rest, highest_id: highest } : rest;
}

/** The id after which new products and variations are numbered: above every id in use and every id ever used. */
export function highestItemId(catalog: { products: readonly Product[]; highest_id?: number }): number {
  let highest = catalog.highest_id ?? 0;
  for (const product of catalog.products) {
    highest = Math.max(highest, product.id);
    for (const variation of product.variations ?? []) highest = Math.max(highest, variation.id);
  }
  return highest;
}

/**
 * A change to some products of the catalog (the products API, a merge import, stock taken by an order): whole products
 * stored under their ids (new ids are added at the end) and ids removed. Categories and attributes are replaced when
 * given (a merge import may create categories).
 */
export interface CatalogEdit {
  upsert: readonly Product[];
  remove: readonly number[];
  categories?: CatalogData['categories'];
  attributes?: CatalogData['attributes'];
}
