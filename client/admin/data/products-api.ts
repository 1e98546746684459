/**
 * `wc/v3` for the products screens (server/wc/): a page of the catalog with its totals, every category, the tags,
 * brands, attributes and terms in use, one product with its variations, and the writes of the quick edit and the
 * product editor. The catalog can hold a million products, so the list is paged by the server. A refused write rejects
 * with its fields in the manager's words (product-errors.ts).
 */
import type { WcAttribute, WcCategory, WcNamedTerm, WcPriced, WcProduct, WcVariation } from '../../api/woocommerce.js';
import { inManagerWords } from './product-errors.js';
import { restDelete, restGet, restGetPage, restPost, restPut, withQuery, type RestListPage } from './rest-client.js';
import { toRestRequestError } from './rest-error.js';

export const getProductsPage = (args: Record<string, string | number>): Promise<RestListPage<WcProduct>> =>
  restGetPage<WcProduct>(withQuery('/wc/v3/products', args));

/** Every item of a list that wc/v3 pages by 100 (categories, tags, brands), up to 5,000. */
async function listAll<T>(path: string): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const batch = await restGet<T[]>(withQuery(path, { per_page: 100, page }));
    all.push(...batch);
    if (batch.length < 100) break;
  }
  return all;
}

/** Every category, for the category filter and the editor's tree. */
export const listAllCategories = () => listAll<WcCategory>('/wc/v3/products/categories');
/** The tags or brands in use, by name, for the editor's suggestions. */
export const listNamedTerms = (kind: 'tags' | 'brands') => listAll<WcNamedTerm>(`/wc/v3/products/${kind}`);
/** The attributes the shop knows, and the terms of one in use, for the editor's suggestions. */
export const listAttributes = () => restGet<WcAttribute[]>('/wc/v3/products/attributes');
export const listAttributeTerms = (id: number) => listAll<WcNamedTerm>(`/wc/v3/products/attributes/${id}/terms`);

/** The REST path of a product, or of one of its variations: what the quick edit reads and writes. */
export const pricedItemPath = (productId: number, variationId?: number) =>
  variationId === undefined ? `/wc/v3/products/${productId}` : `/wc/v3/products/${productId}/variations/${variationId}`;

export const getProduct = (id: number) => restGet<WcProduct>(pricedItemPath(id));
export const listVariations = (productId: number) =>
  restGet<WcVariation[]>(`/wc/v3/products/${productId}/variations?per_page=100`);

/** A write whose refusal names its fields in the manager's words. */
const write = <T>(call: Promise<T>): Promise<T> =>
  call.catch((caught: unknown) => {
    throw inManagerWords(toRestRequestError(caught));
  });

/** Changes the fields in `body` (wc/v3 names); a refusal names each bad field in `fields`. */
export const updatePricedItem = (path: string, body: Record<string, unknown>) => write(restPut<WcPriced>(path, body));

export const createProduct = (body: Record<string, unknown>) => write(restPost<WcProduct>('/wc/v3/products', body));
export const updateProduct = (id: number, body: Record<string, unknown>) =>
  write(restPut<WcProduct>(pricedItemPath(id), body));
export const createVariation = (productId: number, body: Record<string, unknown>) =>
  write(restPost<WcVariation>(`/wc/v3/products/${productId}/variations`, body));
export const updateVariation = (productId: number, id: number, body: Record<string, unknown>) =>
  write(restPut<WcVariation>(pricedItemPath(productId, id), body));
/** Variations have no trash: a delete is for good. */
export const deleteVariation = (productId: number, id: number) =>
  write(restDelete<WcVariation>(`${pricedItemPath(productId, id)}?force=true`));
