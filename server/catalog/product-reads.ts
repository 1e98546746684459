/**
 * Reading the catalog for the `wc/v3` API: pages of products with WooCommerce's filters, one product or variation by
 * id, categories with their product counts, and the Omnibus reference prices of the items shown. Knows nothing of HTTP.
 */
import type { Store } from '../store/store.js';
import { categoryWithDescendants } from './category-tree.js';
import {
  foldText,
  isOnSale,
  variationsOf,
  type Category,
  type Product,
  type ProductStatus,
  type Variation,
} from './model.js';
import { omnibusReferencePrice } from './omnibus.js';
import { priceHistoriesOf } from './price-history-cache.js';

export interface ProductListQuery {
  page: number;
  perPage: number;
  search?: string;
  sku?: string;
  status?: 'any' | ProductStatus;
  type?: 'simple' | 'variable';
  /** Category ids: a product filed under any of them or under one of their descendants (WooCommerce's `category`). */
  category?: number[];
  stockStatus?: 'instock' | 'outofstock' | 'onbackorder';
  /** true: only items on sale now (a variable product when any variation is); false: only those not on sale. */
  onSale?: boolean;
}

export interface Page<T> {
  items: T[];
  total: number;
  totalPages: number;
}

export function paginate<T>(all: readonly T[], page: number, perPage: number): Page<T> {
  return {
    items: all.slice((page - 1) * perPage, page * perPage),
    total: all.length,
    totalPages: Math.ceil(all.length / perPage),
  };
}

/** Products by id, as WooCommerce lists them with `orderby=id&order=asc`-like stability, filtered as asked. */
export function listProducts(store: Store, query: ProductListQuery): Page<Product> {
  const words = query.search ? foldText(query.search) : '';
  const categories = query.category ? categoryFilter(store.catalog.data.categories, query.category) : null;
  const now = Date.now();
  const matching = store.catalog.data.products.filter(
    (product) =>
      (!query.sku || product.sku === query.sku) &&
      (!categories || product.category_ids.some((id) => categories.has(id))) &&
      // Stock is always counted here, so nothing is ever on backorder: that filter matches no product, as in a shop
      // without backorders.
      (!query.stockStatus || (product.in_stock ? 'instock' : 'outofstock') === query.stockStatus) &&
      (query.onSale === undefined || productOnSale(product, now) === query.onSale) &&
      (!query.type || (product.type ?? 'simple') === query.type) &&
      (!query.status || query.status === 'any' || (product.status ?? 'publish') === query.status) &&
      (!words || foldText(`${product.title} ${product.description} ${product.sku}`).includes(words)),
  );
  return paginate(matching, query.page, query.perPage);
}

/** The ids asked for and every category below them; an unknown id matches nothing (WooCommerce: an empty list). */
function categoryFilter(categories: readonly Category[], ids: readonly number[]): Set<number> {
  const all = new Set<number>();
  for (const id of ids) for (const member of categoryWithDescendants(categories, id) ?? []) all.add(member);
  return all;
}

/**
 * As `on_sale` in the product's wc/v3 shape (woo-product-json.ts): a variable product is on sale when a variation is.
 */
function productOnSale(product: Product, now: number): boolean {
  return product.type === 'variable'
    ? variationsOf(product).some((variation) => isOnSale(variation, now))
    : isOnSale(product, now);
}

export function findProduct(store: Store, id: number): Product | undefined {
  return store.catalog.data.products.find((product) => product.id === id);
}

export function findVariation(product: Product, id: number): Variation | undefined {
  return (product.variations ?? []).find((variation) => variation.id === id);
}

/** Every category with the number of products filed directly under it, as WooCommerce's `count`. */
export function categoriesWithCounts(store: Store): (Category & { count: number })[] {
  const counts = new Map<number, number>();
  for (const product of store.catalog.data.products)
    for (const id of product.category_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return store.catalog.data.categories.map((category) => ({ ...category, count: counts.get(category.id) ?? 0 }));
}

/** The Omnibus reference prices of these items (product or variation ids) from the store's price history. */
export async function omnibusPrices(
  store: Store,
  itemIds: readonly number[],
  now = Date.now(),
): Promise<Map<number, number>> {
  const days = store.site.data.settings.compliance.omnibus_days;
  const prices = new Map<number, number>();
  for (const [itemId, history] of await priceHistoriesOf(store, itemIds, now)) {
    const price = omnibusReferencePrice(history, days, now);
    if (price !== null) prices.set(itemId, price);
  }
  return prices;
}
