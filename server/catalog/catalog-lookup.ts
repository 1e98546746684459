/**
 * Lookups of products by id and slug, built once per catalog array and rebuilt when the catalog is replaced
 * (imports swap the whole array), so that pages and images do not scan a large catalog per request.
 */
import { memoizeByArray } from './memoize-by-array.js';
import type { Product, Variation } from './model.js';

interface Lookup {
  byId: Map<number, Product>;
  bySlug: Map<string, Product>;
  /** Variation id -> the variation and its product (variations share the products' id space). */
  byVariationId: Map<number, { product: Product; variation: Variation }>;
}

const lookupFor = memoizeByArray((products: readonly Product[]): Lookup => {
  const lookup: Lookup = { byId: new Map(), bySlug: new Map(), byVariationId: new Map() };
  for (const product of products) {
    lookup.byId.set(product.id, product);
    lookup.bySlug.set(product.slug, product);
    for (const variation of product.variations ?? []) lookup.byVariationId.set(variation.id, { product, variation });
  }
  return lookup;
});

export function productById(products: readonly Product[], id: number): Product | undefined {
  return lookupFor(products).byId.get(id);
}

export function productBySlug(products: readonly Product[], slug: string): Product | undefined {
  return lookupFor(products).bySlug.get(slug);
}

export function variationById(products: readonly Product[], id: number): { product: Product; variation: Variation } | undefined {
  return lookupFor(products).byVariationId.get(id);
}
