/**
 * Refunds of an order, the one kind every way of paying money back makes (the admin's Refund, `wc/v3/orders/{id}/
 * refunds`, a withdrawal's refund): checked against the order and its earlier refunds and stored on the order in ONE
 * store operation on its freshest state, so that refunds at once never together pay back more than was paid; a refund
 * that settles the order moves it to `refunded` and gives its stock back in that same operation.
 *
 * Once stored, the action `shop/order_refunded` runs with the order and the refund (refund-action.ts): where an
 * invoice's correction is issued and a payment gateway pays the money back.
 */
import type { OrderActor } from '../../../client/api/orders.js';
import type { OrderRefund } from '../../../client/api/refunds.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import type { Hooks } from '../../hooks/hooks.js';
import { announceRefund } from './refund-action.js';
import type { CatalogData, CatalogEdit } from '../../store/catalog-types.js';
import type { Order } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import { assertRefundable } from './order-payment.js';
import type { OrderStatusMessages } from './order-service.js';
import { refundedOrderChange } from './refunded-order.js';
import { buildRefund, type RefundRequest } from './refund-items.js';

/** What storing a refund changes: the order with it (moved to `refunded` when it settles it), and the stock edit. */
export interface RefundedOrder {
  order: Order;
  refund: OrderRefund;
  /** The order moved to `refunded` with this refund. */
  settled: boolean;
  stock: CatalogEdit | null;
}

/**
 * The order with `request`'s refund added, decided on the order's freshest state inside a store operation.
 * @throws InvalidInputError (what does not fit), ConflictError (an order never paid, or one whose status allows no
 *   refund)
 */
export function orderWithRefund(
  order: Order,
  request: RefundRequest,
  catalog: CatalogData | null,
  actor: OrderActor,
  now: string,
): RefundedOrder {
  assertRefundable(order);
  const refund = buildRefund(order, request, actor, now);
  const withRefund: Order = { ...order, refunds: [...order.refunds, refund] };
  const settledChange = refundedOrderChange(withRefund, catalog, actor, now);
  return {
    order: settledChange?.order ?? withRefund,
    refund,
    settled: settledChange !== null,
    stock: settledChange?.stock ?? null,
  };
}

export interface RefundDependencies {
  /** What the customer is told when the refund moves the order to `refunded`. */
  tell: OrderStatusMessages;
  hooks?: Hooks;
}

/**
 * Records a refund of order `id`: all of it or nothing, stored with the order's move and stock when it settles it.
 * @throws NotFoundError for an unknown order; InvalidInputError, ConflictError as orderWithRefund
 */
export async function refundOrder(
  store: Store,
  id: number,
  request: RefundRequest,
  actor: OrderActor,
  deps: RefundDependencies,
  now = new Date().toISOString(),
): Promise<{ order: Order; refund: OrderRefund }> {
  if (!(await store.orders.find(id))) throw new NotFoundError(`There is no order with the id ${id}.`);
  const stored = await store.orders.change(
    id,
    (order, catalog) => {
      const refunded = orderWithRefund(order, request, catalog, actor, now);
      const paidBack = refunded.order.refunds.reduce((sum, refund) => sum + refund.amount, 0) / 100;
      return {
        order: refunded.order,
        stock: refunded.stock,
        result: { order: refunded.order, refund: refunded.refund },
        outbox: refunded.settled ? deps.tell(refunded.order, order.status, now, paidBack) : [],
      };
    },
    { withCatalog: true },
  );
  await announceRefund(deps.hooks, stored.order, stored.refund);
  return stored;
}

/** One refund of the order. @throws NotFoundError */
export function findRefund(order: Order, refundId: number): OrderRefund {
  const refund = order.refunds.find((candidate) => candidate.id === refundId);
  if (!refund) throw new NotFoundError(`Order ${order.number} has no refund with the id ${refundId}.`);
  return refund;
}
