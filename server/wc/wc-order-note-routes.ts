/**
 * `wc/v3/orders/{order_id}/notes`: an order's private notes and notes for the customer, as WooCommerce answers them
 * (list, create with 201 and a Location, one, delete with `force=true`; notes keep no trash).
 */
import type { Config } from '../config.js';
import type { ArgSchemas } from '../rest/args.js';
import { invalidParams } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import { restActor } from '../shop/orders/order-actor.js';
import { addOrderNote, deleteOrderNote, type OrderNoteMessages } from '../shop/orders/order-service.js';
import type { Store } from '../store/store.js';
import {
  cannotCreate,
  cannotDelete,
  cannotView,
  invalidNoteId,
  invalidNoteOrderId,
  noteTrashNotSupported,
} from './wc-errors.js';
import { wcOrderNote } from './wc-order-shape.js';
import { NAMESPACE } from './wc-product-routes.js';
import { shopTimeZone } from './wc-shape.js';

const ORDER = {
  order_id: { type: 'integer', description: 'The order ID.', required: true },
} as const satisfies ArgSchemas;
const NOTE = {
  ...ORDER,
  id: { type: 'integer', description: 'Unique identifier for the resource.', required: true },
} as const satisfies ArgSchemas;
const NOTE_TYPES = ['any', 'customer', 'internal'] as const;

export interface WcOrderNoteDeps {
  store: Store;
  config: Pick<Config, 'siteUrl' | 'restRoot'>;
  /** What the customer is told of a note to them (ShopMail.orderNoteAdded). */
  tellCustomer: OrderNoteMessages;
}

export function registerWcOrderNoteRoutes(
  registry: RestRegistry,
  { store, config, tellCustomer }: WcOrderNoteDeps,
): void {
  const orderOf = async (id: number) => {
    const order = await store.orders.find(id);
    if (!order) throw invalidNoteOrderId();
    return order;
  };
  const shape = (note: Parameters<typeof wcOrderNote>[0]) => wcOrderNote(note, shopTimeZone(store));

  registry.register({
    namespace: NAMESPACE,
    path: '/orders/(?P<order_id>[\\d]+)/notes',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        withoutCatalog: true,
        args: {
          ...ORDER,
          type: {
            type: 'string',
            description: 'Limit result to customer notes or internal notes.',
            enum: NOTE_TYPES,
            default: 'any',
          },
        },
        handler: async ({ params }) => {
          const order = await orderOf(params.order_id);
          const wanted = order.notes.filter(
            (note) => params.type === 'any' || note.customer_note === (params.type === 'customer'),
          );
          // WooCommerce lists the newest first.
          return [...wanted].reverse().map(shape);
        },
      }),
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        forbidden: cannotCreate,
        withoutCatalog: true,
        args: {
          ...ORDER,
          note: { type: 'string', description: 'Order note content.', required: true, minLength: 1, maxLength: 10_000 },
          customer_note: {
            type: 'boolean',
            description: 'If true, the note will be shown to customers and they will be notified.',
            default: false,
          },
          added_by_user: {
            type: 'boolean',
            description: 'If true, this note will be attributed to the current user.',
            default: false,
          },
        },
        handler: async ({ params, user, apiKey }) => {
          await orderOf(params.order_id);
          if (params.note.trim() === '') throw invalidParams({ note: 'note must not be empty.' });
          // WooCommerce names the shop ("system") unless the note is attributed to the user who adds it.
          const author = params.added_by_user ? restActor(user!, apiKey).name : 'system';
          const note = await addOrderNote(
            store,
            params.order_id,
            { note: params.note.trim(), customer_note: params.customer_note },
            author,
            tellCustomer,
          );
          const location = `${config.siteUrl}${config.restRoot}/${NAMESPACE}/orders/${params.order_id}/notes/${note.id}`;
          return new RestResponse(shape(note), 201, { Location: location });
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/orders/(?P<order_id>[\\d]+)/notes/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        withoutCatalog: true,
        args: NOTE,
        handler: async ({ params }) => {
          const note = (await orderOf(params.order_id)).notes.find((kept) => kept.id === params.id);
          if (!note) throw invalidNoteId();
          return shape(note);
        },
      }),
      endpoint({
        methods: ['DELETE'],
        permission: 'manage_shop',
        forbidden: cannotDelete,
        withoutCatalog: true,
        args: {
          ...NOTE,
          force: {
            type: 'boolean',
            description: 'Required to be true, as resource does not support trashing.',
            default: false,
          },
        },
        handler: async ({ params }) => {
          const note = (await orderOf(params.order_id)).notes.find((kept) => kept.id === params.id);
          if (!note) throw invalidNoteId();
          if (!params.force) throw noteTrashNotSupported();
          return shape(await deleteOrderNote(store, params.order_id, params.id));
        },
      }),
    ],
  });
}
