/**
 * The action every stored refund of an order runs, whichever way it was made (the admin, wc/v3, a withdrawal, an
 * order moved to `refunded`): `shop/order_refunded` with the order as stored and the refund. Listeners issue an
 * invoice's correction, or pay the money back through the order's payment gateway (`refund.api_refund`). It runs
 * after the store operation, so a listener that must not lose its work records it durably itself (an outbox entry
 * of its own, keyed by the order and the refund id); a listener that fails is logged and the refund stays stored.
 */
import type { OrderRefund } from '../../../client/api/refunds.js';
import type { Hooks } from '../../hooks/hooks.js';
import type { Order } from '../../store/schema.js';

/** `(order: Order, refund: OrderRefund) => void | Promise<void>`, run in priority order, each awaited. */
export const ORDER_REFUNDED_ACTION = 'shop/order_refunded';

/** Runs the refund action for a refund stored already. */
export async function announceRefund(hooks: Hooks | undefined, order: Order, refund: OrderRefund): Promise<void> {
  if (!hooks) return;
  try {
    await hooks.doAction(ORDER_REFUNDED_ACTION, order, refund);
  } catch (error) {
    console.error(
      `A listener of ${ORDER_REFUNDED_ACTION} failed for refund ${refund.id} of order ${order.number}:`,
      error,
    );
  }
}
