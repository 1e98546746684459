/**
 * Which orders a list shows, as WooCommerce's orders endpoint filters them: by status (several, or `any`), customer,
 * a creation window, and a search over the number, the customer's name and e-mail (case and diacritics ignored);
 * sorted by date, id or last change. Pure, so that the API and a brute-force reference in tests agree by construction
 * of the same query, not of the same code.
 */
import type { OrderStatus } from '../../../client/api/orders.js';
import { foldText } from '../../catalog/model.js';
import type { Order } from '../../store/schema.js';

export const ORDER_ORDERBY = ['date', 'id', 'modified'] as const;

export interface OrderQuery {
  /** Empty: every status. */
  statuses: readonly OrderStatus[];
  customer?: number;
  /** ISO instants: created strictly after / before. */
  after?: string;
  before?: string;
  search?: string;
  orderby: (typeof ORDER_ORDERBY)[number];
  order: 'asc' | 'desc';
}

/** When the order last changed: its newest history entry or note. */
export function orderModifiedAt(order: Order): string {
  return [order.created_at, ...order.history.map((entry) => entry.at), ...order.notes.map((note) => note.date_created)]
    .sort()
    .at(-1)!;
}

function matchesSearch(order: Order, words: string): boolean {
  const haystack = foldText(
    [
      order.number,
      order.billing.first_name,
      order.billing.last_name,
      `${order.billing.first_name} ${order.billing.last_name}`,
      order.email,
    ].join('\n'),
  );
  return haystack.includes(words);
}

const sortKey: Record<OrderQuery['orderby'], (order: Order) => string | number> = {
  date: (order) => order.created_at,
  id: (order) => order.id,
  modified: orderModifiedAt,
};

export function queryOrders(orders: readonly Order[], query: OrderQuery): Order[] {
  const words = query.search ? foldText(query.search.trim()) : '';
  const after = query.after ? Date.parse(query.after) : null;
  const before = query.before ? Date.parse(query.before) : null;
  const matching = orders.filter((order) => {
    const created = Date.parse(order.created_at);
    return (
      (query.statuses.length === 0 || query.statuses.includes(order.status)) &&
      (query.customer === undefined || (order.user_id ?? 0) === query.customer) &&
      (after === null || created > after) &&
      (before === null || created < before) &&
      (!words || matchesSearch(order, words))
    );
  });
  const key = sortKey[query.orderby];
  const direction = query.order === 'asc' ? 1 : -1;
  // Ties (two orders in one second) fall back to the id, so that pages never overlap.
  return matching.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * direction;
  });
}
