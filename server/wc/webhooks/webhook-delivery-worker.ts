/**
 * The webhook sender: one per server process, beside the app. It claims one due delivery at a time, POSTs it signed
 * (webhook-post.ts) and records the outcome with the store, which counts consecutive failures and disables the
 * webhook at WooCommerce's limit (webhooks-store.ts). A failed delivery is tried again after a pause that doubles from
 * `WEBHOOK_RETRY_SECONDS` up to an hour. A claim is a lease: should this process die while sending, another sender
 * (or this one, restarted) takes the delivery over once the lease ends.
 */
import os from 'node:os';
import type { Config } from '../../config.js';
import type { FetchPolicy } from '../../media/fetch-policy.js';
import { OutboxPoller } from '../../store/outbox-poller.js';
import type { Store } from '../../store/store.js';
import type { WebhookAttempt } from '../../store/webhooks-store.js';
import { VERSION } from '../../version.js';
import { webhookPayload } from './webhook-payload.js';
import { postWebhook, webhookSignature } from './webhook-post.js';
import { topicParts } from './webhook-topics.js';

/** Longer than one attempt can take (webhook-post.ts bounds it), so a live sender never loses its claim. */
const CLAIM_LEASE_MS = 60_000;
const MAX_PAUSE_MS = 3_600_000;
const IDLE_POLL_MS = 1000;

/** The pause before the next attempt, after `attempts` failed ones. */
export function webhookRetryPauseMs(attempts: number, retrySeconds: number): number {
  return Math.min(MAX_PAUSE_MS, retrySeconds * 1000 * 2 ** Math.max(0, attempts - 1));
}

export interface WebhookWorkerOptions {
  store: Store;
  config: Pick<Config, 'siteUrl' | 'webhookRetrySeconds'>;
  policy: FetchPolicy;
  log?: (line: string) => void;
}

export class WebhookDeliveryWorker {
  readonly sender = `pid:${process.pid}@${os.hostname()}`;
  readonly #poller: OutboxPoller;

  constructor(private readonly options: WebhookWorkerOptions) {
    this.#poller = new OutboxPoller({
      work: () => this.deliverNext(),
      // A retry is due at most one first pause after its failure: a shorter first pause is looked for as often.
      idlePollMs: Math.min(IDLE_POLL_MS, options.config.webhookRetrySeconds * 1000),
      name: 'webhook delivery',
      log: options.log,
    });
  }

  start(): void {
    this.#poller.start();
  }

  /** Looks for due deliveries now instead of at the next poll (after this process queued some). */
  wake(): void {
    this.#poller.wake();
  }

  /** Finishes the delivery being sent, then stops. */
  stop(): Promise<void> {
    return this.#poller.stop();
  }

  /**
   * Claims and sends one due delivery.
   * @returns whether there was one
   */
  async deliverNext(): Promise<boolean> {
    const { store, config, policy } = this.options;
    const delivery = await store.webhooks.claimNext(this.sender, new Date(), CLAIM_LEASE_MS);
    if (!delivery) return false;
    const webhook = await store.webhooks.find(delivery.webhook_id);
    if (!webhook) return true;
    const body = JSON.stringify(await webhookPayload({ store, config }, delivery));
    const { resource, event } = topicParts(delivery.topic);
    const { ok, response } = await postWebhook(
      {
        url: webhook.delivery_url,
        body,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': `Vitrine/${VERSION} Hookshot (WooCommerce-compatible)`,
          'X-WC-Webhook-Source': `${config.siteUrl}/`,
          'X-WC-Webhook-Topic': delivery.topic,
          'X-WC-Webhook-Resource': resource,
          'X-WC-Webhook-Event': event,
          'X-WC-Webhook-Signature': webhookSignature(body, webhook.secret),
          'X-WC-Webhook-ID': String(webhook.id),
          'X-WC-Webhook-Delivery-ID': String(delivery.id),
        },
      },
      policy,
    );
    const now = new Date();
    const attempt: WebhookAttempt = ok
      ? { status: 'delivered', response }
      : {
          status: 'failed',
          response: response.slice(0, 2000),
          next_attempt_at: new Date(
            now.getTime() + webhookRetryPauseMs(delivery.attempts, config.webhookRetrySeconds),
          ).toISOString(),
        };
    await store.webhooks.settle(delivery.id, this.sender, attempt, now);
    return true;
  }
}
