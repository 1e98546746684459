/**
 * `Store.invoices` on PostgreSQL (migration 024). Issuing is one transaction: the period's counter row is created if
 * missing and locked FOR UPDATE, so issuers of one period take turns across connections and instances; the key is
 * looked up under that lock, the document built with the next number, and the invoice and the raised counter are
 * committed together. A build that throws rolls back, and the number is not used.
 */
import type pg from 'pg';
import type { Invoice, InvoiceKsef } from '../../../client/api/invoices.js';
import type { InvoiceDump, InvoiceFilter, InvoiceRepository, IssuedDocument } from '../invoices-store.js';
import { REQUEUEABLE_KSEF_STATUSES, requeuedKsef, WAITING_KSEF_STATUSES } from '../invoice-outbox.js';
import type { Enqueue } from '../outbox.js';
import { sqlState, withTransaction, type Queryable } from './connection.js';
import { insertOutbox } from './outbox.js';

const COLUMNS = 'id, document, ksef';

function toInvoice(row: Record<string, unknown>): Invoice {
  return { ...(row.document as Omit<Invoice, 'id' | 'ksef'>), id: row.id as number, ksef: row.ksef as InvoiceKsef };
}

async function findByKeyOn(client: Queryable, key: string): Promise<Invoice | null> {
  const { rows } = await client.query(`SELECT ${COLUMNS} FROM invoices WHERE key = $1`, [key]);
  return rows[0] ? toInvoice(rows[0]) : null;
}

export class PostgresInvoices implements InvoiceRepository {
  constructor(private readonly pool: pg.Pool) {}

  async issue(
    key: string,
    period: string,
    build: (sequence: number) => IssuedDocument,
    enqueue?: Enqueue<Invoice>,
  ): Promise<Invoice> {
    const existing = await this.findByKey(key);
    if (existing) return existing;
    try {
      return await withTransaction(this.pool, async (client) => {
        await client.query(
          'INSERT INTO invoice_counters (period, last_sequence) VALUES ($1, 0) ON CONFLICT (period) DO NOTHING',
          [period],
        );
        const { rows } = await client.query<{ last_sequence: number }>(
          'SELECT last_sequence FROM invoice_counters WHERE period = $1 FOR UPDATE',
          [period],
        );
        // Another issuer of this key may have committed while this one waited for the lock.
        const issuedMeanwhile = await findByKeyOn(client, key);
        if (issuedMeanwhile) return issuedMeanwhile;
        const sequence = rows[0]!.last_sequence + 1;
        const { invoice, xml } = build(sequence);
        const { ksef, ...document } = invoice;
        const inserted = await client.query(
          `INSERT INTO invoices (key, period, sequence, number, type, order_id, issued_at, document, xml, ksef,
             ksef_status, ksef_next_attempt_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
          [
            key,
            period,
            sequence,
            invoice.number,
            invoice.type,
            invoice.order_id,
            invoice.issued_at,
            JSON.stringify(document),
            xml,
            JSON.stringify(ksef),
            ksef.status,
            ksef.next_attempt_at,
          ],
        );
        await client.query('UPDATE invoice_counters SET last_sequence = $2 WHERE period = $1', [period, sequence]);
        const issued = toInvoice(inserted.rows[0]);
        await insertOutbox(client, enqueue, issued);
        return issued;
      });
    } catch (error) {
      // The same key issued at once in two periods (a pattern changed in between): the first one stands.
      if (sqlState(error) === '23505') {
        const winner = await this.findByKey(key);
        if (winner) return winner;
      }
      throw error;
    }
  }

  async find(id: number): Promise<Invoice | null> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM invoices WHERE id = $1`, [id]);
    return rows[0] ? toInvoice(rows[0]) : null;
  }

  findByKey(key: string): Promise<Invoice | null> {
    return findByKeyOn(this.pool, key);
  }

  async xml(id: number): Promise<string | null> {
    const { rows } = await this.pool.query<{ xml: string }>('SELECT xml FROM invoices WHERE id = $1', [id]);
    return rows[0]?.xml ?? null;
  }

  async list(filter: InvoiceFilter): Promise<{ invoices: Invoice[]; total: number }> {
    const conditions: string[] = [];
    const values: unknown[] = [];
    const where = (condition: (placeholder: string) => string, value: unknown) => {
      values.push(value);
      conditions.push(condition(`$${values.length}`));
    };
    if (filter.order !== undefined) where((p) => `order_id = ${p}`, filter.order);
    if (filter.type !== undefined) where((p) => `type = ${p}`, filter.type);
    if (filter.after !== undefined) where((p) => `issued_at >= ${p}`, filter.after);
    if (filter.before !== undefined) where((p) => `issued_at < ${p}`, filter.before);
    const clause = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM invoices ${clause}
       ORDER BY id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, filter.perPage, (filter.page - 1) * filter.perPage],
    );
    if (rows.length > 0) return { invoices: rows.map(toInvoice), total: Number(rows[0].total) };
    const counted = await this.pool.query<{ total: number }>(
      `SELECT count(*)::integer AS total FROM invoices ${clause}`,
      values,
    );
    return { invoices: [], total: counted.rows[0]!.total };
  }

  async dump(): Promise<InvoiceDump> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS}, key, period, sequence, xml FROM invoices ORDER BY id`);
    const counters = await this.pool.query<{ period: string; last_sequence: number }>(
      'SELECT period, last_sequence FROM invoice_counters',
    );
    return {
      invoices: rows.map((row) => ({
        key: row.key,
        period: row.period,
        sequence: row.sequence,
        invoice: toInvoice(row),
        xml: row.xml,
      })),
      counters: Object.fromEntries(counters.rows.map((row) => [row.period, row.last_sequence])),
    };
  }

  async claimKsefDue(sender: string, now: Date, leaseMs: number): Promise<Invoice | null> {
    // One statement: the row is locked by the subquery and claimed before any other sender can see it unlocked.
    const { rows } = await this.pool.query(
      `UPDATE invoices SET claimed_by = $1, claimed_until = $2::timestamptz + $3 * interval '1 millisecond'
       WHERE id = (
         SELECT id FROM invoices
         WHERE ksef_status = ANY($4::text[])
           AND (ksef_next_attempt_at IS NULL OR ksef_next_attempt_at <= $2)
           AND (claimed_until IS NULL OR claimed_until <= $2)
         ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
       RETURNING ${COLUMNS}`,
      [sender, now.toISOString(), leaseMs, WAITING_KSEF_STATUSES],
    );
    return rows[0] ? toInvoice(rows[0]) : null;
  }

  async settleKsef(id: number, sender: string, ksef: InvoiceKsef): Promise<Invoice | null> {
    const { rows } = await this.pool.query(
      `UPDATE invoices SET ksef = $3, ksef_status = $4, ksef_next_attempt_at = $5, claimed_by = NULL,
         claimed_until = NULL
       WHERE id = $1 AND claimed_by = $2 RETURNING ${COLUMNS}`,
      [id, sender, JSON.stringify(ksef), ksef.status, ksef.next_attempt_at],
    );
    return rows[0] ? toInvoice(rows[0]) : null;
  }

  async requeueKsef(id: number, now: Date): Promise<Invoice | null> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query(`SELECT ${COLUMNS} FROM invoices WHERE id = $1 FOR UPDATE`, [id]);
      if (!rows[0]) return null;
      const current = toInvoice(rows[0]);
      if (!REQUEUEABLE_KSEF_STATUSES.includes(current.ksef.status)) return null;
      // A sender's claim is left alone: it settles its attempt, and the invoice is then due again.
      const ksef = requeuedKsef(current.ksef, now);
      const updated = await client.query(
        `UPDATE invoices SET ksef = $2, ksef_status = $3, ksef_next_attempt_at = $4 WHERE id = $1
         RETURNING ${COLUMNS}`,
        [id, JSON.stringify(ksef), ksef.status, ksef.next_attempt_at],
      );
      return toInvoice(updated.rows[0]);
    });
  }
}
