/**
 * The last steps of reading a file into a catalog: finding each variation's parent, putting the products together
 * (replace: the file's; merge: the catalog's with the file's laid over them), numbering new items, and giving every
 * product that needs one a unique slug.
 */
import type { CatalogData, Product, Variation } from '../model.js';
import { uniqueSlug } from '../product-slugs.js';
import type { Report } from './read-row.js';
import type { ParentEntry, RowClaims } from './row-claims.js';

export type { ParentEntry } from './row-claims.js';

/** A variation's parent: the product being made, and the stored product it is (if any). */
export interface FoundParent {
  product: Product;
  stored: Product | undefined;
}

/** The parent a variation row names: `id:123` or a SKU, among the file's products and (merging) the catalog's. */
export function findParent(
  cell: string,
  claims: RowClaims,
  baseProducts: readonly Product[],
  report: Report,
): FoundParent | null {
  const text = cell.trim();
  if (text === '') return (report('Parent', "a variation needs its parent (id:123 or the parent's SKU)"), null);
  const idMatch = /^id:(\d+)$/.exec(text);
  const entry = idMatch ? claims.parentById.get(Number(idMatch[1])) : claims.parentBySku.get(text);
  let found: FoundParent | null = null;
  if (entry) {
    if (!entry.product) return (report('Parent', `the parent in row ${entry.row} was rejected`), null);
    found = { product: entry.product, stored: entry.stored };
  } else {
    const stored = baseProducts.find((product) => (idMatch ? product.id === Number(idMatch[1]) : product.sku === text));
    found = stored ? { product: stored, stored } : null;
  }
  if (!found) return (report('Parent', `no product has ${idMatch ? `id ${idMatch[1]}` : `the SKU "${text}"`}`), null);
  if (found.product.type !== 'variable') {
    return (
      report(
        'Parent',
        `product ${found.product.id || found.product.sku} is a simple product; only a variable product has variations`,
      ),
      null
    );
  }
  return found;
}

/** The catalog's product list: replace takes the file's; merge updates the catalog's in place and appends new ones. */
export function assembleProducts(
  parents: readonly ParentEntry[],
  variationsFor: Map<Product, Variation[]>,
  base: CatalogData,
  merge: boolean,
): Product[] {
  const fromFile = parents.flatMap((entry) => (entry.product ? [entry.product] : []));
  let products = fromFile;
  if (merge) {
    const replacing = new Map(fromFile.filter((product) => product.id !== 0).map((product) => [product.id, product]));
    const kept = base.products.map((product) => replacing.get(product.id) ?? product);
    const keptIds = new Set(kept.map((product) => product.id));
    products = [...kept, ...fromFile.filter((product) => product.id === 0 || !keptIds.has(product.id))];
  }
  const inFile = new Set(fromFile);
  for (const [parent, variations] of variationsFor) {
    let owner = parent;
    if (!inFile.has(parent)) {
      // A catalog product that only gains variations is copied, never changed in place.
      owner = { ...parent, variations: [...(parent.variations ?? [])] };
      products[products.indexOf(parent)] = owner;
    }
    const list = owner.variations!;
    for (const variation of variations) {
      const at = variation.id === 0 ? -1 : list.findIndex((existing) => existing.id === variation.id);
      if (at >= 0) list[at] = variation;
      else list.push(variation);
    }
  }
  return products;
}

/**
 * New products and variations (id 0) get ids after the highest ever used and every id the file kept, as WooCommerce's
 * share one sequence.
 */
export function finishIds(products: Product[], highestEverUsed: number): void {
  let highest = highestEverUsed;
  for (const product of products) {
    highest = Math.max(highest, product.id);
    for (const variation of product.variations ?? []) highest = Math.max(highest, variation.id);
  }
  for (const product of products) {
    if (product.id === 0) product.id = ++highest;
    for (const variation of product.variations ?? []) if (variation.id === 0) variation.id = ++highest;
  }
}

/**
 * Slugs, unique in the catalog: stored products keep theirs unless the file's `Slug` gives another; every other one
 * is the `Slug` cell or made from the name. Kept slugs are reserved first, so a new product never takes one.
 */
export function finishSlugs(parents: readonly ParentEntry[], products: readonly Product[], merge: boolean): void {
  const entryOf = new Map(parents.flatMap((entry) => (entry.product ? [[entry.product, entry] as const] : [])));
  const taken = new Set<string>();
  const needing: { product: Product; wanted: string }[] = [];
  for (const product of products) {
    const entry = entryOf.get(product);
    // A product with no row of its own is the catalog's, kept by a merge (perhaps copied to gain variations).
    if (!entry) {
      if (merge) taken.add(product.slug);
    } else if (entry.keepsSlug) {
      taken.add(product.slug);
    } else {
      needing.push({ product, wanted: entry.wantedSlug });
    }
  }
  for (const { product, wanted } of needing) {
    product.slug = uniqueSlug(wanted, product.title, product.id, (slug) => taken.has(slug));
    taken.add(product.slug);
  }
}
