/** `Store.consent` on PostgreSQL: the append-only consent log and the checkbox counters, written together. */
import type pg from 'pg';
import type { CheckboxCounters, ConsentRecord } from '../schema.js';
import type { ConsentRepository } from '../store.js';
import { withTransaction, type Queryable } from './connection.js';

/** Appends rows to the consent log in the records' order (so that `seq`, and `log()`, keeps it); counts nothing. */
export async function appendConsentLogRows(client: Queryable, records: readonly ConsentRecord[]): Promise<void> {
  await client.query(
    `INSERT INTO consent_log (checkbox_id, label, location, accepted, time, legal_page_id, legal_page_modified_at, ip, label_hash, reference)
     SELECT (e->>'checkbox_id')::integer, e->>'label', e->>'location', (e->>'accepted')::boolean,
       (e->>'time')::timestamptz, (e->>'legal_page_id')::integer, (e->>'legal_page_modified_at')::timestamptz, e->>'ip',
       e->>'label_hash', e->>'reference'
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, ord)
     ORDER BY ord`,
    [JSON.stringify(records)],
  );
}

/**
 * Logs and counts consent records inside the caller's transaction, so that an order or a message and the evidence of
 * the consent given with it are stored together or not at all.
 */
export async function insertConsentRecords(client: Queryable, records: readonly ConsentRecord[]): Promise<void> {
  if (records.length === 0) return;
  await appendConsentLogRows(client, records);
  const json = JSON.stringify(records);
  // A checkbox deleted while the form was open is still logged above, but there is no counter left to count it in.
  await client.query(
    `INSERT INTO checkbox_counters AS c (checkbox_id, shown, accepted)
     SELECT r.checkbox_id, count(*), count(*) FILTER (WHERE r.accepted)
     FROM jsonb_to_recordset($1::jsonb) AS r(checkbox_id integer, accepted boolean)
     WHERE EXISTS (SELECT 1 FROM checkboxes WHERE id = r.checkbox_id)
     GROUP BY r.checkbox_id
     ON CONFLICT (checkbox_id) DO UPDATE SET shown = c.shown + EXCLUDED.shown, accepted = c.accepted + EXCLUDED.accepted`,
    [json],
  );
}

export class PostgresConsent implements ConsentRepository {
  constructor(private readonly pool: pg.Pool) {}

  async record(records: readonly ConsentRecord[]): Promise<void> {
    if (records.length === 0) return;
    // One transaction: a record is never counted without being logged, nor logged without being counted.
    await withTransaction(this.pool, (client) => insertConsentRecords(client, records));
  }

  async counters(): Promise<Record<string, CheckboxCounters>> {
    const { rows } = await this.pool.query(
      'SELECT checkbox_id, shown, accepted FROM checkbox_counters ORDER BY checkbox_id',
    );
    return Object.fromEntries(
      rows.map((row) => [String(row.checkbox_id), { shown: row.shown, accepted: row.accepted }]),
    );
  }

  async log(): Promise<ConsentRecord[]> {
    const { rows } = await this.pool.query(
      `SELECT checkbox_id, label, location, accepted, time, legal_page_id, legal_page_modified_at, ip, label_hash, reference
       FROM consent_log ORDER BY seq`,
    );
    // Records from before the proof columns have neither; they are left out rather than reported as null.
    return rows.map(({ label_hash, reference, ...record }) => ({
      ...record,
      ...(label_hash === null ? {} : { label_hash }),
      ...(reference === null ? {} : { reference }),
    })) as ConsentRecord[];
  }
}
