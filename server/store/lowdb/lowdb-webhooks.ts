/**
 * `Store.webhooks` on the data folder: `webhooks.json`, one durable document holding the webhooks and their deliveries
 * still to send. Every change runs under the file's lock between processes, so a claim, a settled attempt and the
 * webhook's count of failures are each one operation; finished deliveries leave the file, so it stays small.
 */
import { z } from 'zod';
import {
  DELIVERY_STATUSES,
  settledState,
  WEBHOOK_STATUSES,
  type NewWebhook,
  type Webhook,
  type WebhookAttempt,
  type WebhookChanges,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookRepository,
} from '../webhooks-store.js';
import type { JsonDocument } from './json-document.js';

const webhookSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(WEBHOOK_STATUSES),
  topic: z.string(),
  delivery_url: z.string(),
  secret: z.string(),
  api_version: z.literal('wp_api_v3'),
  user_id: z.number().int(),
  failure_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

const deliverySchema = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  topic: z.string(),
  resource_id: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  claimed_by: z.string().nullable(),
  claimed_until: z.string().nullable(),
  last_response: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const webhooksFileSchema = z.object({
  revision: z.number().int(),
  last_id: z.number().int(),
  last_delivery_id: z.number().int(),
  webhooks: z.array(webhookSchema),
  deliveries: z.array(deliverySchema),
});

export type WebhooksFile = z.output<typeof webhooksFileSchema>;

export const emptyWebhooksFile = (): WebhooksFile => ({
  revision: 0,
  last_id: 0,
  last_delivery_id: 0,
  webhooks: [],
  deliveries: [],
});

function isDue(delivery: WebhookDelivery, at: string): boolean {
  if (delivery.status === 'queued' || delivery.status === 'retrying') return delivery.next_attempt_at <= at;
  return delivery.status === 'sending' && (delivery.claimed_until ?? '') <= at;
}

export function lowdbWebhooks(document: JsonDocument<WebhooksFile>): WebhookRepository {
  const read = async () => structuredClone(await document.current());
  return {
    create(webhook: NewWebhook) {
      return document.update((draft) => {
        draft.last_id += 1;
        const stored: Webhook = { ...structuredClone(webhook), id: draft.last_id, failure_count: 0 };
        draft.webhooks.push(stored);
        return structuredClone(stored);
      });
    },
    async list() {
      return (await read()).webhooks;
    },
    async find(id) {
      return (await read()).webhooks.find((webhook) => webhook.id === id) ?? null;
    },
    update(id: number, changes: WebhookChanges, now: Date) {
      return document.update((draft) => {
        const webhook = draft.webhooks.find((kept) => kept.id === id);
        if (!webhook) return null;
        Object.assign(webhook, structuredClone(changes), { updated_at: now.toISOString() });
        if (changes.status === 'active') webhook.failure_count = 0;
        return structuredClone(webhook);
      });
    },
    remove(id) {
      return document.update((draft) => {
        const webhook = draft.webhooks.find((kept) => kept.id === id);
        if (!webhook) return null;
        draft.webhooks = draft.webhooks.filter((kept) => kept !== webhook);
        draft.deliveries = draft.deliveries.filter((delivery) => delivery.webhook_id !== id);
        return webhook;
      });
    },
    async queue(events: readonly WebhookEvent[]) {
      // Most changes have no webhook listening: they cost a read of the cached file, not a write.
      const listening = (webhook: Webhook, event: WebhookEvent) =>
        webhook.status === 'active' && webhook.topic === event.topic;
      const { webhooks } = await document.current();
      if (!events.some((event) => webhooks.some((webhook) => listening(webhook, event)))) return [];
      return document.update((draft) => {
        const queued: WebhookDelivery[] = [];
        for (const event of events)
          for (const webhook of draft.webhooks) {
            if (!listening(webhook, event)) continue;
            draft.last_delivery_id += 1;
            queued.push({
              id: draft.last_delivery_id,
              webhook_id: webhook.id,
              topic: event.topic,
              resource_id: event.resource_id,
              status: 'queued',
              attempts: 0,
              next_attempt_at: event.created_at,
              claimed_by: null,
              claimed_until: null,
              last_response: null,
              created_at: event.created_at,
              updated_at: event.created_at,
            });
          }
        draft.deliveries.push(...queued);
        return structuredClone(queued);
      });
    },
    claimNext(sender, now, leaseMs) {
      const at = now.toISOString();
      return document.update((draft) => {
        const active = new Set(draft.webhooks.filter((webhook) => webhook.status === 'active').map(({ id }) => id));
        const delivery = draft.deliveries.find((kept) => active.has(kept.webhook_id) && isDue(kept, at));
        if (!delivery) return null;
        Object.assign(delivery, {
          status: 'sending',
          attempts: delivery.attempts + 1,
          claimed_by: sender,
          claimed_until: new Date(now.getTime() + leaseMs).toISOString(),
          updated_at: at,
        });
        return structuredClone(delivery);
      });
    },
    async settle(id: number, sender: string, attempt: WebhookAttempt, now: Date) {
      await document.update((draft) => {
        const delivery = draft.deliveries.find((kept) => kept.id === id);
        if (delivery?.status !== 'sending' || delivery.claimed_by !== sender) return;
        const webhook = draft.webhooks.find((kept) => kept.id === delivery.webhook_id);
        if (!webhook) return;
        const state = settledState(webhook, attempt);
        webhook.failure_count = state.failure_count;
        webhook.status = state.webhook_status;
        if (state.delivery_status === 'retrying' && attempt.status === 'failed')
          Object.assign(delivery, {
            status: 'retrying',
            next_attempt_at: attempt.next_attempt_at,
            last_response: attempt.response,
            updated_at: now.toISOString(),
          });
        else draft.deliveries = draft.deliveries.filter((kept) => kept !== delivery);
      });
    },
    async pending(webhookId) {
      return (await read()).deliveries.filter((delivery) => delivery.webhook_id === webhookId);
    },
  };
}
