/**
 * `wc/v3/orders/{order_id}/refunds`: an order's refunds as WooCommerce answers them (list newest first, paged; one;
 * create with 201 and a Location), made by the orders service in one store operation with the order (and its move to
 * `refunded` and its stock when the refund settles it). A refund cannot be deleted: money paid back and the
 * corrections issued from it stay in the order's accounts, so DELETE is refused whole and changes nothing.
 */
import type { WcOrderRefund } from '../../client/api/wc-orders.js';
import { paginate } from '../catalog/product-reads.js';
import type { Config } from '../config.js';
import { ConflictError, InvalidInputError } from '../errors/domain-errors.js';
import type { ArgSchemas } from '../rest/args.js';
import { RestError } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import { restActor } from '../shop/orders/order-actor.js';
import { findRefund, refundOrder, type RefundDependencies } from '../shop/orders/order-refunds.js';
import type { Order } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { cannotCreate, cannotDelete, cannotView } from './wc-errors.js';
import { NAMESPACE, PAGING } from './wc-product-routes.js';
import { wcRefundRequest } from './wc-refund-input.js';
import { wcOrderRefund } from './wc-refund-shape.js';
import { shopTimeZone } from './wc-shape.js';

const ORDER = {
  order_id: { type: 'integer', description: 'The order ID.', required: true },
} as const satisfies ArgSchemas;
const REFUND = {
  ...ORDER,
  id: { type: 'integer', description: 'Unique identifier for the resource.', required: true },
} as const satisfies ArgSchemas;

const invalidOrderId = () => new RestError('woocommerce_rest_invalid_order_id', 'Invalid order ID.', 404);
const invalidRefundId = () => new RestError('woocommerce_rest_invalid_id', 'Invalid resource ID.', 404);
/** A refund the order cannot take, in WooCommerce's code, with every refused field named. */
const refused = (error: unknown): unknown => {
  if (error instanceof InvalidInputError)
    return new RestError('woocommerce_rest_invalid_order_refund', error.message, 400, { params: error.problems });
  if (error instanceof ConflictError) return new RestError('woocommerce_rest_invalid_order_refund', error.message, 400);
  return error;
};

export interface WcRefundDeps extends RefundDependencies {
  store: Store;
  config: Pick<Config, 'siteUrl' | 'restRoot'>;
}

export function registerWcRefundRoutes(registry: RestRegistry, { store, config, ...deps }: WcRefundDeps): void {
  const orderOf = async (id: number): Promise<Order> => {
    const order = await store.orders.find(id);
    if (!order) throw invalidOrderId();
    return order;
  };
  const shape = (order: Order, refund: Order['refunds'][number]): WcOrderRefund =>
    wcOrderRefund(order, refund, shopTimeZone(store));

  registry.register({
    namespace: NAMESPACE,
    path: '/orders/(?P<order_id>[\\d]+)/refunds',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        withoutCatalog: true,
        args: { ...ORDER, ...PAGING },
        handler: async ({ params }) => {
          const order = await orderOf(params.order_id);
          const page = paginate([...order.refunds].reverse(), params.page, params.per_page);
          return new RestResponse(
            page.items.map((refund) => shape(order, refund)),
            200,
            { 'X-WP-Total': String(page.total), 'X-WP-TotalPages': String(page.totalPages) },
          );
        },
      }),
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        forbidden: cannotCreate,
        args: {
          ...ORDER,
          amount: { type: 'string', description: 'Refund amount.' },
          reason: { type: 'string', description: 'Reason for refund.' },
          api_refund: {
            type: 'boolean',
            description: 'When true, the payment gateway API is used to generate the refund.',
          },
          line_items: { type: 'array', description: 'Line items data: [{id, quantity, refund_total, refund_tax}].' },
        },
        bodyCheckedByHandler: true,
        requireJsonObject: true,
        handler: async ({ params, body, user, apiKey }) => {
          const order = await orderOf(Number(params.order_id));
          try {
            const request = wcRefundRequest(body, order);
            const stored = await refundOrder(store, order.id, request, restActor(user!, apiKey), deps);
            const location = `${config.siteUrl}${config.restRoot}/${NAMESPACE}/orders/${order.id}/refunds/${stored.refund.id}`;
            return new RestResponse(shape(stored.order, stored.refund), 201, { Location: location });
          } catch (error) {
            throw refused(error);
          }
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/orders/(?P<order_id>[\\d]+)/refunds/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        withoutCatalog: true,
        args: REFUND,
        handler: async ({ params }) => {
          const order = await orderOf(params.order_id);
          const refund = order.refunds.find((kept) => kept.id === params.id);
          if (!refund) throw invalidRefundId();
          return shape(order, findRefund(order, refund.id));
        },
      }),
      endpoint({
        methods: ['DELETE'],
        permission: 'manage_shop',
        forbidden: cannotDelete,
        withoutCatalog: true,
        args: {
          ...REFUND,
          force: { type: 'boolean', description: 'Required to be true, as resource does not support trashing.' },
        },
        handler: async ({ params }) => {
          const order = await orderOf(params.order_id);
          if (!order.refunds.some((kept) => kept.id === params.id)) throw invalidRefundId();
          throw new RestError(
            'woocommerce_rest_cannot_delete',
            `Refund ${params.id} of order ${order.number} cannot be deleted: the money it paid back, the stock it returned and the corrections issued from it stay in the order's accounts. Record a new order or payment instead.`,
            409,
          );
        },
      }),
    ],
  });
}
