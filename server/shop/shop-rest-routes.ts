/**
 * `vitrine/v1/orders`, `/messages` and `/withdrawals` for shop managers (manage_shop): what customers sent through
 * the storefront forms, newest first (docs/architecture.md: extensions of our own namespace); and
 * `/orders/{id}`, one order with its history, notes, consent proof and withdrawals (order-detail.ts); and
 * `/stock/held`, the units unpaid orders hold per product, apart from those sold (orders/unpaid-holds.ts); and
 * `/orders/{id}/refunds`, the admin's refunds (orders/order-refund-routes.ts); and `/taxes/oss-report` and
 * `/taxes/eu-rates`, the EU sales' report and rates (tax/eu-tax-routes.ts).
 */
import type { Hooks } from '../hooks/hooks.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestError } from '../rest/errors.js';
import { endpoint } from '../rest/route.js';
import type { Store } from '../store/store.js';
import { orderDetail } from './orders/order-detail.js';
import { heldStock } from './orders/unpaid-holds.js';
import { registerOrderRefundRoutes } from './orders/order-refund-routes.js';
import type { ShopMail } from '../mail/shop-mail.js';
import { registerErasureRequestRoutes } from './account/erasure-request-routes.js';
import { registerPrivacyRestRoutes } from './account/privacy-rest-routes.js';
import { registerShippingZoneRoutes } from './shipping/shipping-zone-routes.js';
import { registerWithdrawalRestRoutes } from './withdrawals/withdrawal-rest-routes.js';
import { registerEuTaxRoutes } from './tax/eu-tax-routes.js';

export function registerShopRestRoutes(registry: RestRegistry, store: Store, mail: ShopMail, hooks?: Hooks): void {
  const tellCustomer = mail.orderStatusChanged;
  const list = (path: string, read: () => Promise<unknown[]>) =>
    registry.register({
      namespace: 'vitrine/v1',
      path,
      endpoints: [{ methods: ['GET'], permission: 'manage_shop', withoutCatalog: true, handler: async () => read() }],
    });
  list('/orders', () => store.orders.list());
  list('/messages', () => store.messages.list());
  list('/stock/held', async () => heldStock(await store.orders.list(), store.site.data.settings.checkout));
  registerWithdrawalRestRoutes(registry, store, tellCustomer, hooks);
  registerOrderRefundRoutes(registry, store, { tell: tellCustomer, hooks });

  registry.register({
    namespace: 'vitrine/v1',
    path: '/orders/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: { id: { type: 'integer', description: "The order's id.", required: true } },
        handler: async ({ params }) => {
          const order = await store.orders.find(params.id);
          if (!order) throw new RestError('vitrine_order_not_found', 'There is no order with this id.', 404);
          return orderDetail(store, order);
        },
      }),
    ],
  });
  registerShippingZoneRoutes(registry, store);
  registerPrivacyRestRoutes(registry, store, mail);
  registerEuTaxRoutes(registry, store);
  registerErasureRequestRoutes(registry, store, mail);
}
