/**
 * `Store.webhooks` on PostgreSQL (migration 022): the webhooks, and their deliveries as an outbox claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, so two instances never send one delivery at once and a crashed sender's claim
 * runs out. A settled attempt and the webhook's count of failures change in one transaction.
 */
import type pg from 'pg';
import {
  settledState,
  type NewWebhook,
  type Webhook,
  type WebhookAttempt,
  type WebhookChanges,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookRepository,
} from '../webhooks-store.js';
import { withTransaction } from './connection.js';

const WEBHOOK_COLUMNS =
  'id, name, status, topic, delivery_url, secret, api_version, user_id, failure_count, created_at, updated_at';
const DELIVERY_COLUMNS =
  'id, webhook_id, topic, resource_id, status, attempts, next_attempt_at, claimed_by, claimed_until, last_response, created_at, updated_at';

/** The pool may hand timestamps over as Date or as text (connection.ts): both become ISO strings. */
const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

function toWebhook(row: Record<string, unknown>): Webhook {
  return { ...(row as unknown as Webhook), created_at: iso(row.created_at)!, updated_at: iso(row.updated_at)! };
}

function toDelivery(row: Record<string, unknown>): WebhookDelivery {
  return {
    ...(row as unknown as WebhookDelivery),
    next_attempt_at: iso(row.next_attempt_at)!,
    claimed_until: iso(row.claimed_until),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export class PostgresWebhooks implements WebhookRepository {
  constructor(private readonly pool: pg.Pool) {}

  async create(webhook: NewWebhook): Promise<Webhook> {
    const { rows } = await this.pool.query(
      `INSERT INTO webhooks (name, status, topic, delivery_url, secret, api_version, user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${WEBHOOK_COLUMNS}`,
      [
        webhook.name,
        webhook.status,
        webhook.topic,
        webhook.delivery_url,
        webhook.secret,
        webhook.api_version,
        webhook.user_id,
        webhook.created_at,
        webhook.updated_at,
      ],
    );
    return toWebhook(rows[0]);
  }

  async list(): Promise<Webhook[]> {
    const { rows } = await this.pool.query(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY id`);
    return rows.map(toWebhook);
  }

  async find(id: number): Promise<Webhook | null> {
    const { rows } = await this.pool.query(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1`, [id]);
    return rows[0] ? toWebhook(rows[0]) : null;
  }

  async update(id: number, changes: WebhookChanges, now: Date): Promise<Webhook | null> {
    const { rows } = await this.pool.query(
      `UPDATE webhooks SET name = COALESCE($2, name), status = COALESCE($3, status), topic = COALESCE($4, topic),
         delivery_url = COALESCE($5, delivery_url), secret = COALESCE($6, secret),
         failure_count = CASE WHEN $3 = 'active' THEN 0 ELSE failure_count END, updated_at = $7
       WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`,
      [
        id,
        changes.name ?? null,
        changes.status ?? null,
        changes.topic ?? null,
        changes.delivery_url ?? null,
        changes.secret ?? null,
        now.toISOString(),
      ],
    );
    return rows[0] ? toWebhook(rows[0]) : null;
  }

  async remove(id: number): Promise<Webhook | null> {
    const { rows } = await this.pool.query(`DELETE FROM webhooks WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`, [id]);
    return rows[0] ? toWebhook(rows[0]) : null;
  }

  async queue(events: readonly WebhookEvent[]): Promise<WebhookDelivery[]> {
    if (events.length === 0) return [];
    const { rows } = await this.pool.query(
      `INSERT INTO webhook_deliveries (webhook_id, topic, resource_id, next_attempt_at, created_at, updated_at)
       SELECT webhooks.id, event.topic, event.resource_id, event.at, event.at, event.at
       FROM unnest($1::text[], $2::integer[], $3::timestamptz[]) WITH ORDINALITY AS event(topic, resource_id, at, position)
       JOIN webhooks ON webhooks.topic = event.topic AND webhooks.status = 'active'
       ORDER BY event.position, webhooks.id
       RETURNING ${DELIVERY_COLUMNS}`,
      [
        events.map((event) => event.topic),
        events.map((event) => event.resource_id),
        events.map((event) => event.created_at),
      ],
    );
    return rows.map(toDelivery).sort((a, b) => a.id - b.id);
  }

  async claimNext(sender: string, now: Date, leaseMs: number): Promise<WebhookDelivery | null> {
    // One statement: the row is locked by the subquery and updated before any other sender can see it unlocked.
    const { rows } = await this.pool.query(
      `UPDATE webhook_deliveries SET status = 'sending', attempts = attempts + 1, claimed_by = $1,
         claimed_until = $2::timestamptz + $3 * interval '1 millisecond', updated_at = $2
       WHERE id = (
         SELECT delivery.id FROM webhook_deliveries delivery JOIN webhooks ON webhooks.id = delivery.webhook_id
         WHERE webhooks.status = 'active' AND (
           (delivery.status IN ('queued', 'retrying') AND delivery.next_attempt_at <= $2)
           OR (delivery.status = 'sending' AND delivery.claimed_until <= $2))
         ORDER BY delivery.id FOR UPDATE OF delivery SKIP LOCKED LIMIT 1)
       RETURNING ${DELIVERY_COLUMNS}`,
      [sender, now.toISOString(), leaseMs],
    );
    return rows[0] ? toDelivery(rows[0]) : null;
  }

  async settle(id: number, sender: string, attempt: WebhookAttempt, now: Date): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      const { rows } = await client.query(
        `SELECT webhooks.id, webhooks.status, webhooks.failure_count FROM webhook_deliveries delivery
         JOIN webhooks ON webhooks.id = delivery.webhook_id
         WHERE delivery.id = $1 AND delivery.claimed_by = $2 AND delivery.status = 'sending'
         FOR UPDATE`,
        [id, sender],
      );
      const webhook = rows[0] as Pick<Webhook, 'id' | 'status' | 'failure_count'> | undefined;
      if (!webhook) return;
      const state = settledState(webhook, attempt);
      await client.query('UPDATE webhooks SET failure_count = $2, status = $3 WHERE id = $1', [
        webhook.id,
        state.failure_count,
        state.webhook_status,
      ]);
      if (state.delivery_status === 'retrying' && attempt.status === 'failed')
        await client.query(
          `UPDATE webhook_deliveries SET status = 'retrying', next_attempt_at = $2, last_response = $3, updated_at = $4
           WHERE id = $1`,
          [id, attempt.next_attempt_at, attempt.response, now.toISOString()],
        );
      else await client.query('DELETE FROM webhook_deliveries WHERE id = $1', [id]);
    });
  }

  async pending(webhookId: number): Promise<WebhookDelivery[]> {
    const { rows } = await this.pool.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id`,
      [webhookId],
    );
    return rows.map(toDelivery);
  }
}
