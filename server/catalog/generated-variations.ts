/**
 * Turns a generated product (demo shop, synthetic catalog) into a variable product with one variation per colour and
 * size, so that the storefront and the benchmarks meet variable products.
 *
 * Everything here is derived from the product itself (a hash of its id), not from the generators' random streams:
 * products that stay simple come out exactly as before, and a variable product keeps its own price, stock and terms
 * as the "from" price, the union of its variations' stock and the union of their terms, so existing figures hold.
 */
import type { Product, Variation } from './model.js';

/** Variations per product at most; a product with more colour × size pairs stays simple. */
const MAX_VARIATIONS = 8;

/** A small, stable hash of two integers, uniform enough to pick prices and stock. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Whether a generated product with this id and these terms becomes variable (about one in five that can). */
export function becomesVariable(product: Product): boolean {
  const pairs = (product.attributes.color?.length ?? 0) * (product.attributes.size?.length ?? 0);
  return pairs >= 2 && pairs <= MAX_VARIATIONS && mix(product.id, 7) < 0.2;
}

/**
 * The product as a variable one with a variation per colour × size pair, ids from `firstVariationId` on.
 * The first variation has the product's own prices and stock status; the others cost the same or more and may be
 * out of stock, so the product's "from" price and "in stock" flag are what they were.
 * @returns the product and how many variation ids it used
 */
export function withGeneratedVariations(
  product: Product,
  firstVariationId: number,
): { product: Product; used: number } {
  const colors = product.attributes.color ?? [];
  const sizes = product.attributes.size ?? [];
  const variations: Variation[] = [];
  for (const color of colors) {
    for (const size of sizes) {
      const index = variations.length;
      const id = firstVariationId + index;
      const first = index === 0;
      const markup = first ? 1 : 1 + Math.floor(mix(product.id, index) * 3) / 10;
      const regular = Math.round(product.regular_price * markup * 100) / 100;
      const sale = product.sale_price === null ? null : Math.round(product.sale_price * markup * 100) / 100;
      const inStock = product.in_stock && (first || mix(index, product.id) < 0.75);
      variations.push({
        id,
        sku: `${product.sku}-${index + 1}`,
        attributes: { color, size },
        regular_price: regular,
        sale_price: sale !== null && sale < regular ? sale : null,
        in_stock: inStock,
        stock_quantity: inStock ? 1 + Math.floor(mix(id, 3) * 40) : 0,
      });
    }
  }
  return { product: { ...product, type: 'variable', variations }, used: variations.length };
}
