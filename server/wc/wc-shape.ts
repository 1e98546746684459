/**
 * What the `wc/v3` routes need to answer products in WooCommerce's shape (woo-product-json.ts): the catalog, the
 * shop's time zone, the site address, and the Omnibus reference prices of the items shown. Shared by reads and writes,
 * so a write answers exactly what a GET of the same product would.
 */
import { omnibusPrices } from '../catalog/product-reads.js';
import type { Product } from '../catalog/model.js';
import type { WooShapeContext } from '../catalog/woo-product-json.js';
import type { Config } from '../config.js';
import { productById, variationById } from '../store/catalog-lookup.js';
import { mediaItemOfUrl, mediaUrl } from '../store/media-addresses.js';
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
  const [omnibus, mediaIds] = await Promise.all([omnibusPrices(store, itemIds), mediaIdsOf(store, itemIds)]);
  return { catalog: store.catalog.data, timeZone: shopTimeZone(store), siteUrl: config.siteUrl, omnibus, mediaIds };
}

/**
 * The media library items the items' images are, by address: only an address that is exactly an existing item's
 * (its id and file name), so that an image answers its item's id as WooCommerce answers an attachment's.
 */
async function mediaIdsOf(store: Store, itemIds: readonly number[]): Promise<Map<string, number>> {
  const { products } = store.catalog.data;
  const addresses = new Set<string>();
  for (const id of itemIds) {
    const product = productById(products, id);
    for (const address of product ? [product.image, ...(product.gallery ?? [])] : []) addresses.add(address);
    const variation = product ? undefined : variationById(products, id)?.variation;
    if (variation?.image) addresses.add(variation.image);
  }
  const ids = new Map<string, number>();
  await Promise.all(
    [...addresses].map(async (address) => {
      const named = mediaItemOfUrl(address);
      const item = named ? await store.media.get(named.id) : null;
      if (item && mediaUrl(item) === address) ids.set(address, item.id);
    }),
  );
  return ids;
}
