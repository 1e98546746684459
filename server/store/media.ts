/**
 * Uploaded media: images stored by the store itself, so that every instance behind a load balancer
 * serves the same files. The lowdb adapter keeps the bytes under DATA_DIR/media/, the PostgreSQL adapter in a
 * bytea column. Types are sniffed before anything reaches the store (server/media/sniff-image.ts).
 */
import type { MediaType } from './media-types.js';

export interface MediaItem {
  id: number;
  /** A safe name for the URL and downloads, derived from the uploaded name: `summer-banner.jpg`. */
  filename: string;
  title: string;
  mime_type: MediaType;
  /** Bytes. */
  size: number;
  author_id: number;
  created_at: string;
  /** The http(s) address the file was fetched from (an imported product's image), or null for an upload. */
  fetched_from: string | null;
}

export type NewMedia = Omit<MediaItem, 'id' | 'size' | 'created_at' | 'fetched_from'> & {
  fetched_from?: string | null;
};

/**
 * An item with its bytes, as `vitrine store copy` moves it (ids kept: pages link to /media/uploads/<id>/...). Resized
 * variants are not copied: they are made again from the original on first request.
 */
export interface MediaEntry {
  item: MediaItem;
  bytes: Buffer;
}

export interface MediaRepository {
  /** Stores the bytes and their description; resolves once both are durable. */
  add(media: NewMedia, bytes: Buffer): Promise<MediaItem>;
  get(id: number): Promise<MediaItem | null>;
  /** The item and its bytes, or null when there is no such item. */
  read(id: number): Promise<{ item: MediaItem; bytes: Buffer } | null>;
  /** Newest first. */
  list(): Promise<MediaItem[]>;
  /** @returns whether there was such an item (its variants go with it) */
  delete(id: number): Promise<boolean>;
  /** The newest item fetched from `url`, so that an address imported again is not fetched again. */
  findFetched(url: string): Promise<MediaItem | null>;
  /**
   * Keeps a resized copy of an item (WebP, `width` pixels wide) beside it, replacing any earlier one.
   * @returns false when there is no such item (it was deleted meanwhile)
   */
  saveVariant(id: number, width: number, bytes: Buffer): Promise<boolean>;
  /** A resized copy saved by {@link saveVariant}, or null when none was made yet. */
  readVariant(id: number, width: number): Promise<Buffer | null>;
}
