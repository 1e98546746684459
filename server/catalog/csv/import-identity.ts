/**
 * Which stored product or variation an imported row is, so that a product keeps what is its own
 * (slug, rating, sales, creation date, price history, all keyed by its id) and a new one inherits nothing of another.
 *
 * - **Merge** matches as WooCommerce's importer does: by `ID`, else by `SKU`; the row then updates that item.
 * - **Replace** keeps a stored product only where the row truly names it: the same SKU, or (when either has none)
 *   the same id and the same name. A file from another shop, or written by hand, whose ids collide with this
 *   catalog's names other products: its rows become new products.
 * - A row that names no stored item gets a fresh id above the highest ever used (ids are never reused, see
 *   `highest_id`), unless its own id was never used in this shop, which it then keeps.
 */
import { foldText, highestItemId, type CatalogData, type Product, type Variation } from '../model.js';
import type { Report } from './read-row.js';

interface Holder {
  product: Product;
  variation: Variation | null;
}

const sameName = (a: string, b: string) => foldText(a.trim()) === foldText(b.trim());
const compatibleSkus = (a: string, b: string) => a === '' || b === '' || a === b;
const sameTerms = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([name, term]) => b[name] === term);

export class ImportIdentity {
  readonly #merge: boolean;
  readonly #products = new Map<number, Product>();
  readonly #variations = new Map<number, Holder>();
  readonly #skus = new Map<string, Holder>();
  /** Stored items already taken by a row, with that row: two rows never update or continue one item. */
  readonly #taken = new Map<Product | Variation, number>();
  /** The highest id this shop ever used: a row's own id above it names nothing here. */
  readonly highest: number;

  constructor(base: CatalogData, merge: boolean) {
    this.#merge = merge;
    this.highest = highestItemId(base);
    for (const product of base.products) {
      this.#products.set(product.id, product);
      if (product.sku) this.#skus.set(product.sku, { product, variation: null });
      for (const variation of product.variations ?? []) {
        this.#variations.set(variation.id, { product, variation });
        if (variation.sku) this.#skus.set(variation.sku, { product, variation });
      }
    }
  }

  /** The stored product a product row updates (merge) or continues (replace), if any. */
  productOf(
    row: { id: number | null; sku: string; title: string },
    rowNumber: number,
    report: Report,
  ): Product | undefined {
    const held = row.sku ? this.#skus.get(row.sku) : undefined;
    let found: Product | undefined;
    if (this.#merge) {
      if (row.id !== null && this.#variations.has(row.id))
        return void report('ID', `${row.id} is a variation, not a product`);
      found =
        (row.id === null ? undefined : this.#products.get(row.id)) ??
        (held && !held.variation ? held.product : undefined);
    } else if (held) {
      found = held.variation ? undefined : held.product;
    } else {
      const byId = row.id === null ? undefined : this.#products.get(row.id);
      found = byId && compatibleSkus(byId.sku, row.sku) && sameName(byId.title, row.title) ? byId : undefined;
    }
    return this.#take(found, rowNumber, report);
  }

  /**
   * The stored variation a variation row updates or continues: one of `parent`'s (the stored product its parent row
   * is), by id or SKU in a merge, by SKU or by id with the same terms in a replace.
   */
  variationOf(
    parent: Product | undefined,
    row: { id: number | null; sku: string; attributes: Record<string, string> },
    rowNumber: number,
    report: Report,
  ): Variation | undefined {
    let found: Variation | undefined;
    if (this.#merge) {
      const byId = row.id === null ? undefined : this.#variations.get(row.id);
      if (row.id !== null && this.#products.has(row.id))
        return void report('ID', `${row.id} is a product, not a variation`);
      if (byId && byId.product.id !== parent?.id)
        return void report('ID', `variation ${row.id} belongs to product ${byId.product.id}`);
      const held = row.sku ? this.#skus.get(row.sku) : undefined;
      found = byId?.variation ?? (held?.variation && held.product.id === parent?.id ? held.variation : undefined);
    } else if (parent) {
      const variations = parent.variations ?? [];
      found =
        (row.sku ? variations.find((variation) => variation.sku === row.sku) : undefined) ??
        variations.find(
          (variation) =>
            variation.id === row.id &&
            compatibleSkus(variation.sku, row.sku) &&
            sameTerms(variation.attributes, row.attributes),
        );
    }
    return this.#take(found, rowNumber, report);
  }

  #take<T extends Product | Variation>(found: T | undefined, rowNumber: number, report: Report): T | undefined {
    if (!found) return undefined;
    const earlier = this.#taken.get(found);
    if (earlier === undefined) {
      this.#taken.set(found, rowNumber);
      return found;
    }
    // A replace makes the second row a new product; a merge cannot update one product from two rows.
    if (this.#merge) report('ID', `${found.id} is already updated by row ${earlier}`);
    return undefined;
  }

  /**
   * The id a row's item gets: its stored item's, its own when this shop never used it, else 0 (a fresh one follows).
   */
  idFor(ownId: number | null, found: { id: number } | undefined): number {
    if (found) return found.id;
    return ownId !== null && ownId > this.highest ? ownId : 0;
  }
}
