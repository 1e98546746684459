/**
 * `vitrine/v1/withdrawals` for shop managers (manage_shop): the withdrawals customers sent, each with its refund
 * deadline, and their processing (goods received, refund recorded) at `/withdrawals/{id}`.
 */
import type { ManagedWithdrawal } from '../../../client/api/withdrawals.js';
import type { Hooks } from '../../hooks/hooks.js';
import type { RestRegistry } from '../../rest/registry.js';
import { endpoint, type EndpointDefinition } from '../../rest/route.js';
import type { Store } from '../../store/store.js';
import type { OrderStatusMessages } from '../orders/order-service.js';
import { findManagedWithdrawal, listManagedWithdrawals, processWithdrawal } from './withdrawal-processing.js';

const ID_ARG = { id: { type: 'integer', description: 'Withdrawal id.', required: true } } as const;

/**
 * @param tellCustomer what the customer is told when a full refund moves their order (ShopMail.orderStatusChanged)
 * @param hooks where the refund action runs once a refund is stored (orders/order-refunds.ts)
 */
export function registerWithdrawalRestRoutes(
  registry: RestRegistry,
  store: Store,
  tellCustomer: OrderStatusMessages,
  hooks?: Hooks,
): void {
  registry.register({
    namespace: 'vitrine/v1',
    path: '/withdrawals',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: { order_id: { type: 'integer', description: 'Only the withdrawals from this order.', minimum: 1 } },
        withoutCatalog: true,
        handler: async ({ params }) =>
          (await listManagedWithdrawals(store)).filter(
            (withdrawal) => params.order_id === undefined || withdrawal.order_id === params.order_id,
          ),
      }) satisfies EndpointDefinition<ManagedWithdrawal[]>,
    ],
  });
  registry.register({
    namespace: 'vitrine/v1',
    path: '/withdrawals/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: ID_ARG,
        handler: ({ params }) => findManagedWithdrawal(store, params.id),
      }) satisfies EndpointDefinition<ManagedWithdrawal>,
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_shop',
        args: {
          ...ID_ARG,
          goods_received_on: {
            type: 'string',
            description: 'The day the goods came back (YYYY-MM-DD, shop time zone); null clears it.',
          },
          refund: {
            type: 'object',
            description:
              'The refund made: {amount, refunded_on (YYYY-MM-DD), scope: "full" | "lines", lines: [{item_id, quantity}]}.',
          },
        },
        // The service checks the body as a whole (all or nothing), with rules a schema cannot express.
        bodyCheckedByHandler: true,
        requireJsonObject: true,
        // The id comes from the URL pattern (digits), validated as an integer before the handler runs.
        handler: ({ params, body, user }) =>
          processWithdrawal(store, Number(params.id), body, user!, tellCustomer, new Date(), hooks),
      }) satisfies EndpointDefinition<ManagedWithdrawal>,
    ],
  });
}
