/**
 * `Store.media` on lowdb files: each file's bytes in DATA_DIR/media/<random>.<ext>, written durably before
 * media.json (a JsonDocument: locked between processes, durable, schema-checked) names it. A crash in between leaves
 * an unnamed file, never a described file that is missing. Resized variants sit beside their original as
 * `<random>.<width>w.webp`; media.json does not list them, since they can always be made again.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { EXTENSION_OF, MEDIA_TYPES } from '../media-types.js';
import type { MediaEntry, MediaItem, MediaRepository, NewMedia } from '../media.js';
import { writeFileDurably } from './durable-write.js';
import { CheckedJsonFile, JsonDocument } from './json-document.js';

const storedMediaSchema = z.object({
  id: z.number().int().positive(),
  filename: z.string().min(1),
  title: z.string(),
  mime_type: z.enum(MEDIA_TYPES),
  size: z.number().int().nonnegative(),
  author_id: z.number().int().nonnegative(),
  created_at: z.string(),
  // Absent in folders written before imports fetched images.
  fetched_from: z.string().nullable().default(null),
  /** The file's name in the media folder; not part of the item. */
  file: z.string().regex(/^[0-9a-f-]+\.(jpg|png|webp|avif)$/),
});

const mediaFileSchema = z.object({
  revision: z.number().int().nonnegative().default(0),
  last_id: z.number().int().nonnegative().default(0),
  items: z.array(storedMediaSchema).default([]),
});

type MediaFile = z.output<typeof mediaFileSchema>;
type StoredMedia = z.output<typeof storedMediaSchema>;

const itemOf = ({ file: _file, ...item }: StoredMedia): MediaItem => item;

export class LowdbMedia implements MediaRepository {
  readonly #document: JsonDocument<MediaFile>;

  constructor(private readonly directory: string) {
    this.#document = new JsonDocument<MediaFile>(
      new CheckedJsonFile<MediaFile>(path.join(directory, 'media.json'), mediaFileSchema as never),
      () => ({ revision: 0, last_id: 0, items: [] }),
    );
  }

  /**
   * Reads and checks media.json at start, like every other data file: a damaged one stops the start naming the file,
   * before any upload could write over the library's list.
   * @throws StoreCorruptError
   */
  async load(): Promise<this> {
    await this.#document.load();
    return this;
  }

  async add(media: NewMedia, bytes: Buffer): Promise<MediaItem> {
    await mkdir(this.directory, { recursive: true });
    const file = `${randomUUID()}.${EXTENSION_OF[media.mime_type]}`;
    await writeFileDurably(path.join(this.directory, file), bytes);
    const created_at = new Date().toISOString();
    return this.#document.update((draft) => {
      draft.last_id += 1;
      const stored: StoredMedia = {
        ...media,
        fetched_from: media.fetched_from ?? null,
        id: draft.last_id,
        size: bytes.length,
        created_at,
        file,
      };
      draft.items.push(stored);
      return itemOf(stored);
    });
  }

  async #stored(id: number): Promise<StoredMedia | undefined> {
    return (await this.#document.current()).items.find((item) => item.id === id);
  }

  async get(id: number): Promise<MediaItem | null> {
    const stored = await this.#stored(id);
    return stored ? itemOf(stored) : null;
  }

  async read(id: number): Promise<{ item: MediaItem; bytes: Buffer } | null> {
    const stored = await this.#stored(id);
    if (!stored) return null;
    return { item: itemOf(stored), bytes: await readFile(path.join(this.directory, stored.file)) };
  }

  async list(): Promise<MediaItem[]> {
    return [...(await this.#document.current()).items].reverse().map(itemOf);
  }

  async delete(id: number): Promise<boolean> {
    const removed = await this.#document.update((draft) => {
      const index = draft.items.findIndex((item) => item.id === id);
      return index < 0 ? null : draft.items.splice(index, 1)[0]!;
    });
    // The description goes first: a file left behind by a crash here is only unused space.
    if (removed) {
      // The original and its variants share the prefix.
      const files = (await readdir(this.directory)).filter((file) => file.startsWith(variantPrefix(removed.file)));
      for (const file of files) await rm(path.join(this.directory, file), { force: true });
    }
    return removed !== null;
  }

  async findFetched(url: string): Promise<MediaItem | null> {
    const found = (await this.#document.current()).items.findLast((item) => item.fetched_from === url);
    return found ? itemOf(found) : null;
  }

  async saveVariant(id: number, width: number, bytes: Buffer): Promise<boolean> {
    const stored = await this.#stored(id);
    if (!stored) return false;
    await writeFileDurably(this.#variantPath(stored, width), bytes);
    // Deleted meanwhile: its variant must not outlive it.
    if (await this.#stored(id)) return true;
    await rm(this.#variantPath(stored, width), { force: true });
    return false;
  }

  async readVariant(id: number, width: number): Promise<Buffer | null> {
    const stored = await this.#stored(id);
    if (!stored) return null;
    try {
      return await readFile(this.#variantPath(stored, width));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  #variantPath(stored: StoredMedia, width: number): string {
    return path.join(this.directory, `${variantPrefix(stored.file)}${Math.trunc(width)}w.webp`);
  }
}

/** `3f2a….jpg` -> `3f2a….`: what every variant file of that original starts with. */
const variantPrefix = (file: string) => `${file.replace(/\.[a-z]+$/, '')}.`;

/** Writes copied media into a new data folder's media directory (store copy), ids and times kept. */
export async function writeMediaFolder(directory: string, entries: readonly MediaEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await mkdir(directory, { recursive: true });
  const items: StoredMedia[] = [];
  for (const { item, bytes } of entries) {
    const file = `${randomUUID()}.${EXTENSION_OF[item.mime_type]}`;
    await writeFileDurably(path.join(directory, file), bytes);
    items.push({ ...item, size: bytes.length, file });
  }
  const lastId = items.reduce((highest, item) => Math.max(highest, item.id), 0);
  await new CheckedJsonFile<MediaFile>(path.join(directory, 'media.json'), mediaFileSchema as never).write({
    revision: 1,
    last_id: lastId,
    items,
  });
}
