/**
 * Reading the catalog for the `wc/v3` API: pages of products with WooCommerce's filters, one product or variation by
 * id, categories with their product counts, and the Omnibus reference prices of the items shown. Knows nothing of HTTP.
 */
import type { Store } from '../store/store.js';
import { foldText, type Category, type Product, type Variation } from './model.js';
import { omnibusReferencePrice } from './omnibus.js';
import { priceHistoriesOf } from './price-history-cache.js';

export interface ProductListQuery {
  page: number;
  perPage: number;
  search?: string;
  sku?: string;
  status?: 'any' | 'publish' | 'draft' | 'private';
  type?: 'simple' | 'variable';
}

export interface Page<T> {
  items: T[];
  total: number;
  totalPages: number;
}

export function paginate<T>(all: readonly T[], page: number, perPage: number): Page<T> {
  return { items: all.slice((page - 1) * perPage, page * perPage), total: all.length, totalPages: Math.ceil(all.length / perPage) };
}

/** Products by id, as WooCommerce lists them with `orderby=id&order=asc`-like stability, filtered as asked. */
export function listProducts(store: Store, query: ProductListQuery): Page<Product> {
  const words = query.search ? foldText(query.search) : '';
  const matching = store.catalog.data.products.filter((product) =>
    (!query.sku || product.sku === query.sku) &&
    (!query.type || (product.type ?? 'simple') === query.type) &&
    (!query.status || query.status === 'any' || (product.status ?? 'publish') === query.status) &&
    (!words || foldText(`${product.title} ${product.description} ${product.sku}`).includes(words)));
  return paginate(matching, query.page, query.perPage);
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
  for (const product of store.catalog.data.products) for (const id of product.category_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return store.catalog.data.categories.map((category) => ({ ...category, count: counts.get(category.id) ?? 0 }));
}

/** The Omnibus reference prices of these items (product or variation ids) from the store's price history. */
export async function omnibusPrices(store: Store, itemIds: readonly number[], now = Date.now()): Promise<Map<number, number>> {
  const days = Number(store.site.data.settings.compliance?.omnibus_days ?? 30);
  const prices = new Map<number, number>();
  for (const [itemId, history] of await priceHistoriesOf(store, itemIds, now)) {
    const price = omnibusReferencePrice(history, days, now);
    if (price !== null) prices.set(itemId, price);
  }
  return prices;
}
