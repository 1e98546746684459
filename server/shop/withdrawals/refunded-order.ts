/**
 * What a refund recorded on a withdrawal does to its order: a full refund, or per-line refunds that together pay back
 * every line in full and the order's whole total, move the order to `refunded` through its own lifecycle (which gives
 * the stock back, once). Decided on the state the store holds still (withdrawals.process), so that the move is
 * stored with the refund that causes it.
 */
import { canMoveOrder, ORDER_STATUS_LABELS, type OrderActor } from '../../../client/api/orders.js';
import type { WithdrawalRefund } from '../../../client/api/withdrawals.js';
import type { CatalogData } from '../../store/catalog-types.js';
import { ConflictError } from '../../errors/domain-errors.js';
import type { Order, WithdrawalRequest } from '../../store/schema.js';
import type { WithdrawalProcessingOutcome } from '../../store/store.js';
import { lineItemId } from '../line-item.js';
import { moveOrder } from '../orders/order-lifecycle.js';
import { stockReturningEdit } from '../stock.js';

const minor = (amount: number) => Math.round(amount * 100);

/**
 * Whether the refunds settle the order whole: one of them is a full refund, or their lines cover every line of the
 * order in its whole quantity and their amounts add up to the order's total.
 */
export function refundsWholeOrder(
  order: Pick<Order, 'lines' | 'total'>,
  refunds: readonly WithdrawalRefund[],
): boolean {
  if (refunds.some((refund) => refund.scope === 'full')) return true;
  const refunded = new Map<number, number>();
  for (const line of refunds.flatMap((refund) => refund.lines))
    refunded.set(lineItemId(line), (refunded.get(lineItemId(line)) ?? 0) + line.quantity);
  const everyLine = order.lines.every((line) => (refunded.get(lineItemId(line)) ?? 0) >= line.quantity);
  return everyLine && refunds.reduce((sum, refund) => sum + minor(refund.amount), 0) === minor(order.total);
}

/**
 * The order change that recording `refund` on `withdrawal` makes: the order moved to `refunded` with the edit that
 * gives its stock back, or null when the order's refunds do not settle it whole yet (or it is refunded already).
 * @param withdrawals every withdrawal of the order, as stored before this refund
 * @throws ConflictError when the refund would settle an order whose status allows no refund (it was never paid)
 */
export function refundedOrderChange(
  order: Order,
  withdrawal: WithdrawalRequest,
  refund: WithdrawalRefund,
  withdrawals: readonly WithdrawalRequest[],
  catalog: CatalogData | null,
  actor: OrderActor,
  now: Date,
): NonNullable<WithdrawalProcessingOutcome['orderChange']> | null {
  const refunds = [
    ...withdrawals.filter((other) => other.id !== withdrawal.id && other.refund).map((other) => other.refund!),
    refund,
  ];
  if (order.status === 'refunded' || !refundsWholeOrder(order, refunds)) return null;
  if (!canMoveOrder(order.status, 'refunded')) {
    throw new ConflictError(
      `Order ${order.number} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: it cannot be refunded, so no refund of the whole order can be recorded for it.`,
      { code: 'vitrine_order_not_refundable' },
    );
  }
  const moved = moveOrder(order, 'refunded', actor, now.toISOString());
  if (moved.returnsStock && !catalog) throw new Error('A refund that settles its order must be processed withCatalog.');
  return { order: moved.order, stock: moved.returnsStock ? stockReturningEdit(catalog!, order.lines) : null };
}
