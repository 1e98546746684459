/**
 * Orders stored by versions without order statuses read as their starting status, with their placing as the one
 * entry of their history: the same rule on every store (the PostgreSQL migration 009 applies it to its rows).
 */
import { startingStatusOf } from '../../client/api/orders.js';
import type { Order } from './schema.js';

type StoredOrder = Omit<Order, 'status' | 'customer_note' | 'date_paid' | 'stock_returned' | 'history' | 'notes'> &
  Partial<Order>;

export function withLifecycleDefaults(order: StoredOrder): Order {
  const status = order.status ?? startingStatusOf(order.payment_method);
  return {
    ...order,
    status,
    customer_note: order.customer_note ?? '',
    date_paid: order.date_paid ?? null,
    stock_returned: order.stock_returned ?? false,
    history: order.history ?? [
      { from: null, to: status, by: { type: 'customer', id: order.user_id, name: 'customer' }, at: order.created_at },
    ],
    notes: order.notes ?? [],
  };
}
