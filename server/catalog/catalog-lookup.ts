/**
 * Lookups of products by id and slug, built once per catalog array and rebuilt when the catalog is replaced
 * (imports swap the whole array), so that pages and images do not scan a large catalog per request.
 */
import { memoizeByArray } from './memoize-by-array.js';
import type { Product } from './model.js';

interface Lookup {
  byId: Map<number, Product>;
  bySlug: Map<string, Product>;
}

const lookupFor = memoizeByArray((products: readonly Product[]): Lookup => {
  const lookup: Lookup = { byId: new Map(), bySlug: new Map() };
  for (const product of products) {
    lookup.byId.set(product.id, product);
    lookup.bySlug.set(product.slug, product);
  }
  return lookup;
});

export function productById(products: readonly Product[], id: number): Product | undefined {
  return lookupFor(products).byId.get(id);
}

export function productBySlug(products: readonly Product[], slug: string): Product | undefined {
  return lookupFor(products).bySlug.get(slug);
}
