/**
 * The products of a catalog opened lazily (see `CatalogStore.loaded`), read without holding them all: the catalog
 * file's lines, indexed when it was opened (catalog-lines.ts), and the products the journal changed since, which take
 * the place of the file's.
 */
import type { CatalogEdit, Product } from '../catalog-types.js';
import type { CatalogLines } from './catalog-lines.js';

export class UnloadedProducts {
  /** The file's lines; null when there is no catalog file. */
  readonly #lines: CatalogLines | null;
  /** The products the journal changed since the file was written, by id (null: removed). */
  readonly #changed = new Map<number, Product | null>();

  constructor(lines: CatalogLines | null) {
    this.#lines = lines;
  }

  /** Keeps what an edit of the journal changes, by product. */
  note(edit: CatalogEdit): void {
    for (const product of edit.upsert) this.#changed.set(product.id, product);
    for (const id of edit.remove) this.#changed.set(id, null);
  }

  /**
   * The product at `slug`; of two sharing one, the later in the catalog's order, as a loaded catalog's lookup holds it.
   */
  async bySlug(slug: string): Promise<Product | undefined> {
    // The journal's products as they are now, then the file's that the journal left alone.
    const edited = [...this.#changed.values()].filter(
      (product): product is Product => product !== null && product.slug === slug,
    );
    if (edited.length) return edited.at(-1);
    const fromFile = this.#lines ? await this.#lines.withSlug(slug) : [];
    return fromFile.filter((product) => !this.#changed.has(product.id)).at(-1);
  }

  /** The products with these ids, in the order asked (ids with no product left out). */
  async byIds(ids: readonly number[]): Promise<Product[]> {
    const fromFile = this.#lines
      ? await this.#lines.read(ids.filter((id) => !this.#changed.has(id)))
      : new Map<number, Product>();
    return ids.flatMap((id) => (this.#changed.has(id) ? (this.#changed.get(id) ?? []) : (fromFile.get(id) ?? [])));
  }

  /** The products with these ids as the catalog file holds them, whatever the journal changed since. */
  async inFile(ids: readonly number[]): Promise<Map<number, Product>> {
    return this.#lines ? this.#lines.read(ids) : new Map();
  }

  /** Closes the catalog file (the products were loaded, or the file was read again). */
  async close(): Promise<void> {
    await this.#lines?.close();
  }
}
