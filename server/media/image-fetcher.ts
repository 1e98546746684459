/**
 * Bringing an image named by URL into the media library: an address on the shop's own site is only shortened to
 * its path; an address fetched before is reused (the media library remembers where each image came from); one being
 * fetched right now is waited for, not fetched twice; anything else is downloaded (image-download.ts), tried again
 * once after a pause when the failure may pass, stored, and its resized variants made.
 */
import { mediaUrl } from '../store/media-addresses.js';
import { EXTENSION_OF } from '../store/media-types.js';
import type { Store } from '../store/store.js';
import type { FetchPolicy } from './fetch-policy.js';
import { DEFAULT_DOWNLOAD_LIMITS, downloadImage, ImageFetchError, type DownloadLimits } from './image-download.js';
import { safeFilename } from './media-files.js';
import type { MediaVariants } from './media-variants.js';

export interface ImageFetcherOptions {
  /** The shop's own origin: its absolute addresses are not fetched. */
  siteUrl: string;
  policy: FetchPolicy;
  limits?: DownloadLimits;
  /** The pause before the one retry. */
  retryDelayMs?: number;
}

/** Where an image now lives on the shop, and how it got there. */
export interface LibraryImage {
  /** A site path: the media library's address, or the shop's own path the URL named. */
  path: string;
  how: 'fetched' | 'reused' | 'own';
}

/** A failed fetch, with how many times it was tried. */
export class ImageFetchFailure extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
  }
}

/** Fetched images belong to no user: the shop fetched them on an import's or the API's behalf. */
const SHOP_AUTHOR = 0;

export class ImageFetcher {
  readonly #inFlight = new Map<string, Promise<LibraryImage>>();
  readonly #origin: string;

  constructor(
    private readonly store: Store,
    private readonly variants: MediaVariants,
    private readonly options: ImageFetcherOptions,
  ) {
    this.#origin = new URL(options.siteUrl).origin;
  }

  /** @throws ImageFetchFailure with the reason in the manager's words */
  toLibrary(url: string): Promise<LibraryImage> {
    let pending = this.#inFlight.get(url);
    if (!pending) {
      pending = this.#toLibrary(url).finally(() => this.#inFlight.delete(url));
      this.#inFlight.set(url, pending);
    }
    return pending;
  }

  async #toLibrary(url: string): Promise<LibraryImage> {
    const own = this.#ownPath(url);
    if (own) return { path: own, how: 'own' };
    const known = await this.store.media.findFetched(url);
    if (known) return { path: mediaUrl(known), how: 'reused' };
    const image = await this.#download(url);
    const name = decodeURIComponentSafe(new URL(image.url).pathname.split('/').pop() ?? '');
    const item = await this.store.media.add(
      {
        filename: safeFilename(name, EXTENSION_OF[image.type]),
        title: name.replace(/\.[^.]*$/, '').slice(0, 200) || 'image',
        mime_type: image.type,
        author_id: SHOP_AUTHOR,
        fetched_from: url,
      },
      image.bytes,
    );
    await this.variants.makeAll(item.id);
    return { path: mediaUrl(item), how: 'fetched' };
  }

  async #download(url: string) {
    const limits = this.options.limits ?? DEFAULT_DOWNLOAD_LIMITS;
    try {
      return await downloadImage(url, this.options.policy, limits);
    } catch (first) {
      if (!(first instanceof ImageFetchError)) throw first;
      if (!first.retryable) throw new ImageFetchFailure(first.message, 1);
      await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs ?? 1_000));
      try {
        return await downloadImage(url, this.options.policy, limits);
      } catch (second) {
        if (!(second instanceof ImageFetchError)) throw second;
        throw new ImageFetchFailure(second.message, 2);
      }
    }
  }

  /** `https://shop.example/media/uploads/3/a.jpg` on the shop itself -> `/media/uploads/3/a.jpg`. */
  #ownPath(url: string): string | null {
    try {
      const parsed = new URL(url);
      return parsed.origin === this.#origin ? `${parsed.pathname}${parsed.search}` : null;
    } catch {
      return null;
    }
  }
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
