/**
 * The webhook topics the shop emits, named as WooCommerce names them (`<resource>.<event>`), and the two parts a
 * delivery's headers carry (`X-WC-Webhook-Resource`, `X-WC-Webhook-Event`).
 */
export const WEBHOOK_TOPICS = [
  'order.created',
  'order.updated',
  'order.deleted',
  'product.created',
  'product.updated',
  'product.deleted',
  'customer.created',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

export function isWebhookTopic(topic: string): topic is WebhookTopic {
  return (WEBHOOK_TOPICS as readonly string[]).includes(topic);
}

/** @example topicParts('order.created') → { resource: 'order', event: 'created' } */
export function topicParts(topic: string): { resource: string; event: string } {
  const [resource = '', event = ''] = topic.split('.');
  return { resource, event };
}

/** The WordPress actions WooCommerce hooks a topic to, which its answers list as `hooks`. */
export const TOPIC_HOOKS: Record<WebhookTopic, string[]> = {
  'order.created': ['woocommerce_new_order'],
  'order.updated': ['woocommerce_update_order', 'woocommerce_order_refunded'],
  'order.deleted': ['wp_trash_post'],
  'product.created': ['woocommerce_process_product_meta', 'woocommerce_new_product'],
  'product.updated': ['woocommerce_process_product_meta', 'woocommerce_update_product'],
  'product.deleted': ['wp_trash_post'],
  'customer.created': ['user_register', 'woocommerce_created_customer'],
};
