/**
 * Processing a withdrawal, for managers: the day the goods came back and the refund made (the whole order, or some of
 * the withdrawn lines), checked against the order and all its withdrawals, and stored in one store operation that
 * holds them still: the refund is one of the order's refunds (orders/order-refunds.ts), stored on the order with its
 * VAT per rate and linked to the withdrawal, with the order's move to `refunded` when it settles it whole and its stock
 * given back. Also the view managers read: each withdrawal with its refund
 * deadline and what may still be refunded.
 */
import type { ManagedWithdrawal, RefundedLine, WithdrawalRefund } from '../../../client/api/withdrawals.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors/domain-errors.js';
import type { Order, User, WithdrawalRequest } from '../../store/schema.js';
import type { Store, WithdrawalProcessing } from '../../store/store.js';
import { lineItemId } from '../line-item.js';
import { restActor } from '../orders/order-actor.js';
import { assertRefundable, lineRefundProblems, type RefundedUnits } from '../orders/order-payment.js';
import type { OrderStatusMessages } from '../orders/order-service.js';
import { localDay, refundDeadline } from './refund-deadline.js';
import type { Hooks } from '../../hooks/hooks.js';
import { orderWithRefund, type RefundedOrder } from '../orders/order-refunds.js';
import { announceRefund } from '../orders/refund-action.js';
import { everythingLeft, refundBalance, type RefundRequest } from '../orders/refund-items.js';
import { checkProcessingInput, type ProcessingRequest } from './withdrawal-input.js';

const minor = (amount: number) => Math.round(amount * 100);
const major = (minorAmount: number) => minorAmount / 100;

const timeZoneOf = (store: Store) => store.site.data.settings.general.timezone;

/** Whether the withdrawn items are every line of the order, each in its whole quantity. */
export function coversWholeOrder(withdrawal: Pick<WithdrawalRequest, 'items'>, order: Pick<Order, 'lines'>): boolean {
  return order.lines.every((line) =>
    withdrawal.items.some((item) => lineItemId(item) === lineItemId(line) && item.quantity >= line.quantity),
  );
}

/** What the order's refunds other than this withdrawal's have paid back, in minor units. */
function refundedElsewhereMinor(order: Order, withdrawal: WithdrawalRequest): number {
  return order.refunds
    .filter((refund) => refund.withdrawal_id !== withdrawal.id)
    .reduce((sum, refund) => sum + refund.amount, 0);
}

/** What may be refunded for this withdrawal: the order's total less its other refunds (any way they were made). */
function refundableMinor(order: Order, withdrawal: WithdrawalRequest): number {
  return Math.max(0, refundBalance(order).paid - refundedElsewhereMinor(order, withdrawal));
}

/** The order's refunds other than this withdrawal's, as lines of items and units (order-payment.ts's rule reads them). */
function earlierRefundLines(order: Order, withdrawal: WithdrawalRequest): { lines: RefundedUnits[] }[] {
  return order.refunds
    .filter((refund) => refund.withdrawal_id !== withdrawal.id)
    .map((refund) => ({
      lines: refund.items
        .filter((item) => item.kind === 'line' && order.lines[item.index])
        .map((item) => ({ ...order.lines[item.index]!, quantity: item.quantity })),
    }));
}

/** The order's refund that a withdrawal's refund is: its lines in units, its amount divided among them. */
function orderRefundRequest(order: Order, withdrawal: WithdrawalRequest, refund: WithdrawalRefund): RefundRequest {
  const items =
    refund.scope === 'full'
      ? everythingLeft(order)
      : refund.lines.map((line) => ({
          kind: 'line' as const,
          index: order.lines.findIndex((ordered) => lineItemId(ordered) === lineItemId(line)),
          quantity: line.quantity,
        }));
  return {
    items,
    amount: minor(refund.amount),
    reason: withdrawal.reason ? `${withdrawal.reference}: ${withdrawal.reason}` : withdrawal.reference,
    api_refund: false,
    withdrawal_id: withdrawal.id,
    whole_order: refund.scope === 'full',
  };
}

/** A withdrawal as managers read it: with its deadline, the order's currency and what may still be refunded. */
export function managedWithdrawal(
  store: Store,
  withdrawal: WithdrawalRequest,
  order: Order | null,
  now = new Date(),
): ManagedWithdrawal {
  const timeZone = timeZoneOf(store);
  return {
    ...withdrawal,
    refund_deadline: refundDeadline(withdrawal, timeZone, localDay(now.toISOString(), timeZone)),
    currency: order?.currency ?? '',
    refundable: order ? major(refundableMinor(order, withdrawal)) : 0,
    covers_whole_order: order ? coversWholeOrder(withdrawal, order) : false,
  };
}

/** Every withdrawal as managers read it, newest first. */
export async function listManagedWithdrawals(store: Store, now = new Date()): Promise<ManagedWithdrawal[]> {
  const all = await store.withdrawals.list();
  const orders = new Map<string, Order | null>();
  for (const withdrawal of all) {
    if (!orders.has(withdrawal.order_number))
      orders.set(withdrawal.order_number, await store.orders.findByNumber(withdrawal.order_number));
  }
  return all.map((withdrawal) =>
    managedWithdrawal(store, withdrawal, orders.get(withdrawal.order_number) ?? null, now),
  );
}

const notFound = (id: number) =>
  new NotFoundError(`There is no withdrawal with the id ${id}.`, { code: 'vitrine_withdrawal_not_found' });

/** @throws NotFoundError */
export async function findManagedWithdrawal(store: Store, id: number, now = new Date()): Promise<ManagedWithdrawal> {
  const withdrawal = await store.withdrawals.find(id);
  if (!withdrawal) throw notFound(id);
  return managedWithdrawal(store, withdrawal, await store.orders.findByNumber(withdrawal.order_number), now);
}

interface Context {
  order: Order;
  refundable: number;
  /** The order's other refunds, as units of its lines. */
  earlierRefunds: { lines: RefundedUnits[] }[];
  timeZone: string;
  /** The shop's days of the order and of today. */
  orderedOn: string;
  today: string;
  user: User;
  now: Date;
}

/** The refunded lines, valued at the price paid; problems are added for lines that are not the withdrawal's. */
function refundedLines(
  withdrawal: WithdrawalRequest,
  refund: NonNullable<ProcessingRequest['refund']>,
  order: Order,
  problems: Record<string, string>,
): RefundedLine[] {
  const chosen =
    refund.scope === 'full'
      ? order.lines.map((line) => ({ itemId: lineItemId(line), quantity: line.quantity }))
      : refund.lines;
  const lines: RefundedLine[] = [];
  for (const { itemId, quantity } of chosen) {
    const withdrawn = withdrawal.items.find((item) => lineItemId(item) === itemId);
    const ordered = order.lines.find((line) => lineItemId(line) === itemId);
    if (!ordered || (refund.scope === 'lines' && !withdrawn)) {
      problems['refund.lines'] = `Item ${itemId} is not among the items of withdrawal ${withdrawal.reference}.`;
    } else if (refund.scope === 'lines' && quantity > withdrawn!.quantity) {
      problems['refund.lines'] =
        `The customer withdrew ${withdrawn!.quantity} × ${withdrawn!.title}; a refund cannot cover ${quantity}.`;
    } else {
      lines.push({
        product_id: ordered.product_id,
        ...(ordered.variation_id ? { variation_id: ordered.variation_id } : {}),
        title: ordered.title,
        quantity,
        amount: major(minor(ordered.unit_price) * quantity),
      });
    }
  }
  return lines;
}

/**
 * What the withdrawal's processing becomes with the request, decided on its freshest state.
 * @throws ConflictError when a refund is recorded already; InvalidInputError naming every field that does not fit
 */
function decide(current: WithdrawalRequest, request: ProcessingRequest, context: Context): WithdrawalProcessing {
  if (current.refund) {
    throw new ConflictError(
      `Withdrawal ${current.reference} is settled: its refund was recorded on ${current.refund.refunded_on}, and it changes no more.`,
      { code: 'vitrine_withdrawal_settled' },
    );
  }
  const problems: Record<string, string> = {};
  const goodsReceivedOn = request.goodsReceivedOn === undefined ? current.goods_received_on : request.goodsReceivedOn;
  if (request.goodsReceivedOn) {
    if (request.goodsReceivedOn > context.today)
      problems.goods_received_on = 'The goods cannot have come back after today.';
    else if (request.goodsReceivedOn < context.orderedOn)
      problems.goods_received_on = `The goods cannot have come back before the order (${context.orderedOn}).`;
  }
  let refund: WithdrawalRefund | null = null;
  if (request.refund) {
    const receivedOn = localDay(current.received_at, context.timeZone);
    if (request.refund.refundedOn > context.today)
      problems['refund.refunded_on'] = 'Record a refund once it is made: the day cannot be after today.';
    else if (request.refund.refundedOn < receivedOn)
      problems['refund.refunded_on'] = `The refund cannot be before the withdrawal was received (${receivedOn}).`;
    if (request.refund.scope === 'full' && !coversWholeOrder(current, context.order)) {
      problems['refund.scope'] =
        `Withdrawal ${current.reference} covers only part of order ${context.order.number}: record the refund for its lines.`;
    }
    const lines = refundedLines(current, request.refund, context.order, problems);
    if (request.refund.amountMinor > minor(context.refundable)) {
      problems['refund.amount'] =
        `At most ${context.refundable.toFixed(2)} ${context.order.currency} can be refunded for this withdrawal (the order's total less other refunds).`;
    } else if (request.refund.scope === 'lines') {
      const beyondPaid = lineRefundProblems(context.order, context.earlierRefunds, request.refund);
      if (beyondPaid.lines) problems['refund.lines'] ??= beyondPaid.lines;
      if (beyondPaid.amount) problems['refund.amount'] = beyondPaid.amount;
    }
    refund = {
      amount: major(request.refund.amountMinor),
      refunded_on: request.refund.refundedOn,
      scope: request.refund.scope,
      lines,
      recorded_at: context.now.toISOString(),
      recorded_by: context.user.id,
    };
  }
  if (Object.keys(problems).length > 0) throw new InvalidInputError(problems);
  if (refund) assertRefundable(context.order);
  return { goods_received_on: goodsReceivedOn, refund };
}

/**
 * Records what a manager sends for withdrawal `id`: all of it, or nothing (every problem named at once). Decided in
 * the store's operation on the freshest order and withdrawals, so that two refunds of one order at once never
 * together exceed its total, and stored with the order's move to `refunded` when the refund settles the order.
 * @param body the request's JSON body (`WithdrawalProcessingInput`)
 * @throws InvalidInputError, NotFoundError, ConflictError (also for a refund of an order that was never paid)
 */
export async function processWithdrawal(
  store: Store,
  id: number,
  body: unknown,
  user: User,
  tell: OrderStatusMessages,
  now = new Date(),
  hooks?: Hooks,
): Promise<ManagedWithdrawal> {
  const request = checkProcessingInput(body);
  const withdrawal = await store.withdrawals.find(id);
  if (!withdrawal) throw notFound(id);
  const timeZone = timeZoneOf(store);
  let made: RefundedOrder | null = null;
  const stored = await store.withdrawals.process(
    id,
    (current, state) => {
      const order = state.order;
      if (!order)
        throw new ConflictError(
          `Order ${current.order_number} of withdrawal ${current.reference} is not in the shop.`,
          { code: 'vitrine_withdrawal_order_missing' },
        );
      const context: Context = {
        order,
        refundable: major(refundableMinor(order, current)),
        earlierRefunds: earlierRefundLines(order, current),
        timeZone,
        orderedOn: localDay(order.created_at, timeZone),
        today: localDay(now.toISOString(), timeZone),
        user,
        now,
      };
      const processing = decide(current, request, context);
      if (!processing.refund) return { ...processing, orderChange: null };
      const at = now.toISOString();
      const refunded = orderWithRefund(
        order,
        orderRefundRequest(order, current, processing.refund),
        state.catalog,
        restActor(user, null),
        at,
      );
      made = refunded;
      // The customer is told of the refund's move in the same operation, as of any other move of their order, with
      // what the order's refunds paid back in all (a full refund may keep the extra cost of a dearer delivery).
      const paidBack = major(refunded.order.refunds.reduce((sum, refund) => sum + refund.amount, 0));
      return {
        ...processing,
        refund: { ...processing.refund, refund_id: refunded.refund.id },
        orderChange: {
          order: refunded.order,
          stock: refunded.stock,
          outbox: refunded.settled ? tell(refunded.order, order.status, at, paidBack) : [],
        },
      };
    },
    { withCatalog: request.refund !== undefined },
  );
  const order = await store.orders.find(stored.order_id);
  if (made && order) await announceRefund(hooks, order, (made as RefundedOrder).refund);
  return managedWithdrawal(store, stored, order, now);
}
