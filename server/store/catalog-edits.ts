/**
 * Catalog edits in memory, shared by both stores: applying an edit to a catalog (always into a new products array)
 * and remembering the last edits, so that whatever was built from an older array can catch up edit by edit.
 */
import { carryLookupThroughEdit, productById } from './catalog-lookup.js';
import type { CatalogData, Product } from './catalog-types.js';
import type { CatalogEdit } from './store.js';

/** A product's own id or its highest variation id. */
function highestIdIn(product: Product): number {
  let highest = product.id;
  for (const variation of product.variations ?? []) highest = Math.max(highest, variation.id);
  return highest;
}

/**
 * The highest id in use in each products array, carried from array to array by the edits, so that a one-product
 * edit of a large catalog does not walk every product and variation again.
 */
const highestInUse = new WeakMap<readonly Product[], number>();

function highestInUseOf(products: readonly Product[]): number {
  let highest = highestInUse.get(products);
  if (highest === undefined) {
    highest = 0;
    for (const product of products) highest = Math.max(highest, highestIdIn(product));
    highestInUse.set(products, highest);
  }
  return highest;
}

/** Above this many replaced products, one map of positions beats a scan per product. */
const SCANS_PER_EDIT = 8;

/** The products with replacements put in their places and new ones appended; the array is copied, never changed. */
function withUpserts(products: readonly Product[], upsert: readonly Product[]): Product[] {
  const result = products.slice();
  let positions: Map<number, number> | null = null;
  if (upsert.length > SCANS_PER_EDIT) positions = new Map(products.map((product, index) => [product.id, index]));
  for (const product of upsert) {
    const at = positions
      ? (positions.get(product.id) ?? -1)
      : result.findIndex((candidate) => candidate.id === product.id);
    if (at >= 0) result[at] = product;
    else result.push(product);
  }
  return result;
}

/** The catalog with `edit` applied: replaced products keep their place, new ones go last, removed ones leave. */
export function applyCatalogEdit(catalog: CatalogData, edit: CatalogEdit): CatalogData {
  const highestBefore = highestInUseOf(catalog.products);
  const removed = new Set(edit.remove);
  // Removals are rare (a deleted product): the plain copy-and-filter; everything else copies the array at once.
  const products =
    removed.size === 0
      ? withUpserts(catalog.products, edit.upsert)
      : withUpserts(
          catalog.products.filter((product) => !removed.has(product.id)),
          edit.upsert.filter((product) => !removed.has(product.id)),
        );
  let highestAfter: number;
  if (removed.size === 0) {
    // Replaced products could only lower it if a variation with the highest id was dropped: walk again only then.
    highestAfter = edit.upsert.reduce((highest, product) => Math.max(highest, highestIdIn(product)), highestBefore);
    const replacedTop = edit.upsert.some(
      (product) => highestIdIn(productById(catalog.products, product.id) ?? product) === highestBefore,
    );
    if (replacedTop) highestAfter = highestInUseOf(products);
    else highestInUse.set(products, highestAfter);
  } else {
    highestAfter = highestInUseOf(products);
  }
  carryLookupThroughEdit(catalog.products, edit, products);
  // Removed ids stay used: the highest id ever used only grows, and is kept apart only when none in use holds it.
  const highest = Math.max(catalog.highest_id ?? 0, highestBefore, highestAfter);
  const edited: CatalogData = {
    categories: edit.categories ?? catalog.categories,
    attributes: edit.attributes ?? catalog.attributes,
    products,
  };
  return highest > highestAfter ? { ...edited, highest_id: highest } : edited;
}

/** Whether an edit changes anything at all (an empty edit is not stored). */
export function isEmptyEdit(edit: CatalogEdit): boolean {
  return edit.upsert.length === 0 && edit.remove.length === 0 && !edit.categories && !edit.attributes;
}

/** Checks what a change function returned before it is stored, so that one bad edit cannot damage the catalog. */
export function assertValidEdit(catalog: CatalogData, edit: CatalogEdit): void {
  const seen = new Set<number>();
  for (const product of edit.upsert) {
    if (!Number.isSafeInteger(product.id) || product.id <= 0)
      throw new Error(`A product needs a positive integer id, not ${JSON.stringify(product.id)}.`);
    if (seen.has(product.id)) throw new Error(`Product ${product.id} is twice in one edit.`);
    seen.add(product.id);
  }
  for (const id of edit.remove)
    if (!productById(catalog.products, id))
      throw new Error(`Product ${id} cannot be removed: it is not in the catalog.`);
}

interface HistoryEntry {
  from: readonly Product[];
  edit: CatalogEdit;
}

/** The last edits of one process's catalog, by the products array each started from. */
export class CatalogEditHistory {
  readonly #entries: HistoryEntry[] = [];
  #current: readonly Product[] | null = null;

  constructor(private readonly capacity = 256) {}

  /** `edit` turned `from` into `to`. */
  record(from: readonly Product[], edit: CatalogEdit, to: readonly Product[]): void {
    if (this.#current !== from) this.#entries.length = 0;
    this.#entries.push({ from, edit });
    if (this.#entries.length > this.capacity) this.#entries.shift();
    this.#current = to;
  }

  /** The catalog was loaded or replaced as a whole: nothing older can catch up. */
  reset(current: readonly Product[]): void {
    this.#entries.length = 0;
    this.#current = current;
  }

  since(products: readonly Product[]): readonly CatalogEdit[] | null {
    if (products === this.#current) return [];
    const start = this.#entries.findIndex((entry) => entry.from === products);
    return start < 0 ? null : this.#entries.slice(start).map((entry) => entry.edit);
  }
}
