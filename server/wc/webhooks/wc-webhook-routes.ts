/**
 * `wc/v3/webhooks`: create (201 and a Location), list (paged, `status`), read, update, delete (`force=true`, as
 * webhooks have no trash), in WooCommerce's shape and codes. A delivery URL the webhook address policy refuses is a
 * 400 when the webhook is saved. Shop managers (and their keys and application passwords) only.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { paginate } from '../../catalog/product-reads.js';
import type { FetchPolicy } from '../../media/fetch-policy.js';
import type { ArgSchemas } from '../../rest/args.js';
import { RestError } from '../../rest/errors.js';
import type { RestRegistry } from '../../rest/registry.js';
import { RestResponse, endpoint } from '../../rest/route.js';
import type { Store } from '../../store/store.js';
import { WEBHOOK_STATUSES, type WebhookChanges } from '../../store/webhooks-store.js';
import { cannotCreate, cannotDelete, cannotEdit, cannotView } from '../wc-errors.js';
import { NAMESPACE, PAGING } from '../wc-product-routes.js';
import { shopTimeZone } from '../wc-shape.js';
import { checkDeliveryUrl } from './webhook-address-policy.js';
import { isWebhookTopic, WEBHOOK_TOPICS } from './webhook-topics.js';
import { wcWebhook } from './wc-webhook-shape.js';

const WEBHOOK_ID = {
  id: { type: 'integer', description: 'Unique identifier for the resource.', required: true },
} as const satisfies ArgSchemas;

const BODY_ARGS = {
  name: { type: 'string', description: 'A friendly name for the webhook.', maxLength: 200 },
  status: { type: 'string', description: 'Webhook status.', enum: WEBHOOK_STATUSES },
  topic: { type: 'string', description: `Webhook topic: ${WEBHOOK_TOPICS.join(', ')}.`, maxLength: 100 },
  delivery_url: { type: 'string', description: 'The URL where the webhook payload is delivered.', maxLength: 2000 },
  secret: {
    type: 'string',
    description: 'Secret key used to generate a hash of the delivered webhook and provided in the request headers.',
    maxLength: 200,
  },
} as const satisfies ArgSchemas;

const invalidId = () => new RestError('woocommerce_rest_shop_webhook_invalid_id', 'Invalid ID.', 404);
const invalidTopic = () =>
  new RestError('woocommerce_rest_shop_webhook_invalid_topic', 'Webhook topic is required and must be valid.', 400);
const invalidUrl = (message = 'Webhook delivery URL must be a valid URL starting with http:// or https://.') =>
  new RestError('woocommerce_rest_shop_webhook_invalid_delivery_url', message, 400);

export interface WcWebhookDeps {
  store: Store;
  config: Pick<Config, 'siteUrl' | 'restRoot'>;
  policy: FetchPolicy;
}

export function registerWcWebhookRoutes(registry: RestRegistry, { store, config, policy }: WcWebhookDeps): void {
  const base = `${config.siteUrl}${config.restRoot}/${NAMESPACE}/webhooks`;
  const shape = (webhook: Parameters<typeof wcWebhook>[0]) => wcWebhook(webhook, shopTimeZone(store), base);
  /** The changes a body asks for, each checked; the delivery URL against the address policy. */
  const changesOf = async (body: {
    name?: string;
    status?: (typeof WEBHOOK_STATUSES)[number];
    topic?: string;
    delivery_url?: string;
    secret?: string;
  }): Promise<WebhookChanges> => {
    const changes: WebhookChanges = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.status !== undefined) changes.status = body.status;
    // An empty secret would sign every delivery with a key anyone knows: it keeps the one there is (or gets one).
    if (body.secret) changes.secret = body.secret;
    if (body.topic !== undefined) {
      const topic = body.topic.trim().toLowerCase();
      if (!isWebhookTopic(topic)) throw invalidTopic();
      changes.topic = topic;
    }
    if (body.delivery_url !== undefined) {
      try {
        changes.delivery_url = (await checkDeliveryUrl(body.delivery_url.trim(), policy)).href;
      } catch (error) {
        throw invalidUrl(`The webhook delivery URL ${(error as Error).message}.`);
      }
    }
    return changes;
  };

  registry.register({
    namespace: NAMESPACE,
    path: '/webhooks',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        args: {
          ...PAGING,
          status: {
            type: 'string',
            description: 'Limit result set to webhooks assigned a specific status.',
            enum: ['all', ...WEBHOOK_STATUSES],
            default: 'all',
          },
        },
        handler: async ({ params }) => {
          const all = await store.webhooks.list();
          const found = params.status === 'all' ? all : all.filter((webhook) => webhook.status === params.status);
          const page = paginate(found, params.page, params.per_page);
          return new RestResponse(page.items.map(shape), 200, {
            'X-WP-Total': String(page.total),
            'X-WP-TotalPages': String(page.totalPages),
          });
        },
      }),
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        forbidden: cannotCreate,
        args: BODY_ARGS,
        handler: async ({ params, user }) => {
          if (!params.topic) throw invalidTopic();
          if (!params.delivery_url) throw invalidUrl();
          const changes = await changesOf(params);
          const now = new Date().toISOString();
          const webhook = await store.webhooks.create({
            name: changes.name || `Webhook created on ${now.slice(0, 16).replace('T', ' ')} UTC`,
            status: changes.status ?? 'active',
            topic: changes.topic!,
            delivery_url: changes.delivery_url!,
            // WooCommerce makes a secret when none is given; the integrator then reads deliveries without checking.
            secret: changes.secret || randomBytes(32).toString('base64url'),
            api_version: 'wp_api_v3',
            user_id: user!.id,
            created_at: now,
            updated_at: now,
          });
          return new RestResponse(shape(webhook), 201, { Location: `${base}/${webhook.id}` });
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/webhooks/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        args: WEBHOOK_ID,
        handler: async ({ params }) => {
          const webhook = await store.webhooks.find(params.id);
          if (!webhook) throw invalidId();
          return shape(webhook);
        },
      }),
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_shop',
        forbidden: cannotEdit,
        args: { ...WEBHOOK_ID, ...BODY_ARGS },
        handler: async ({ params }) => {
          if (!(await store.webhooks.find(params.id))) throw invalidId();
          const updated = await store.webhooks.update(params.id, await changesOf(params), new Date());
          if (!updated) throw invalidId();
          return shape(updated);
        },
      }),
      endpoint({
        methods: ['DELETE'],
        permission: 'manage_shop',
        forbidden: cannotDelete,
        args: {
          ...WEBHOOK_ID,
          force: {
            type: 'boolean',
            description: 'Required to be true, as resource does not support trashing.',
            default: false,
          },
        },
        handler: async ({ params }) => {
          if (!(await store.webhooks.find(params.id))) throw invalidId();
          if (!params.force)
            throw new RestError('woocommerce_rest_trash_not_supported', 'Webhooks do not support trashing.', 501);
          const removed = await store.webhooks.remove(params.id);
          if (!removed) throw invalidId();
          return shape(removed);
        },
      }),
    ],
  });
}
