/**
 * `vitrine/v1/orders`, `/messages` and `/withdrawals` for shop managers (manage_shop): what customers sent through
 * the storefront forms, newest first, until the admin screens read them (docs/architecture.md: extensions of our own namespace).
 */
import type { RestRegistry } from '../rest/registry.js';
import type { Store } from '../store/store.js';
import { ConflictError } from '../errors/domain-errors.js';
import { registerWithdrawalRestRoutes } from './withdrawal-rest-routes.js';

export function registerShopRestRoutes(registry: RestRegistry, store: Store): void {
  const list = (path: string, read: () => Promise<unknown[]>) =>
    registry.register({
      namespace: 'vitrine/v1',
      path,
      endpoints: [{ methods: ['GET'], permission: 'manage_shop', handler: async () => read() }],
    });
  list('/orders', () => store.orders.list());
  list('/messages', () => store.messages.list());
  registerWithdrawalRestRoutes(registry, store, async () => {
    throw new ConflictError('Orders have no statuses yet: a full refund cannot move the order to refunded.', { code: 'vitrine_order_status_unavailable' });
  });
}
