/**
 * Webhooks as WooCommerce keeps them (`wc/v3/webhooks`), and their deliveries: a durable outbox of events to POST to a
 * webhook's delivery URL. A delivery is queued for every active webhook of the event's topic in one store operation,
 * then claimed by one sender at a time (a lease, as the mail outbox does), so that a crash loses none and two instances
 * never send the same one at once. The payload is made when the delivery is sent, from the resource as it is then, as
 * WooCommerce does.
 */

export const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** WooCommerce disables a webhook whose deliveries failed this many times in a row. */
export const WEBHOOK_FAILURE_LIMIT = 5;

export interface Webhook {
  id: number;
  name: string;
  status: WebhookStatus;
  /** `<resource>.<event>`, e.g. order.created. */
  topic: string;
  delivery_url: string;
  /** The key of the HMAC-SHA256 signature of every delivery (`X-WC-Webhook-Signature`). */
  secret: string;
  api_version: 'wp_api_v3';
  /** The user whose key or session made it. */
  user_id: number;
  /** Consecutive failed attempts; a delivered one sets it back to 0. */
  failure_count: number;
  created_at: string;
  updated_at: string;
}

export type NewWebhook = Omit<Webhook, 'id' | 'failure_count'>;
export type WebhookChanges = Partial<Pick<Webhook, 'name' | 'status' | 'topic' | 'delivery_url' | 'secret'>>;

/** Something that happened to a resource: order.created of order 12. */
export interface WebhookEvent {
  topic: string;
  resource_id: number;
  created_at: string;
}

export const DELIVERY_STATUSES = ['queued', 'sending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface WebhookDelivery {
  id: number;
  webhook_id: number;
  topic: string;
  resource_id: number;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  /** The receiver's status code, or why the attempt failed. */
  last_response: string | null;
  created_at: string;
  updated_at: string;
}

export type WebhookAttempt =
  | { status: 'delivered'; response: string }
  /** `next_attempt_at`: when to try again, unless the webhook is disabled by this failure. */
  | { status: 'failed'; response: string; next_attempt_at: string };

export interface WebhookRepository {
  create(webhook: NewWebhook): Promise<Webhook>;
  /** By id. */
  list(): Promise<Webhook[]>;
  find(id: number): Promise<Webhook | null>;
  /**
   * Changes a webhook; setting it `active` again clears its count of failures.
   * @returns null when there is no such webhook
   */
  update(id: number, changes: WebhookChanges, now: Date): Promise<Webhook | null>;
  /** Deletes a webhook and its deliveries still to send. @returns what was deleted, or null */
  remove(id: number): Promise<Webhook | null>;
  /**
   * Queues a delivery of each event for every active webhook of its topic, in one operation (an import that changed
   * thousands of products queues them at once), in the events' order.
   */
  queue(events: readonly WebhookEvent[]): Promise<WebhookDelivery[]>;
  /**
   * Claims the oldest due delivery of an active webhook (queued, retrying with its pause over, or claimed by a sender
   * whose lease ran out) for `sender` until `now + leaseMs`.
   * @returns null when nothing is due
   */
  claimNext(sender: string, now: Date, leaseMs: number): Promise<WebhookDelivery | null>;
  /**
   * Records a claimed attempt's outcome with the webhook's count of failures, in one operation: a delivered attempt
   * finishes the delivery and clears the count; a failed one counts, and the {@link WEBHOOK_FAILURE_LIMIT}th in a row
   * disables the webhook and fails the delivery, else it waits for `next_attempt_at`. Ignored when `sender` no longer
   * holds the claim.
   */
  settle(id: number, sender: string, attempt: WebhookAttempt, now: Date): Promise<void>;
  /** A webhook's deliveries not yet delivered nor failed, oldest first (for tests and the operator). */
  pending(webhookId: number): Promise<WebhookDelivery[]>;
}

/** What `settle` makes of an attempt, shared by both stores so that they agree. */
export function settledState(
  webhook: Pick<Webhook, 'failure_count' | 'status'>,
  attempt: WebhookAttempt,
): { failure_count: number; webhook_status: WebhookStatus; delivery_status: DeliveryStatus } {
  if (attempt.status === 'delivered')
    return { failure_count: 0, webhook_status: webhook.status, delivery_status: 'delivered' };
  const failures = webhook.failure_count + 1;
  return failures >= WEBHOOK_FAILURE_LIMIT
    ? { failure_count: failures, webhook_status: 'disabled', delivery_status: 'failed' }
    : { failure_count: failures, webhook_status: webhook.status, delivery_status: 'retrying' };
}
