/**
 * Catalog edits in memory, shared by both stores: applying an edit to a catalog (always into a new products array)
 * and remembering the last edits, so that whatever was built from an older array can catch up edit by edit.
 */
import { carryLookupThroughEdit, productById } from '../catalog/catalog-lookup.js';
import type { CatalogData, Product } from '../catalog/model.js';
import type { CatalogEdit } from './store.js';

/** A product's own id or its highest variation id. */
function highestIdIn(product: Product): number {
  let highest = product.id;
  for (const variation of product.variations ?? []) highest = Math.max(highest, variation.id);
  return highest;
}

/** The catalog with `edit` applied: replaced products keep their place, new ones go last, removed ones leave. */
export function applyCatalogEdit(catalog: CatalogData, edit: CatalogEdit): CatalogData {
  const replacements = new Map<number, Product>();
  for (const product of edit.upsert) replacements.set(product.id, product);
  const removed = new Set(edit.remove);
  const products: Product[] = [];
  // The highest ids before and after, found in the one pass the copy makes anyway.
  let highestBefore = 0;
  let highestAfter = 0;
  for (const product of catalog.products) {
    highestBefore = Math.max(highestBefore, highestIdIn(product));
    if (removed.has(product.id)) continue;
    const replacement = replacements.get(product.id);
    const kept = replacement ?? product;
    products.push(kept);
    highestAfter = Math.max(highestAfter, highestIdIn(kept));
    if (replacement) replacements.delete(product.id);
  }
  for (const product of replacements.values()) {
    if (removed.has(product.id)) continue;
    products.push(product);
    highestAfter = Math.max(highestAfter, highestIdIn(product));
  }
  carryLookupThroughEdit(catalog.products, edit, products);
  // Removed ids stay used: the highest id ever used only grows, and is kept apart only when none in use holds it.
  const highest = Math.max(catalog.highest_id ?? 0, highestBefore, highestAfter);
  const edited: CatalogData = { categories: edit.categories ?? catalog.categories, attributes: edit.attributes ?? catalog.attributes, products };
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
    if (!Number.isSafeInteger(product.id) || product.id <= 0) throw new Error(`A product needs a positive integer id, not ${JSON.stringify(product.id)}.`);
    if (seen.has(product.id)) throw new Error(`Product ${product.id} is twice in one edit.`);
    seen.add(product.id);
  }
  for (const id of edit.remove) if (!productById(catalog.products, id)) throw new Error(`Product ${id} cannot be removed: it is not in the catalog.`);
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
