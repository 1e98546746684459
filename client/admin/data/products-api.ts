/**
 * `wc/v3` for the products screen (server/wc/): a page of the catalog with its totals, every category, one product
 * with its variations, and the quick edit's writes. The catalog can hold a million products, so the list is paged
 * by the server.
 */
import type { WcCategory, WcPriced, WcProduct, WcVariation } from '../../api/woocommerce.js';
import { restGet, restGetPage, restPut, withQuery, type RestListPage } from './rest-client.js';

export const getProductsPage = (args: Record<string, string | number>): Promise<RestListPage<WcProduct>> =>
  restGetPage<WcProduct>(withQuery('/wc/v3/products', args));

/** Every category (wc/v3 pages them by 100), for the category filter. */
export async function listAllCategories(): Promise<WcCategory[]> {
  const all: WcCategory[] = [];
  for (let page = 1; page <= 50; page++) {
    const batch = await restGet<WcCategory[]>(`/wc/v3/products/categories?per_page=100&page=${page}`);
    all.push(...batch);
    if (batch.length < 100) break;
  }
  return all;
}

/** The REST path of a product, or of one of its variations: what the quick edit reads and writes. */
export const pricedItemPath = (productId: number, variationId?: number) =>
  variationId === undefined ? `/wc/v3/products/${productId}` : `/wc/v3/products/${productId}/variations/${variationId}`;

export const getProduct = (id: number) => restGet<WcProduct>(pricedItemPath(id));
export const listVariations = (productId: number) => restGet<WcVariation[]>(`/wc/v3/products/${productId}/variations?per_page=100`);

/** Changes the fields in `body` (wc/v3 names); a refusal names each bad field in `fields`. */
export const updatePricedItem = (path: string, body: Record<string, unknown>) => restPut<WcPriced>(path, body);
