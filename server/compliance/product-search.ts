/**
 * The public product search of compliance/v1: the catalog's search index, narrowed to a category tree, shaped into
 * search results with absolute addresses and a formatted price.
 */
import { categoryById, categoryWithDescendants } from '../catalog/category-tree.js';
import type { Product } from '../catalog/model.js';
import { lowestPriceNotes } from '../catalog/lowest-price.js';
import { formatPriceHtml, type PriceFormatOptions } from '../catalog/price-format.js';
import { productSearchIndexFor } from '../catalog/edited-product-search.js';
import { wordFormsFor } from '../catalog/word-forms/word-forms.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { productDisplay } from '../catalog/product-display.js';

export interface SearchResult {
  id: number;
  title: string;
  url: string;
  image: string;
  price_html: string;
  category: string;
  in_stock: boolean;
  rating: number;
}

export interface SearchResponse {
  results: SearchResult[];
  total: number;
  query: string;
}

export interface SearchRequest {
  q: string;
  limit: number;
  /** A category id; its subcategories are included. */
  cat?: number;
}

/** The product page address; the product route itself comes with the storefront. */
export function productUrl(config: Config, product: Product): string {
  return `${config.siteUrl}/product/${encodeURIComponent(product.slug)}`;
}

/** An image address made absolute against the site; absolute ones are kept. */
export function absoluteUrl(config: Config, address: string): string {
  try {
    return new URL(address, `${config.siteUrl}/`).href;
  } catch {
    return '';
  }
}

function toResult(store: Store, config: Config, product: Product, price: PriceFormatOptions): SearchResult {
  const primary = product.category_ids.length
    ? categoryById(store.catalog.data.categories, product.category_ids[0]!)
    : undefined;
  return {
    id: product.id,
    title: product.title,
    url: productUrl(config, product),
    image: product.image ? absoluteUrl(config, product.image) : '',
    price_html: formatPriceHtml(product, price),
    category: primary?.name ?? '',
    in_stock: product.in_stock,
    rating: product.rating,
  };
}

/**
 * Searches the catalog. An unknown category matches nothing (rather than everything), as a filter should.
 * Words match in their other forms in the shop's language (`kubki` finds "Kubek"; catalog/word-forms).
 * @example await searchProducts(store, config, { q: 'zolty', limit: 8 }) // finds "Żółty koc wełniany"
 */
export async function searchProducts(store: Store, config: Config, request: SearchRequest): Promise<SearchResponse> {
  const catalog = store.catalog.data;
  const categoryIds = request.cat === undefined ? null : categoryWithDescendants(catalog.categories, request.cat);
  if (request.cat !== undefined && !categoryIds) return { results: [], total: 0, query: request.q };
  const wordForms = wordFormsFor(store.site.data.settings.general.locale as string | undefined);
  const found = productSearchIndexFor(catalog, (products) => store.catalog.editsSince(products), wordForms).search(
    request.q,
    { limit: request.limit, categoryIds },
  );
  // The results' Omnibus lines, in one history read for all of them, as on the shop's cards.
  const price = { ...productDisplay(store), lowestPrices: await lowestPriceNotes(store, found.products) };
  return {
    results: found.products.map((product) => toResult(store, config, product, price)),
    total: found.total,
    query: request.q,
  };
}
