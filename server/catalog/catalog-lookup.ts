/**
 * Lookups of products by id and slug, built once per catalog array and rebuilt when the catalog is replaced
 * (imports swap the whole array), so that pages and images do not scan a large catalog per request.
 */
import type { Product } from './model.js';

interface Lookup {
  byId: Map<number, Product>;
  bySlug: Map<string, Product>;
}

const lookups = new WeakMap<readonly Product[], Lookup>();

function lookupFor(products: readonly Product[]): Lookup {
  let lookup = lookups.get(products);
  if (!lookup) {
    lookup = { byId: new Map(), bySlug: new Map() };
    for (const product of products) {
      lookup.byId.set(product.id, product);
      lookup.bySlug.set(product.slug, product);
    }
    lookups.set(products, lookup);
  }
  return lookup;
}

export function productById(products: readonly Product[], id: number): Product | undefined {
  return lookupFor(products).byId.get(id);
}

export function productBySlug(products: readonly Product[], slug: string): Product | undefined {
  return lookupFor(products).bySlug.get(slug);
}
