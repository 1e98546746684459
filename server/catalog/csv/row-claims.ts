/**
 * What the rows of one file claim: each `ID` once, each SKU once (in a merge, SKUs of the catalog stay their items'
 * unless a row is that item), and the parents that variation rows may name by `id:123` or by SKU.
 */
import type { CatalogData, Product } from '../model.js';
import type { Report } from './read-row.js';

/** A product row as read: the stored product it is (if any) and the product it makes (null when rejected). */
export interface ParentEntry {
  row: number;
  stored: Product | undefined;
  product: Product | null;
  /** The row's `Slug` cell ('' for none). */
  wantedSlug: string;
  /** Whether the product keeps its stored slug: it is a stored one and the file gives no other. */
  keepsSlug: boolean;
}

interface SkuHolder {
  id: number | null;
  /** The row that claimed it; null for the catalog's own item. */
  row: number | null;
  kind: 'product' | 'variation';
}

export class RowClaims {
  readonly #skus = new Map<string, SkuHolder>();
  readonly #ids = new Map<number, number>();
  readonly parentById = new Map<number, ParentEntry>();
  readonly parentBySku = new Map<string, ParentEntry>();

  constructor(base: CatalogData, merge: boolean) {
    if (!merge) return;
    for (const product of base.products) {
      if (product.sku) this.#skus.set(product.sku, { id: product.id, row: null, kind: 'product' });
      for (const variation of product.variations ?? [])
        if (variation.sku) this.#skus.set(variation.sku, { id: variation.id, row: null, kind: 'variation' });
    }
  }

  claimId(id: number | null, row: number, report: Report): void {
    if (id === null) return;
    const earlier = this.#ids.get(id);
    if (earlier !== undefined) return report('ID', `ID ${id} is already used in row ${earlier}`);
    this.#ids.set(id, row);
  }

  /** @param itemId the stored item the row is (a catalog item may keep its own SKU), or the row's own id */
  claimSku(sku: string, itemId: number | null, row: number, report: Report, kind: SkuHolder['kind'] = 'product'): void {
    if (sku === '') return;
    const holder = this.#skus.get(sku);
    if (holder && !(holder.row === null && itemId !== null && holder.id === itemId)) {
      return report(
        'SKU',
        holder.row === null
          ? `SKU "${sku}" is already used by ${holder.kind} ${holder.id}`
          : `SKU "${sku}" is already used in row ${holder.row}`,
      );
    }
    this.#skus.set(sku, { id: itemId, row, kind });
  }

  /** Makes a product row nameable as a parent, by its own id and SKU (the first row to claim either keeps it). */
  addParent(entry: ParentEntry, ownId: number | null, sku: string): void {
    if (ownId !== null && !this.parentById.has(ownId)) this.parentById.set(ownId, entry);
    if (sku && !this.parentBySku.has(sku)) this.parentBySku.set(sku, entry);
  }
}
