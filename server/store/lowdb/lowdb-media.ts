/**
 * `Store.media` on lowdb files: each file's bytes in DATA_DIR/media/<random>.<ext>, written durably before
 * media.json (a JsonDocument: locked between processes, durable, schema-checked) names it. A crash in between leaves
 * an unnamed file, never a described file that is missing.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
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

  async add(media: NewMedia, bytes: Buffer): Promise<MediaItem> {
    await mkdir(this.directory, { recursive: true });
    const file = `${randomUUID()}.${EXTENSION_OF[media.mime_type]}`;
    await writeFileDurably(path.join(this.directory, file), bytes);
    const created_at = new Date().toISOString();
    return this.#document.update((draft) => {
      draft.last_id += 1;
      const stored: StoredMedia = { ...media, id: draft.last_id, size: bytes.length, created_at, file };
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
    if (removed) await rm(path.join(this.directory, removed.file), { force: true });
    return removed !== null;
  }
}

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
  await new CheckedJsonFile<MediaFile>(path.join(directory, 'media.json'), mediaFileSchema as never).write({ revision: 1, last_id: lastId, items });
}
