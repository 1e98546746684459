/**
 * The products list's server side: a DataViews view turned into a `GET /wc/v3/products` query (search, filters,
 * page), and the page with its total from `X-WP-Total`. The catalog can hold a million products, so the list is
 * paged by the server, not filtered in the browser as the pages list is.
 */
import apiFetch from '@wordpress/api-fetch';
import type { View } from '@wordpress/dataviews';
import { productsQueryArgs } from './products-view-query.js';
import type { WcCategory, WcProduct } from './types.js';

export interface ProductsPage {
  items: WcProduct[];
  total: number;
  totalPages: number;
}

export async function fetchProductsPage(view: View): Promise<ProductsPage> {
  const response = (await apiFetch({ path: `/wc/v3/products?${new URLSearchParams(Object.entries(productsQueryArgs(view)).map(([key, value]) => [key, String(value)]))}`, parse: false })) as Response;
  const items = (await response.json()) as WcProduct[];
  return { items, total: Number(response.headers.get('X-WP-Total') ?? items.length), totalPages: Number(response.headers.get('X-WP-TotalPages') ?? 1) };
}

/** Every category (wc/v3 pages them by 100), for the category filter. */
export async function fetchAllCategories(): Promise<WcCategory[]> {
  const all: WcCategory[] = [];
  for (let page = 1; page <= 50; page++) {
    const batch = await apiFetch<WcCategory[]>({ path: `/wc/v3/products/categories?per_page=100&page=${page}` });
    all.push(...batch);
    if (batch.length < 100) break;
  }
  return all;
}
