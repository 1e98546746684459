/**
 * An order's life, as pure functions of the order: its starting status and history, a status change checked against
 * the one table of allowed moves (client/api/orders.ts), and notes. Whether a change gives the stock back is decided
 * here from the order's own flag, and the store applies it in the same operation (order-service.ts).
 */
import {
  canMoveOrder,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  startingStatusOf,
  STOCK_RETURNING_STATUSES,
  UNPAID_STATUSES,
  type OrderActor,
  type OrderNote,
  type OrderStatus,
} from '../../../client/api/orders.js';
import { InvalidInputError } from '../../errors/domain-errors.js';
import type { Order } from '../../store/schema.js';
import type { NewOrder } from '../../store/store.js';
import { moneyReceived, unpaidRefundMove } from './order-payment.js';

/** The lifecycle fields of a new order, placed by `actor` at `now`. */
export function newOrderLifecycle(
  paymentMethod: Order['payment_method'],
  actor: OrderActor,
  now: string,
  customerNote = '',
) {
  const status = startingStatusOf(paymentMethod);
  return {
    status,
    customer_note: customerNote,
    date_paid: null,
    stock_returned: false,
    history: [{ from: null, to: status, by: actor, at: now }],
    notes: [],
  } satisfies Partial<NewOrder>;
}

/** A move the table does not allow, named with where the order may go instead. */
export function invalidTransition(from: OrderStatus, to: OrderStatus): InvalidInputError {
  const allowed = ORDER_TRANSITIONS[from];
  const instead = allowed.length ? `It may move to: ${allowed.join(', ')}.` : 'It cannot change any more.';
  return new InvalidInputError(
    { status: `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} (${from}) cannot become ${to}. ${instead}` },
    { code: 'woocommerce_rest_invalid_order_status_transition' },
  );
}

export interface MovedOrder {
  order: Order;
  /** The change must give the order's units back (it had not yet). */
  returnsStock: boolean;
}

/**
 * The order moved to `to` by `actor` at `now`: history entry, `date_paid` when the money arrives, the stock flag.
 * Moving to the status it has changes nothing.
 * @throws InvalidInputError when the table does not allow the move, or it refunds an order that was never paid
 */
export function moveOrder(order: Order, to: OrderStatus, actor: OrderActor, now: string): MovedOrder {
  if (order.status === to) return { order, returnsStock: false };
  if (!canMoveOrder(order.status, to)) throw invalidTransition(order.status, to);
  // Only money received goes back, also once the order was cancelled.
  if (to === 'refunded' && !moneyReceived(order)) throw unpaidRefundMove(order);
  const returnsStock = STOCK_RETURNING_STATUSES.includes(to) && !order.stock_returned;
  const paid =
    (to === 'processing' || to === 'completed') && UNPAID_STATUSES.includes(order.status) && order.date_paid === null;
  return {
    order: {
      ...order,
      status: to,
      date_paid: paid ? now : order.date_paid,
      stock_returned: order.stock_returned || returnsStock,
      history: [...order.history, { from: order.status, to, by: actor, at: now }],
    },
    returnsStock,
  };
}

/** The order with one more note, and that note. */
export function withNote(
  order: Order,
  text: string,
  customerNote: boolean,
  author: string,
  now: string,
): { order: Order; note: OrderNote } {
  const note: OrderNote = {
    id: Math.max(0, ...order.notes.map((kept) => kept.id)) + 1,
    author,
    date_created: now,
    note: text,
    customer_note: customerNote,
  };
  return { order: { ...order, notes: [...order.notes, note] }, note };
}
