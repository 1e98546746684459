/**
 * Images named by the id of a media library item, as WooCommerce takes them (`images: [{id}]`, a variation's
 * `image: {id}`): an id that is not 0 wins over `src`, and names an item of the library or is refused with
 * WooCommerce's 400 `woocommerce_product_invalid_image_id`. Each id becomes the item's address on the shop, so the
 * rest of a write reads the body as if that address had been sent (and nothing is fetched for it).
 */
import { mediaUrl } from '../store/media-addresses.js';
import type { Store } from '../store/store.js';
import { RestError } from '../rest/errors.js';
import { isPlainObject, own } from './wc-body-reader.js';
import { invalidImageId } from './wc-errors.js';

/** The path of an address (absolute or on the site), or '' for one that is not an address. */
function pathOf(address: string): string {
  try {
    return new URL(address, 'http://shop.invalid').pathname;
  } catch {
    return '';
  }
}

/** An image's id as WooCommerce reads it (`absint`): 0 when absent or not a number, so that `src` is used. */
function imageIdOf(image: unknown): number {
  const raw = isPlainObject(image) ? own(image, 'id') : undefined;
  const id = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : 0;
}

/**
 * The body with each image named by id given the item's address as `src`; other bodies are answered as they came.
 * @throws RestError 400 `woocommerce_product_invalid_image_id` for an id the library does not hold
 */
export async function withMediaImages(store: Store, body: unknown): Promise<unknown> {
  if (!isPlainObject(body)) return body;
  const resolve = async (image: unknown) => {
    const id = imageIdOf(image);
    if (id === 0) return image;
    const item = await store.media.get(id);
    if (!item) throw invalidImageId(id);
    // An image sent back as it was read (its id beside the shop's own address of it) is left as sent, so that the
    // image job reports it as the shop's own, as it does for any address on the shop.
    const src = own(image as Record<string, unknown>, 'src');
    if (typeof src === 'string' && pathOf(src) === mediaUrl(item)) return image;
    return { ...(image as Record<string, unknown>), src: mediaUrl(item) };
  };
  const images = own(body, 'images');
  const image = own(body, 'image');
  const resolved: Record<string, unknown> = { ...body };
  if (Array.isArray(images)) resolved.images = await Promise.all(images.map(resolve));
  if (isPlainObject(image)) resolved.image = await resolve(image);
  return resolved;
}

/** A batch item whose images could not be resolved: answered with its error, the others applied. */
export class RejectedBatchItem {
  constructor(
    readonly body: unknown,
    readonly error: RestError,
  ) {}
}

/** Every create and update of a batch with its images resolved, or rejected with the reason. */
export async function batchWithMediaImages<T extends { create: unknown[]; update: unknown[] }>(
  store: Store,
  request: T,
): Promise<T> {
  const resolveAll = (bodies: unknown[]) =>
    Promise.all(
      bodies.map(async (body) => {
        try {
          return await withMediaImages(store, body);
        } catch (error) {
          if (error instanceof RestError) return new RejectedBatchItem(body, error);
          throw error;
        }
      }),
    );
  return { ...request, create: await resolveAll(request.create), update: await resolveAll(request.update) };
}
