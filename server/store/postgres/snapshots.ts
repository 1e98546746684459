/**
 * `Store.snapshots` on PostgreSQL: each snapshot in parts of 4 MB (table `snapshots`), replaced in one transaction
 * and read in one snapshot of the database, part by part into one buffer, so that a reader never sees half of an old
 * one and half of a new one, and a large one never passes through the client as one string.
 */
import type pg from 'pg';
import { SNAPSHOT_NAME, type SnapshotRepository } from '../store.js';
import { withTransaction } from './connection.js';

const PART_BYTES = 4 << 20;

function checkedName(name: string): string {
  if (!SNAPSHOT_NAME.test(name)) throw new Error(`Not a snapshot name: "${name}" (use [a-z0-9-]).`);
  return name;
}

export class PostgresSnapshots implements SnapshotRepository {
  constructor(private readonly pool: pg.Pool) {}

  read(name: string): Promise<Buffer | null> {
    return withTransaction(
      this.pool,
      async (client) => {
        const {
          rows: [sizes],
        } = await client.query<{ parts: string; bytes: string | null }>(
          'SELECT count(*) AS parts, sum(length(bytes)) AS bytes FROM snapshots WHERE name = $1',
          [checkedName(name)],
        );
        if (!sizes || Number(sizes.parts) === 0) return null;
        const whole = Buffer.alloc(Number(sizes.bytes));
        let offset = 0;
        for (let part = 0; part < Number(sizes.parts); part++) {
          const {
            rows: [row],
          } = await client.query<{ bytes: Buffer }>('SELECT bytes FROM snapshots WHERE name = $1 AND part = $2', [
            name,
            part,
          ]);
          if (!row) return null; // parts numbered with a gap: not a snapshot this class wrote
          row.bytes.copy(whole, offset);
          offset += row.bytes.length;
        }
        return whole;
      },
      'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
    );
  }

  async write(name: string, bytes: Uint8Array): Promise<void> {
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await withTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM snapshots WHERE name = $1', [checkedName(name)]);
      for (let part = 0, offset = 0; offset < data.length || part === 0; part++, offset += PART_BYTES) {
        await client.query('INSERT INTO snapshots (name, part, bytes) VALUES ($1, $2, $3)', [
          name,
          part,
          data.subarray(offset, offset + PART_BYTES),
        ]);
      }
    });
  }
}
