/** `Store.dsaNotices` on PostgreSQL: one row per notice (migration 004); each method is one statement. */
import type pg from 'pg';
import type { DsaNotice } from '../schema.js';
import type { Enqueue } from '../outbox.js';
import { StoreNotFoundError, type DsaNoticeRepository, type NewDsaNotice } from '../store.js';
import { withTransaction } from './connection.js';
import { insertOutbox } from './outbox.js';

const COLUMNS =
  'id, reference, status, product_id, url, explanation, name, email, good_faith, ip, created_at, updated_at, decision_note';

export class PostgresDsaNotices implements DsaNoticeRepository {
  constructor(private readonly pool: pg.Pool) {}

  create(notice: NewDsaNotice, outbox?: Enqueue<DsaNotice>): Promise<DsaNotice> {
    return withTransaction(this.pool, async (client) => {
      // Same reference rule as dsaNoticeReference in schema.ts: DSA-<year of created_at in UTC>-<id, six digits>.
      const { rows } = await client.query<DsaNotice>(
        `WITH next AS (SELECT nextval(pg_get_serial_sequence('dsa_notices', 'id'))::integer AS id)
         INSERT INTO dsa_notices (id, reference, product_id, url, explanation, name, email, good_faith, ip, created_at, updated_at)
         SELECT next.id, 'DSA-' || substr($9, 1, 4) || '-' || lpad(next.id::text, 6, '0'), $1, $2, $3, $4, $5, $6, $7, $8, $8
         FROM next
         RETURNING ${COLUMNS}`,
        [
          notice.product_id,
          notice.url,
          notice.explanation,
          notice.name,
          notice.email,
          notice.good_faith,
          notice.ip,
          notice.created_at,
          notice.created_at,
        ],
      );
      await insertOutbox(client, outbox, rows[0]!);
      return rows[0]!;
    });
  }

  async list(): Promise<DsaNotice[]> {
    return (await this.pool.query<DsaNotice>(`SELECT ${COLUMNS} FROM dsa_notices ORDER BY id`)).rows;
  }

  async find(id: number): Promise<DsaNotice | null> {
    return (await this.pool.query<DsaNotice>(`SELECT ${COLUMNS} FROM dsa_notices WHERE id = $1`, [id])).rows[0] ?? null;
  }

  setStatus(
    id: number,
    change: { status: DsaNotice['status']; decision_note?: string },
    updatedAt: string,
    outbox?: Enqueue<DsaNotice>,
  ): Promise<DsaNotice> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<DsaNotice>(
        `UPDATE dsa_notices SET status = $2, decision_note = COALESCE($3, decision_note), updated_at = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, change.status, change.decision_note ?? null, updatedAt],
      );
      if (!rows[0]) throw new StoreNotFoundError(`There is no DSA notice with the id ${id}.`);
      await insertOutbox(client, outbox, rows[0]);
      return rows[0];
    });
  }
}
