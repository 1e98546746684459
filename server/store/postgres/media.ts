/** `Store.media` on PostgreSQL: the description and the bytes in one row, written in one statement. */
import type pg from 'pg';
import type { MediaEntry, MediaItem, MediaRepository, NewMedia } from '../media.js';
import type { Queryable } from './connection.js';

const COLUMNS = 'id, filename, title, mime_type, size, author_id, created_at, fetched_from';

// biome-ignore lint/suspicious/noExplicitAny: node-postgres types a row's columns as any; each reader names them
type Row = Record<string, any>;

const itemOf = (row: Row): MediaItem => ({
  id: row.id,
  filename: row.filename,
  title: row.title,
  mime_type: row.mime_type,
  size: row.size,
  author_id: row.author_id,
  created_at: new Date(row.created_at).toISOString(),
  fetched_from: row.fetched_from ?? null,
});

/** PostgreSQL's foreign_key_violation: the item was deleted while its variant was being saved. */
const FOREIGN_KEY_VIOLATION = '23503';

export class PostgresMedia implements MediaRepository {
  constructor(private readonly pool: pg.Pool) {}

  async add(media: NewMedia, bytes: Buffer): Promise<MediaItem> {
    const { rows } = await this.pool.query(
      `INSERT INTO media (filename, title, mime_type, size, author_id, created_at, fetched_from, bytes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [
        media.filename,
        media.title,
        media.mime_type,
        bytes.length,
        media.author_id,
        new Date().toISOString(),
        media.fetched_from ?? null,
        bytes,
      ],
    );
    return itemOf(rows[0]);
  }

  async get(id: number): Promise<MediaItem | null> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM media WHERE id = $1`, [id]);
    return rows[0] ? itemOf(rows[0]) : null;
  }

  async read(id: number): Promise<{ item: MediaItem; bytes: Buffer } | null> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS}, bytes FROM media WHERE id = $1`, [id]);
    return rows[0] ? { item: itemOf(rows[0]), bytes: rows[0].bytes as Buffer } : null;
  }

  async list(): Promise<MediaItem[]> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM media ORDER BY id DESC`);
    return rows.map(itemOf);
  }

  async delete(id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM media WHERE id = $1', [id]);
    return (rowCount ?? 0) > 0;
  }

  async findFetched(url: string): Promise<MediaItem | null> {
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS} FROM media WHERE fetched_from = $1 ORDER BY id DESC LIMIT 1`,
      [url],
    );
    return rows[0] ? itemOf(rows[0]) : null;
  }

  async saveVariant(id: number, width: number, bytes: Buffer): Promise<boolean> {
    try {
      const { rowCount } = await this.pool.query(
        `INSERT INTO media_variants (media_id, width, bytes) SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM media WHERE id = $1)
         ON CONFLICT (media_id, width) DO UPDATE SET bytes = EXCLUDED.bytes`,
        [id, width, bytes],
      );
      return (rowCount ?? 0) > 0;
    } catch (error) {
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return false;
      throw error;
    }
  }

  async readVariant(id: number, width: number): Promise<Buffer | null> {
    const { rows } = await this.pool.query('SELECT bytes FROM media_variants WHERE media_id = $1 AND width = $2', [
      id,
      width,
    ]);
    return rows[0] ? (rows[0].bytes as Buffer) : null;
  }
}

/** Inserts copied media with their ids and times (store copy); new uploads then number after them. */
export async function insertMedia(client: Queryable, entries: readonly MediaEntry[]): Promise<void> {
  for (const { item, bytes } of entries) {
    // One row per statement: each carries its bytes (up to 8 MB) as a parameter.
    await client.query(
      `INSERT INTO media (id, filename, title, mime_type, size, author_id, created_at, fetched_from, bytes) OVERRIDING SYSTEM VALUE
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        item.id,
        item.filename,
        item.title,
        item.mime_type,
        bytes.length,
        item.author_id,
        item.created_at,
        item.fetched_from ?? null,
        bytes,
      ],
    );
  }
  if (entries.length > 0)
    await client.query(`SELECT setval(pg_get_serial_sequence('media', 'id'), (SELECT max(id) FROM media))`);
}
