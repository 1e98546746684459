/**
 * What a refund does to its order: a refund that, with the ones before it, pays back every unit of every line and the
 * whole total moves the order to `refunded` through its own lifecycle, which gives the stock back, once. Decided on the
 * state the store holds still (orders.change, withdrawals.process), so that the move is stored with the refund.
 */
import { canMoveOrder, ORDER_STATUS_LABELS, type OrderActor } from '../../../client/api/orders.js';
import { ConflictError } from '../../errors/domain-errors.js';
import type { CatalogData, CatalogEdit } from '../../store/catalog-types.js';
import type { Order } from '../../store/schema.js';
import { stockReturningEdit } from '../stock.js';
import { moveOrder } from './order-lifecycle.js';
import { refundsWholeOrder } from './refund-items.js';

/**
 * The order with its refunds (the newest one included) moved to `refunded` with the edit that gives its stock back,
 * or null when its refunds do not settle it whole yet (or it is refunded already).
 * @throws ConflictError when the refunds would settle an order whose status allows no refund
 */
export function refundedOrderChange(
  order: Order,
  catalog: CatalogData | null,
  actor: OrderActor,
  now: string,
): { order: Order; stock: CatalogEdit | null } | null {
  if (order.status === 'refunded' || !refundsWholeOrder(order, order.refunds)) return null;
  if (!canMoveOrder(order.status, 'refunded')) {
    throw new ConflictError(
      `Order ${order.number} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: it cannot be refunded, so no refund of the whole order can be recorded for it.`,
      { code: 'vitrine_order_not_refundable' },
    );
  }
  const moved = moveOrder(order, 'refunded', actor, now);
  if (moved.returnsStock && !catalog) throw new Error('A refund that settles its order must be made withCatalog.');
  return { order: moved.order, stock: moved.returnsStock ? stockReturningEdit(catalog!, order.lines) : null };
}
