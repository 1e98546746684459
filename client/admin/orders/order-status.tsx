/**
 * Order statuses as the admin names them: WooCommerce's labels (translatable), a badge that says the status in words
 * (its colour only repeats them), and the verb of a move for buttons and the bulk change.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { OrderStatus } from '../../api/orders.js';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: __('Pending payment'),
  processing: __('Processing'),
  'on-hold': __('On hold'),
  completed: __('Completed'),
  cancelled: __('Cancelled'),
  refunded: __('Refunded'),
  failed: __('Failed'),
};

/** What a button that moves an order to `status` reads. */
export const MOVE_LABELS: Record<OrderStatus, string> = {
  pending: __('Mark as pending payment'),
  processing: __('Mark as processing (paid)'),
  'on-hold': __('Put on hold'),
  completed: __('Mark as completed'),
  cancelled: __('Cancel order'),
  refunded: __('Mark as refunded'),
  failed: __('Mark as failed'),
};

/** Moves that give the stock back and cannot be undone: asked for twice. */
export const FINAL_MOVES: readonly OrderStatus[] = ['cancelled', 'refunded'];

/** Why a move is not offered, in a manager's words. */
export function refusedMoveReason(number: string, from: OrderStatus, to: OrderStatus): string {
  if (from === to) return sprintf(__('%1$s is already %2$s.'), number, STATUS_LABELS[to]);
  return sprintf(__('%1$s is %2$s: it cannot be moved to %3$s.'), number, STATUS_LABELS[from], STATUS_LABELS[to]);
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`vitrine-order-status vitrine-order-status--${status}`}>{STATUS_LABELS[status] ?? status}</span>
  );
}
