/**
 * The order in which the engine numbers products (their ordinals). Products are grouped by category combination,
 * then by brand, so that the category and brand columns run in long stretches: a 32-product word of a result
 * bitset then often holds one combination only, and counting adds its popcount once instead of visiting 32 products
 * (see result-counter.ts). Ordinals are internal: results map back to the catalog's products, so the order never shows.
 * @internal
 */
import type { Product } from '../../catalog/model.js';
import { orderByKeys } from './sort-orders.js';

/** The catalog's products in ordinal order. */
export function clusterProducts(products: readonly Product[]): Product[] {
  const categoryRank = new Map<number, number>();
  const brandRank = new Map<string, number>();
  const primary = new Uint32Array(products.length);
  const secondary = new Uint32Array(products.length);
  const brands = new Uint32Array(products.length);
  const categoryOf = (id: number): number =>
    categoryRank.get(id) ?? (categoryRank.set(id, categoryRank.size + 1), categoryRank.size);
  for (let index = 0; index < products.length; index++) {
    const { category_ids: ids, brand } = products[index]!;
    // Most products have one or two categories; a third one is rare enough not to matter for grouping.
    primary[index] = ids.length > 0 ? categoryOf(ids[0]!) : 0;
    secondary[index] = ids.length > 1 ? categoryOf(ids[1]!) : 0;
    brands[index] = brandRank.get(brand) ?? (brandRank.set(brand, brandRank.size + 1), brandRank.size);
  }
  const categories = categoryRank.size + 1;
  const keys = new Float64Array(products.length);
  for (let index = 0; index < products.length; index++)
    keys[index] = (primary[index]! * categories + secondary[index]!) * (brandRank.size + 1) + brands[index]!;
  return Array.from(orderByKeys(keys, null), (index) => products[index]!);
}
