/**
 * A working copy of the catalog inside one catalog change: the products it changed, added and removed over the
 * stored catalog, with the lookups a write needs (who holds a SKU or slug, the next free id). Nothing is copied
 * up front, so a change of one product in a large catalog costs little; the base catalog's lookups are built once
 * per products array and shared by every later change. At the end it is one {@link CatalogEdit}.
 */
import type { CatalogEdit } from '../store/store.js';
import { productById, productBySlug } from '../store/catalog-lookup.js';
import { memoizeByArray } from './memoize-by-array.js';
import { highestItemId, type AttributeDefinition, type CatalogData, type Category, type Product } from './model.js';

/** Who holds a SKU: the product, and the item (the product itself or one of its variations). */
export interface SkuHolder {
  productId: number;
  itemId: number;
}

function skuHoldersOf(product: Product): [string, SkuHolder][] {
  const holders: [string, SkuHolder][] = [];
  if (product.sku) holders.push([product.sku, { productId: product.id, itemId: product.id }]);
  for (const variation of product.variations ?? []) {
    if (variation.sku) holders.push([variation.sku, { productId: product.id, itemId: variation.id }]);
  }
  return holders;
}

const skuIndexOf = memoizeByArray((products: readonly Product[]) => new Map(products.flatMap(skuHoldersOf)));

/** Products and variations share one id space (as WooCommerce's posts do): the highest id in use in either. */
const highestIdOf = memoizeByArray((products: readonly Product[]) => highestItemId({ products }));

export class CatalogDraft {
  readonly #base: CatalogData;
  readonly #changed = new Map<number, Product>();
  readonly #removed = new Set<number>();
  #attributes: AttributeDefinition[];
  #lastId: number;

  constructor(base: CatalogData) {
    this.#base = base;
    this.#attributes = base.attributes;
    // Deleted products' ids are never given again: the catalog remembers the highest ever used.
    this.#lastId = Math.max(highestIdOf(base.products), base.highest_id ?? 0);
  }

  get categories(): readonly Category[] {
    return this.#base.categories;
  }

  get attributes(): readonly AttributeDefinition[] {
    return this.#attributes;
  }

  /** Replaces the attribute definitions (a write that named a new attribute). */
  setAttributes(attributes: AttributeDefinition[]): void {
    this.#attributes = attributes;
  }

  product(id: number): Product | undefined {
    if (this.#removed.has(id)) return undefined;
    return this.#changed.get(id) ?? productById(this.#base.products, id);
  }

  /** Stores a new or changed product in the draft; the object must not be changed afterwards. */
  put(product: Product): void {
    this.#changed.set(product.id, product);
  }

  remove(id: number): void {
    this.#changed.delete(id);
    this.#removed.add(id);
  }

  /** A fresh id for a product or variation, never used by either. */
  newId(): number {
    return ++this.#lastId;
  }

  /** The product or variation that holds `sku` now, if any. */
  skuHolder(sku: string): SkuHolder | undefined {
    for (const product of this.#changed.values()) {
      const held = skuHoldersOf(product).find(([taken]) => taken === sku);
      if (held) return held[1];
    }
    const holder = skuIndexOf(this.#base.products).get(sku);
    // A base product that the draft changed or removed no longer speaks for itself: its draft copy was searched above.
    return holder && !this.#changed.has(holder.productId) && !this.#removed.has(holder.productId) ? holder : undefined;
  }

  /** Whether a product other than `exceptId` has this slug now. */
  slugTaken(slug: string, exceptId: number): boolean {
    for (const product of this.#changed.values()) if (product.slug === slug && product.id !== exceptId) return true;
    const holder = productBySlug(this.#base.products, slug);
    return (
      holder !== undefined && holder.id !== exceptId && !this.#changed.has(holder.id) && !this.#removed.has(holder.id)
    );
  }

  /** What the draft changed, or null when it changed nothing. */
  edit(): CatalogEdit | null {
    const remove = [...this.#removed].filter((id) => productById(this.#base.products, id) !== undefined);
    const upsert = [...this.#changed.values()];
    const attributes = this.#attributes !== this.#base.attributes ? this.#attributes : undefined;
    if (upsert.length === 0 && remove.length === 0 && !attributes) return null;
    return { upsert, remove, ...(attributes ? { attributes } : {}) };
  }
}
