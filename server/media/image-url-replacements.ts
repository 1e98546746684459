/**
 * Swapping the addresses products name for the media library's own, as images arrive. Each swap is a catalog change
 * (so the facet index, the search and other instances follow), applied to whatever product names the address at
 * that moment: a product re-edited meanwhile to another picture keeps it, and every product sharing the address
 * gets the fetched image. Swaps are gathered for a moment and stored together, since each catalog change costs a
 * durable write.
 */
import { changeProducts } from '../catalog/catalog-writes.js';
import type { Product } from '../catalog/model.js';
import type { Store } from '../store/store.js';

/** How long arriving images wait to be stored together. */
const GATHER_MS = 500;

/** @returns the products whose image or gallery changed, or [] */
function swapped(products: readonly Product[], replacements: ReadonlyMap<string, string>): Product[] {
  const changed: Product[] = [];
  for (const product of products) {
    const image = replacements.get(product.image) ?? product.image;
    const gallery = product.gallery?.map((entry) => replacements.get(entry) ?? entry);
    if (image !== product.image || gallery?.some((entry, index) => entry !== product.gallery![index])) {
      changed.push({ ...product, image, ...(gallery ? { gallery } : {}) });
    }
  }
  return changed;
}

/** Stores `replacements` (address -> site path) in one catalog change. @returns how many products changed */
export async function replaceImageUrls(store: Store, replacements: ReadonlyMap<string, string>): Promise<number> {
  if (replacements.size === 0) return 0;
  const { result } = await changeProducts(store, (catalog) => {
    const upsert = swapped(catalog.products, replacements);
    return { edit: upsert.length > 0 ? { upsert, remove: [] } : null, result: upsert.length };
  });
  return result;
}

/** Gathers replacements as images arrive and stores them in batches; `flush()` stores the rest at the end. */
export class ImageUrlReplacer {
  #pending = new Map<string, string>();
  #timer: NodeJS.Timeout | null = null;
  #writing: Promise<unknown> = Promise.resolve();
  /** Products changed by the writes so far. */
  updatedProducts = 0;
  /** A write started by the timer that failed, told at the next flush. */
  #failed: unknown = null;

  constructor(private readonly store: Store) {}

  add(url: string, path: string): void {
    this.#pending.set(url, path);
    this.#timer ??= setTimeout(() => {
      this.#write().catch((error: unknown) => {
        this.#failed ??= error;
      });
    }, GATHER_MS);
  }

  /** Stores everything added so far; rejects when a write failed. */
  async flush(): Promise<void> {
    await this.#write();
    if (this.#failed) throw this.#failed;
  }

  #write(): Promise<unknown> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const batch = this.#pending;
    this.#pending = new Map();
    // One write at a time, in order: a later batch never lands before an earlier one.
    this.#writing = this.#writing
      .catch(() => undefined)
      .then(async () => {
        this.updatedProducts += await replaceImageUrls(this.store, batch);
      });
    return this.#writing;
  }
}
