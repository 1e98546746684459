/**
 * The resized copies of the media library's images that cards and product pages offer in `srcset`: WebP at each of
 * VARIANT_WIDTHS, made once with sharp and kept by the store beside the original, so that a shopper's phone loads a
 * 300 px picture, not a 4000 px original. They are made when an image is fetched, and on first request for anything
 * stored before (uploads, copies); a file sharp cannot read is served as it is instead.
 */
import { VARIANT_WIDTHS } from '../store/media-addresses.js';
import type { MediaType } from '../store/media-types.js';
import type { MediaItem } from '../store/media.js';
import type { Store } from '../store/store.js';

/** About 40 megapixels: larger than any product photo, and it stops a small file that unpacks into gigabytes. */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;

export interface ServedImage {
  item: MediaItem;
  bytes: Buffer;
  type: MediaType;
}

export async function resizeToWebp(bytes: Buffer, width: number): Promise<Buffer> {
  // sharp (and its native library) loads with the first image resized, not with every start of the shop.
  const { default: sharp } = await import('sharp');
  // rotate() applies the EXIF orientation, which the variant then no longer carries.
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

export class MediaVariants {
  /** One resize at a time: on a 2-core server a burst of first requests must not starve the shop's pages. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #making = new Map<string, Promise<ServedImage | null>>();

  constructor(private readonly store: Store) {}

  /**
   * The item's variant of `width`, made and kept on first request; the original when it cannot be resized; null when
   * there is no such item.
   */
  variant(id: number, width: number): Promise<ServedImage | null> {
    const key = `${id}/${width}`;
    let making = this.#making.get(key);
    if (!making) {
      making = this.#variant(id, width).finally(() => this.#making.delete(key));
      this.#making.set(key, making);
    }
    return making;
  }

  /** Makes every variant of an item not made yet (after a fetch), so that no shopper waits for one. */
  async makeAll(id: number): Promise<void> {
    for (const width of VARIANT_WIDTHS) await this.variant(id, width);
  }

  async #variant(id: number, width: number): Promise<ServedImage | null> {
    const item = await this.store.media.get(id);
    if (!item) return null;
    const kept = await this.store.media.readVariant(id, width);
    if (kept) return { item, bytes: kept, type: 'image/webp' };
    const original = await this.store.media.read(id);
    if (!original) return null;
    const resized = await this.#oneAtATime(() => resizeToWebp(original.bytes, width)).catch(() => null);
    if (!resized) return { item, bytes: original.bytes, type: item.mime_type };
    await this.store.media.saveVariant(id, width, resized);
    return { item, bytes: resized, type: 'image/webp' };
  }

  #oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
