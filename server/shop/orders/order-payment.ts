/**
 * The one rule of money in and money back, shared by the orders service (wc/v3 and the admin's status moves) and the
 * withdrawals' refunds: only money the shop received can go back, never more than was paid for a line nor in all;
 * and a cancelled order is not paid afterwards (which would make it refundable).
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../client/api/orders.js';
import type { WithdrawnItem } from '../../../client/api/withdrawals.js';
import { ConflictError, InvalidInputError } from '../../errors/domain-errors.js';
import type { Order } from '../../store/schema.js';
import { lineItemId } from '../line-item.js';

const minor = (amount: number) => Math.round(amount * 100);
const major = (minorAmount: number) => (minorAmount / 100).toFixed(2);
const statusWords = (status: OrderStatus) => ORDER_STATUS_LABELS[status].toLowerCase();

/**
 * Whether the shop received the order's money, whatever the order became since: it has a payment date, or it was
 * completed once (cash on delivery is paid at the door, and orders kept before payment dates were stored know only
 * that).
 */
export function moneyReceived(order: Pick<Order, 'date_paid' | 'history'>): boolean {
  return order.date_paid !== null || order.history.some((entry) => entry.to === 'completed');
}

/** A status move to `refunded` of an order that was never paid (wc/v3 answers it 400 with the code). */
export function unpaidRefundMove(order: Pick<Order, 'number' | 'status'>): InvalidInputError {
  return new InvalidInputError(
    {
      status: `Order ${order.number} was never paid: there is no payment to refund. Cancel it instead, or mark it paid once its payment arrives.`,
    },
    { code: 'woocommerce_rest_invalid_order_status_transition' },
  );
}

/** @throws ConflictError when a refund is recorded for an order that was never paid */
export function assertRefundable(order: Pick<Order, 'number' | 'status' | 'date_paid' | 'history'>): void {
  if (moneyReceived(order)) return;
  throw new ConflictError(
    `Order ${order.number} is ${statusWords(order.status)}: it cannot be refunded, since no payment was received for it.`,
    { code: 'vitrine_order_not_refundable' },
  );
}

/**
 * `set_paid` on an order that ends the update cancelled (or refunded) without a payment date: paying it would make a
 * cancelled order refundable, so it is refused (wc/v3: 400 with the code).
 */
export function paymentRefusal(
  order: Pick<Order, 'number' | 'status' | 'date_paid'>,
  setPaid: boolean | undefined,
): InvalidInputError | null {
  if (!setPaid || order.date_paid !== null || (order.status !== 'cancelled' && order.status !== 'refunded'))
    return null;
  return new InvalidInputError(
    {
      set_paid: `Order ${order.number} is ${statusWords(order.status)}: it cannot be marked paid. Place a new order for a payment that still arrives.`,
    },
    { code: 'woocommerce_rest_cannot_pay_cancelled_order' },
  );
}

/** Units of one item refunded. */
export type RefundedUnits = Pick<WithdrawnItem, 'product_id' | 'variation_id' | 'quantity'>;

/** A refund of some of the order's lines: the units of each line, and the amount paid back. */
export interface LineRefund {
  lines: ReadonlyArray<{ itemId: number; quantity: number }>;
  amountMinor: number;
}

/**
 * What is wrong with refunding `refund` on top of the order's `earlier` refunds, by field (`lines`, `amount`): no line
 * refunded in more units than were ordered, and no more money than those units cost, except that the refund that
 * pays back the last units may take the rest of the total (the delivery) with it. The cap of the total itself
 * (total less earlier refunds) is checked by the caller.
 */
export function lineRefundProblems(
  order: Pick<Order, 'lines' | 'total' | 'currency'>,
  earlier: readonly { lines: readonly RefundedUnits[] }[],
  refund: LineRefund,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const refundedUnits = new Map<number, number>();
  for (const line of earlier.flatMap((done) => done.lines))
    refundedUnits.set(lineItemId(line), (refundedUnits.get(lineItemId(line)) ?? 0) + line.quantity);
  let valueMinor = 0;
  for (const { itemId, quantity } of refund.lines) {
    const ordered = order.lines.find((line) => lineItemId(line) === itemId);
    if (!ordered) continue;
    const before = refundedUnits.get(itemId) ?? 0;
    if (before + quantity > ordered.quantity) {
      problems.lines = `${ordered.quantity} × ${ordered.title} were ordered and ${before} refunded already: a refund can cover at most ${Math.max(0, ordered.quantity - before)} more.`;
    }
    refundedUnits.set(itemId, before + quantity);
    valueMinor += minor(ordered.unit_price) * quantity;
  }
  const everyUnitBack = order.lines.every((line) => (refundedUnits.get(lineItemId(line)) ?? 0) >= line.quantity);
  if (!everyUnitBack && refund.amountMinor > valueMinor) {
    problems.amount = `At most ${major(valueMinor)} ${order.currency} can be refunded for these items (what was paid for them); the rest of the total goes back with the last items.`;
  }
  return problems;
}
