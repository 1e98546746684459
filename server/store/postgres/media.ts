/** `Store.media` on PostgreSQL: the description and the bytes in one row, written in one statement. */
import type pg from 'pg';
import type { MediaItem, MediaRepository, NewMedia } from '../media.js';

const COLUMNS = 'id, filename, title, mime_type, size, author_id, created_at';

type Row = Record<string, any>;

const itemOf = (row: Row): MediaItem => ({
  id: row.id, filename: row.filename, title: row.title, mime_type: row.mime_type, size: row.size,
  author_id: row.author_id, created_at: new Date(row.created_at).toISOString(),
});

export class PostgresMedia implements MediaRepository {
  constructor(private readonly pool: pg.Pool) {}

  async add(media: NewMedia, bytes: Buffer): Promise<MediaItem> {
    const { rows } = await this.pool.query(
      `INSERT INTO media (filename, title, mime_type, size, author_id, created_at, bytes)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [media.filename, media.title, media.mime_type, bytes.length, media.author_id, new Date().toISOString(), bytes],
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
}
