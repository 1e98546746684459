/**
 * Lookups of products by id and slug, built once per catalog array, so that pages and images do not scan a large
 * catalog per request. A catalog edit makes a new array: its lookup is the old one carried through the edit (a few
 * map writes), since rebuilding it costs about 200 ms at 100,000 products with their variations.
 */
import type { CatalogEdit } from './store.js';
import type { Product, Variation } from './catalog-types.js';

interface Lookup {
  byId: Map<number, Product>;
  bySlug: Map<string, Product>;
  /** Variation id -> the variation and its product (variations share the products' id space). */
  byVariationId: Map<number, { product: Product; variation: Variation }>;
  /**
   * Whether two products share a slug or two variations an id: which one the maps hold then depends on the order
   * of the whole array, so such a lookup is rebuilt rather than carried through an edit.
   */
  ambiguous: boolean;
}

const lookups = new WeakMap<readonly Product[], Lookup>();

function add(lookup: Lookup, product: Product): void {
  lookup.byId.set(product.id, product);
  if (lookup.bySlug.has(product.slug)) lookup.ambiguous = true;
  lookup.bySlug.set(product.slug, product);
  for (const variation of product.variations ?? []) {
    if (lookup.byVariationId.has(variation.id)) lookup.ambiguous = true;
    lookup.byVariationId.set(variation.id, { product, variation });
  }
}

function drop(lookup: Lookup, product: Product): void {
  lookup.byId.delete(product.id);
  lookup.bySlug.delete(product.slug);
  for (const variation of product.variations ?? []) lookup.byVariationId.delete(variation.id);
}

function lookupFor(products: readonly Product[]): Lookup {
  let lookup = lookups.get(products);
  if (!lookup) {
    lookup = { byId: new Map(), bySlug: new Map(), byVariationId: new Map(), ambiguous: false };
    for (const product of products) add(lookup, product);
    lookups.set(products, lookup);
  }
  return lookup;
}

/**
 * Hands the lookup of `from` (when one was built) to `to`, the array that `edit` made from it. The lookup changes
 * in place, so `from` loses it and builds a new one if it is ever looked up again.
 */
export function carryLookupThroughEdit(from: readonly Product[], edit: CatalogEdit, to: readonly Product[]): void {
  const lookup = lookups.get(from);
  if (!lookup || lookup.ambiguous) return;
  lookups.delete(from);
  const removed = new Set(edit.remove);
  for (const id of removed) {
    const product = lookup.byId.get(id);
    if (product) drop(lookup, product);
  }
  for (const product of edit.upsert) {
    if (removed.has(product.id)) continue; // the edit drops a product both replaced and removed
    const old = lookup.byId.get(product.id);
    if (old) drop(lookup, old);
    add(lookup, product);
  }
  if (!lookup.ambiguous) lookups.set(to, lookup);
}

export function productById(products: readonly Product[], id: number): Product | undefined {
  return lookupFor(products).byId.get(id);
}

export function productBySlug(products: readonly Product[], slug: string): Product | undefined {
  return lookupFor(products).bySlug.get(slug);
}

export function variationById(
  products: readonly Product[],
  id: number,
): { product: Product; variation: Variation } | undefined {
  return lookupFor(products).byVariationId.get(id);
}
