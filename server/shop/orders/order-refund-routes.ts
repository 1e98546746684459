/**
 * `vitrine/v1/orders/{id}/refunds` for shop managers: the order's refunds (GET) and the admin's Refund (POST: lines in
 * units, the delivery, an amount, a reason). Thin over order-refunds.ts.
 */
import type { OrderRefund } from '../../../client/api/refunds.js';
import type { RestRegistry } from '../../rest/registry.js';
import { RestError } from '../../rest/errors.js';
import { endpoint, type EndpointDefinition } from '../../rest/route.js';
import type { Store } from '../../store/store.js';
import { restActor } from './order-actor.js';
import { refundOrder, type RefundDependencies } from './order-refunds.js';
import { checkOrderRefundInput } from './refund-input.js';

const ORDER_ID = { id: { type: 'integer', description: "The order's id.", required: true } } as const;
const notFound = () => new RestError('vitrine_order_not_found', 'There is no order with this id.', 404);

export function registerOrderRefundRoutes(registry: RestRegistry, store: Store, deps: RefundDependencies): void {
  registry.register({
    namespace: 'vitrine/v1',
    path: '/orders/(?P<id>[\\d]+)/refunds',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: ORDER_ID,
        handler: async ({ params }) => {
          const order = await store.orders.find(params.id);
          if (!order) throw notFound();
          return order.refunds;
        },
      }) satisfies EndpointDefinition<OrderRefund[]>,
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        args: {
          ...ORDER_ID,
          lines: { type: 'array', description: 'Units refunded per line: [{index, quantity}].' },
          delivery: { type: 'boolean', description: 'Whether the delivery and fees not yet refunded go back too.' },
          amount: { type: 'string', description: 'The amount, when not the value of the lines and delivery.' },
          reason: { type: 'string', description: 'Why the money goes back.' },
        },
        bodyCheckedByHandler: true,
        requireJsonObject: true,
        handler: async ({ params, body, user }) => {
          const order = await store.orders.find(Number(params.id));
          if (!order) throw notFound();
          const request = checkOrderRefundInput(body, {
            shipping: order.shipping_lines.length,
            fees: order.fee_lines.length,
          });
          const { refund } = await refundOrder(store, order.id, request, restActor(user!, null), deps);
          return refund;
        },
      }) satisfies EndpointDefinition<OrderRefund>,
    ],
  });
}
