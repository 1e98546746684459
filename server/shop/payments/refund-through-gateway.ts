/**
 * Money refunded on an order paid online goes back through its provider when the refund asks for it
 * (`api_refund`, WooCommerce's "refund through the gateway"; the admin's refunds and withdrawals ask for it). The
 * refund is stored first (refund-action.ts); the provider's answer, or its failure with what the manager must do,
 * is kept as a private note on the order.
 */
import type { OrderRefund } from '../../../client/api/refunds.js';
import type { Hooks } from '../../hooks/hooks.js';
import type { Order } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import { withNote } from '../orders/order-lifecycle.js';
import { ORDER_REFUNDED_ACTION } from '../orders/refund-action.js';
import { isOnlinePayment, type PaymentGateways } from './payment-gateway.js';

const PROVIDER_NAMES = { stripe: 'Stripe', przelewy24: 'Przelewy24' } as const;

export function refundThroughGateways(hooks: Hooks, store: Store, gateways: PaymentGateways): void {
  hooks.addAction(ORDER_REFUNDED_ACTION, async (...args: unknown[]) => {
    const [order, refund] = args as [Order, OrderRefund];
    const method = order.payment_method;
    if (!refund.api_refund || !isOnlinePayment(method) || refund.amount <= 0) return;
    const provider = PROVIDER_NAMES[method];
    const gateway = gateways[method];
    let note: string;
    try {
      if (!gateway) throw new Error(`${provider} is not configured on this server`);
      const { refundId } = await gateway.refund(order, refund.amount, refund.reason);
      note = `Refund ${refund.id} paid back through ${provider} (${refundId}).`;
    } catch (error) {
      note = `Refund ${refund.id} could not be paid back through ${provider}: ${(error as Error).message}. Pay it back in ${provider}'s dashboard.`;
    }
    await store.orders.change(order.id, (current) => {
      const { order: changed } = withNote(current, note, false, 'system', new Date().toISOString());
      return { order: changed, result: null };
    });
  });
}
