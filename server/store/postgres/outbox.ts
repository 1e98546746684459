/**
 * `Store.outbox` on PostgreSQL (migration 011). Causes insert their messages with `insertOutbox` inside their own
 * transaction. A sender claims the most urgent, then oldest, due row with `FOR UPDATE SKIP LOCKED`, so two instances
 * asking at once get two different rows, and sets a lease: a row whose sender died is due again once `claimed_until`
 * has passed.
 */
import type pg from 'pg';
import {
  initialState,
  priorityOf,
  type Enqueue,
  type NewMessage,
  type OutboxMessage,
  type OutboxRepository,
} from '../outbox.js';
import type { Queryable } from './connection.js';

const COLUMNS = `id, kind, recipient AS "to", reply_to, subject, body_text AS text, body_html AS html, message_id, redact, created_at,
  status, priority, attachments, attempts, next_attempt_at, claimed_by, claimed_until, sent_at, last_response, updated_at`;

/**
 * Inserts the messages `enqueue` makes of `stored`, in the caller's transaction; a Message-ID already there is skipped.
 */
export async function insertOutbox<T>(
  db: Queryable,
  enqueue: Enqueue<T> | undefined,
  stored: T,
): Promise<OutboxMessage[]> {
  return enqueue ? insertMessages(db, enqueue(stored)) : [];
}

async function insertMessages(db: Queryable, messages: readonly NewMessage[]): Promise<OutboxMessage[]> {
  const inserted: OutboxMessage[] = [];
  for (const message of messages) {
    const state = initialState(message);
    const { rows } = await db.query<OutboxMessage>(
      `INSERT INTO outbox (kind, recipient, reply_to, subject, body_text, body_html, message_id, redact, created_at, next_attempt_at, updated_at,
         priority, status, last_response, attachments)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9, $10, $11, $12, $13) ON CONFLICT (message_id) DO NOTHING RETURNING ${COLUMNS}`,
      [
        message.kind,
        message.to,
        message.reply_to,
        message.subject,
        message.text,
        message.html,
        message.message_id,
        JSON.stringify(message.redact),
        message.created_at,
        priorityOf(message),
        state.status,
        state.last_response,
        JSON.stringify(message.attachments ?? []),
      ],
    );
    inserted.push(...rows);
  }
  return inserted;
}

export class PostgresOutbox implements OutboxRepository {
  constructor(private readonly pool: pg.Pool) {}

  enqueue(messages: readonly NewMessage[]): Promise<OutboxMessage[]> {
    return insertMessages(this.pool, messages);
  }

  async claimNext(sender: string, now: Date, leaseMs: number): Promise<OutboxMessage | null> {
    // One statement: the row is locked by the subquery and updated before any other sender can see it unlocked.
    const { rows } = await this.pool.query<OutboxMessage>(
      `UPDATE outbox SET status = 'sending', attempts = attempts + 1, claimed_by = $1, claimed_until = $2::timestamptz + $3 * interval '1 millisecond',
         updated_at = $2
       WHERE id = (
         SELECT id FROM outbox
         WHERE (status IN ('queued', 'retrying') AND next_attempt_at <= $2) OR (status = 'sending' AND claimed_until <= $2)
         ORDER BY priority DESC, id FOR UPDATE SKIP LOCKED LIMIT 1)
       RETURNING ${COLUMNS}`,
      [sender, now.toISOString(), leaseMs],
    );
    return rows[0] ?? null;
  }

  async settle(
    id: number,
    sender: string,
    outcome: Parameters<OutboxRepository['settle']>[2],
    now: Date,
  ): Promise<OutboxMessage | null> {
    const { rows } = await this.pool.query<OutboxMessage>(
      `UPDATE outbox SET status = $3, last_response = $4, claimed_until = NULL, updated_at = $5,
         sent_at = CASE WHEN $3 = 'sent' THEN $5 ELSE sent_at END, next_attempt_at = COALESCE($6, next_attempt_at)
       WHERE id = $1 AND status = 'sending' AND claimed_by = $2 RETURNING ${COLUMNS}`,
      [
        id,
        sender,
        outcome.status,
        outcome.response,
        now.toISOString(),
        outcome.status === 'retrying' ? outcome.next_attempt_at : null,
      ],
    );
    return rows[0] ?? null;
  }

  async requeue(id: number, now: Date): Promise<OutboxMessage | null> {
    const { rows } = await this.pool.query<OutboxMessage>(
      `UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = $2, claimed_by = NULL, claimed_until = NULL, updated_at = $2
       WHERE id = $1 AND status <> 'sending' RETURNING ${COLUMNS}`,
      [id, now.toISOString()],
    );
    return rows[0] ?? null;
  }

  async find(id: number): Promise<OutboxMessage | null> {
    return (await this.pool.query<OutboxMessage>(`SELECT ${COLUMNS} FROM outbox WHERE id = $1`, [id])).rows[0] ?? null;
  }

  async list(filter: Parameters<OutboxRepository['list']>[0]): Promise<{ messages: OutboxMessage[]; total: number }> {
    // Same rule as matchesOutboxFilter (lowdb): the status exactly, part of the recipient ignoring case.
    const recipient = filter.recipient ? `%${filter.recipient.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
    const where = '($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR lower(recipient) LIKE $2)';
    const [page, count] = await Promise.all([
      this.pool.query<OutboxMessage>(
        `SELECT ${COLUMNS} FROM outbox WHERE ${where} ORDER BY id DESC LIMIT $3 OFFSET $4`,
        [filter.status ?? null, recipient, filter.perPage, (filter.page - 1) * filter.perPage],
      ),
      this.pool.query<{ total: number }>(`SELECT count(*)::integer AS total FROM outbox WHERE ${where}`, [
        filter.status ?? null,
        recipient,
      ]),
    ]);
    return { messages: page.rows, total: count.rows[0]!.total };
  }
}
