/**
 * What the `wc/v3` routes need to answer products in WooCommerce's shape (woo-product-json.ts): the catalog, the
 * shop's time zone, the site address, and the Omnibus reference prices of the items shown. Shared by reads and writes,
 * so a write answers exactly what a GET of the same product would.
 */
import { omnibusPrices } from '../catalog/product-reads.js';
import type { Product } from '../catalog/model.js';
import type { WooShapeContext } from '../catalog/woo-product-json.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';

export interface WcShapeDeps {
  store: Store;
  config: Pick<Config, 'siteUrl'>;
}

/** The shop's time zone, in which WooCommerce shows (and clients send) dates. */
export function shopTimeZone(store: Store): string {
  return store.site.data.settings.general.timezone;
}

/** Every item id of the products: each product's own and its variations'. */
export function itemIdsOf(products: readonly Pick<Product, 'id' | 'variations'>[]): number[] {
  return products.flatMap((product) => [product.id, ...(product.variations ?? []).map((variation) => variation.id)]);
}

export async function shapeContext({ store, config }: WcShapeDeps, itemIds: number[]): Promise<WooShapeContext> {
  return { catalog: store.catalog.data, timeZone: shopTimeZone(store), siteUrl: config.siteUrl, omnibus: await omnibusPrices(store, itemIds) };
}
