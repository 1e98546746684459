/**
 * One order as the admin shows it (`GET /vitrine/v1/orders/{id}`, client/api/orders.ts VitrineOrder): the order, the
 * statuses it may move to, the consent log records of its checkout (reference `order:<number>`: which texts, in which
 * version, when) and the withdrawals received for it. What WooCommerce spreads over several screens, in one answer.
 */
import { ORDER_TRANSITIONS, type VitrineOrder } from '../../../client/api/orders.js';
import type { Order } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import { moneyReceived } from './order-payment.js';
import { holdEndsAt } from './unpaid-holds.js';

export async function orderDetail(store: Store, order: Order): Promise<VitrineOrder> {
  const reference = `order:${order.number}`;
  const [log, withdrawals] = await Promise.all([store.consent.log(), store.withdrawals.list()]);
  return {
    ...order,
    stock_held_until: holdEndsAt(order, store.site.data.settings.checkout)?.toISOString() ?? null,
    // The admin offers no refund of an order that was never paid: the move would be refused.
    allowed_transitions: ORDER_TRANSITIONS[order.status].filter(
      (status) => status !== 'refunded' || moneyReceived(order),
    ),
    consent_proof: log.filter((record) => record.reference === reference),
    withdrawals: withdrawals.filter((withdrawal) => withdrawal.order_id === order.id).reverse(),
  };
}
