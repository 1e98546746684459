/** A webhook in WooCommerce's `wc/v3` shape (its secret is never answered, as WooCommerce's view context leaves out). */
import { toLocalDateTime } from '../../store/local-time.js';
import type { Webhook } from '../../store/webhooks-store.js';
import { isWebhookTopic, TOPIC_HOOKS, topicParts } from './webhook-topics.js';

export interface WcWebhook {
  id: number;
  name: string;
  status: Webhook['status'];
  topic: string;
  resource: string;
  event: string;
  hooks: string[];
  delivery_url: string;
  api_version: Webhook['api_version'];
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  _links: { self: { href: string }[]; collection: { href: string }[] };
}

const gmt = (iso: string) => iso.slice(0, 19);

/** @param base the collection's absolute address, `…/wp-json/wc/v3/webhooks` */
export function wcWebhook(webhook: Webhook, timeZone: string, base: string): WcWebhook {
  return {
    id: webhook.id,
    name: webhook.name,
    status: webhook.status,
    topic: webhook.topic,
    ...topicParts(webhook.topic),
    hooks: isWebhookTopic(webhook.topic) ? TOPIC_HOOKS[webhook.topic] : [],
    delivery_url: webhook.delivery_url,
    api_version: webhook.api_version,
    date_created: toLocalDateTime(webhook.created_at, timeZone),
    date_created_gmt: gmt(webhook.created_at),
    date_modified: toLocalDateTime(webhook.updated_at, timeZone),
    date_modified_gmt: gmt(webhook.updated_at),
    _links: { self: [{ href: `${base}/${webhook.id}` }], collection: [{ href: base }] },
  };
}
