/**
 * The rows the facet engine indexes: one per simple product, one per variation of a variable product. A filter
 * combination must be met by ONE variation (`sf_color=red&sf_size=m` finds a shirt only if one variation is red and
 * M, and in stock when that filter is on; a price range matches a variation's price), so every facet is evaluated on
 * rows, and a product is found when one of its rows is.
 *
 * A variation's row reads as a product whose variation-level fields (its terms, prices, sale dates, stock) replace
 * the parent's: every index structure is built from rows exactly as it was from products. A product is represented
 * by one of its rows (see product-view.ts), so a set of products is a bitset over rows with one row per product set.
 * @internal
 */
import type { CatalogData, Product, Variation } from '../../catalog/model.js';
import { createBitset, fullBitset, setBit, type Bitset } from './bitset.js';

export interface CatalogRows {
  /** Rows in use or unused: row ordinals run from 0 to size - 1. */
  size: number;
  /**
   * The product each row belongs to: what results show and sorts read; null for an engine restored from a snapshot
   * until it is attached to the catalog (see engine.ts). A row's view (what facets read) is made from it on demand
   * ({@link rowView}): a million variation views would otherwise stay in memory for the rare incremental edit.
   */
  owners: Product[] | null;
  /** firstRowOf[row] = the first row of the row's product. */
  firstRowOf: Uint32Array;
  /** Rows of products with more than one row: only these need counting per product rather than per row. */
  shared: Bitset;
  /** Rows that are their product's only row (the complement of `shared`). */
  sole: Bitset;
  /**
   * Whether any product has more than one row; when not, rows are products and nothing extra is done. After
   * incremental edits it may stay true with no such product left: the row-aware paths are right either way.
   */
  hasShared: boolean;
  /**
   * Rows in use. A fresh build uses them all; an incremental edit leaves the rows of a removed or re-laid-out product
   * unused (in no set, no order, no text posting) and appends rows past them, until a rebuild compacts them.
   */
  live: Bitset;
}

/** A variation's row: the parent with the variation's terms, prices and stock. */
function variationView(product: Product, variation: Variation): Product {
  const attributes: Record<string, string[]> = { ...product.attributes };
  // A variation names one term per attribute; an attribute it leaves out means any of the parent's terms.
  for (const [name, term] of Object.entries(variation.attributes)) attributes[name] = [term];
  return {
    ...product,
    type: 'simple',
    variations: undefined,
    attributes,
    regular_price: variation.regular_price,
    sale_price: variation.sale_price,
    date_on_sale_from: variation.date_on_sale_from ?? null,
    date_on_sale_to: variation.date_on_sale_to ?? null,
    in_stock: variation.in_stock,
    stock_quantity: variation.stock_quantity,
  };
}

/** A product's row views: itself when it has no variations, else one per variation. */
export function rowViewsOf(product: Product): Product[] {
  const variations = product.type === 'variable' ? (product.variations ?? []) : [];
  return variations.length === 0 ? [product] : variations.map((variation) => variationView(product, variation));
}

/** How many rows a product has: as many as {@link rowViewsOf} gives, without making them. */
export function rowCountOf(product: Product): number {
  return product.type === 'variable' ? Math.max(1, product.variations?.length ?? 0) : 1;
}

/**
 * The owner of each row, for rows that name their products by id (`ids`, per row), from the catalog they were made
 * from: null when the catalog does not hold exactly those products with those numbers of rows.
 */
export function attachedOwners(rows: CatalogRows, ids: Float64Array, catalog: CatalogData): Product[] | null {
  const byId = new Map(catalog.products.map((product) => [product.id, product]));
  const owners: Product[] = new Array(rows.size);
  let products = 0;
  for (let row = 0; row < rows.size; row++) {
    if ((rows.live[row >>> 5]! & (1 << (row & 31))) === 0) continue;
    const owner = byId.get(ids[row]!);
    if (!owner) return null;
    const first = rows.firstRowOf[row]!;
    if (row === first) {
      products++;
      let count = 1;
      while (first + count < rows.size && rows.firstRowOf[first + count] === first) count++;
      if (count !== rowCountOf(owner)) return null;
    }
    owners[row] = owner;
  }
  return products === byId.size ? owners : null;
}

/** The view of a row of an attached engine's rows. */
export function rowView(rows: CatalogRows, row: number): Product {
  const owner = rows.owners![row]!;
  return rowViewsOf(owner)[row - rows.firstRowOf[row]!] ?? owner;
}

/** The rows of products in engine order, with their views for the build (the rows keep none). */
export function catalogRows(products: readonly Product[]): { rows: CatalogRows; views: Product[] } {
  const views: Product[] = [];
  const owners: Product[] = [];
  const first: number[] = [];
  for (const product of products) {
    const start = views.length;
    for (const view of rowViewsOf(product)) {
      views.push(view);
      owners.push(product);
      first.push(start);
    }
  }
  const size = views.length;
  const shared = createBitset(size);
  const sole = createBitset(size);
  let hasShared = false;
  for (let row = 0; row < size; row++) {
    const alone = (row + 1 === size || first[row + 1] !== first[row]) && first[row] === row;
    setBit(alone ? sole : shared, row);
    if (!alone) hasShared = true;
  }
  return {
    rows: { size, owners, firstRowOf: Uint32Array.from(first), shared, sole, hasShared, live: fullBitset(size) },
    views,
  };
}
