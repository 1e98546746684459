/**
 * The orders service: placing an order (its stock taken in the same store operation), moving it through its statuses
 * (giving the stock back once, in the same operation as the move), changing its addresses and notes. Route files (the
 * checkout form, `wc/v3/orders`, `vitrine/v1/orders`) stay thin over it. Every change is checked whole before anything
 * is stored: a refused change stores nothing.
 */
import type { OrderActor, OrderNote, OrderStatus } from '../../../client/api/orders.js';
import type { OrderRefund } from '../../../client/api/refunds.js';
import { STOCK_RETURNING_STATUSES } from '../../../client/api/orders.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import type { Enqueue, NewMessage } from '../../store/outbox.js';
import type { ConsentRecord, Order, PostalAddress } from '../../store/schema.js';
import type { CouponUse, NewOrder, Store } from '../../store/store.js';
import { stockReturningEdit, stockTakingEdit } from '../stock.js';
import { stockAlerts, type StockAlert } from '../../catalog/stock-alerts.js';
import { moveOrder, newOrderLifecycle, withNote } from './order-lifecycle.js';
import { paymentRefusal } from './order-payment.js';
import { announceRefund } from './refund-action.js';
import { buildRefund, everythingLeft, refundBalance } from './refund-items.js';
import type { Hooks } from '../../hooks/hooks.js';
import { SYSTEM_ACTOR } from './order-actor.js';
import { holdEndsAt, REMINDER_NOTE, reminderDueAt } from './unpaid-holds.js';
import type { SettingsData } from '../../store/settings-schema.js';

/** An order as the checkout makes it, before its lifecycle starts. */
export type OrderToPlace = Omit<NewOrder, keyof ReturnType<typeof newOrderLifecycle>> & { customer_note?: string };

/**
 * What the customer is told of a move of their order (ShopMail.orderStatusChanged): stored with the move. `refunded`:
 * what the order's refunds paid back, when the move to `refunded` comes from them (else the order's total is told).
 */
export type OrderStatusMessages = (
  order: Order,
  from: OrderStatus,
  changedAt: string,
  refunded?: number,
) => readonly NewMessage[];

/** The shop's e-mails about items an order brought low or out of stock (ShopMail.stockAlerts). */
export type StockAlertMessages = (alerts: readonly StockAlert[]) => readonly NewMessage[];

/**
 * Takes the order's units and stores it with its consent records and the messages it causes (`outbox`: the
 * confirmation, the shop's notification; `stockMessages`: the shop's low- and out-of-stock e-mails), in one store
 * operation, which also counts the uses of its `coupons`.
 * @throws OutOfStockError (nothing stored) when the stock no longer covers it
 */
export function placeOrder(
  store: Store,
  order: OrderToPlace,
  consent: readonly ConsentRecord[],
  actor: OrderActor,
  outbox: Enqueue<Order>,
  stockMessages?: StockAlertMessages,
  coupons?: CouponUse,
): Promise<Order> {
  const { customer_note: customerNote = '', ...rest } = order;
  const placed: NewOrder = {
    ...rest,
    ...newOrderLifecycle(order.payment_method, actor, order.created_at, customerNote),
  };
  const lowThreshold = store.site.data.settings.storefront.low_stock_threshold;
  // The store calls takeStock before it makes the messages, in the same operation: the alerts are of this edit.
  let alerts: StockAlert[] = [];
  return store.orders.place(
    placed,
    consent,
    (catalog) => {
      const edit = stockTakingEdit(catalog, order.lines);
      alerts = stockAlerts(catalog, edit, lowThreshold);
      return edit;
    },
    (stored) => [...outbox(stored), ...(stockMessages?.(alerts) ?? [])],
    coupons,
  );
}

/** What an update may change; each part is checked by the caller's input reader before this runs. */
export interface OrderUpdate {
  status?: OrderStatus;
  /** Marks the order paid: an unpaid order moves to processing, and `date_paid` is set (WooCommerce's `set_paid`). */
  set_paid?: boolean;
  billing?: Partial<PostalAddress>;
  email?: string;
  customer_note?: string;
}

/** The status `set_paid` moves to, when the update names none: paying an unpaid order starts its processing. */
function statusAfter(order: Order, update: OrderUpdate): OrderStatus | undefined {
  if (update.status) return update.status;
  if (update.set_paid && ['pending', 'on-hold', 'failed'].includes(order.status)) return 'processing';
  return undefined;
}

/**
 * Applies `update` to the order with this id, all or nothing; a move the customer hears of (`tell`) is told in the
 * same store operation. A move to `refunded` records a refund of what was left of the order with it.
 * @throws NotFoundError for an unknown id; InvalidInputError (field `status`) for a move the table refuses or a refund
 *   of an unpaid order, (field `set_paid`) for paying a cancelled order
 */
export async function updateOrder(
  store: Store,
  id: number,
  update: OrderUpdate,
  actor: OrderActor,
  tell: OrderStatusMessages,
  now = new Date().toISOString(),
  hooks?: Hooks,
): Promise<Order> {
  const known = await store.orders.find(id);
  if (!known) throw new NotFoundError(`There is no order with the id ${id}.`);
  // Only a move that may give stock back holds the catalog; whether it does is decided on the order's freshest state.
  const withCatalog = update.status !== undefined && STOCK_RETURNING_STATUSES.includes(update.status);
  let recorded: OrderRefund | undefined;
  const updated = await store.orders.change(
    id,
    (order, catalog) => {
      let changed: Order = { ...order };
      if (update.billing) changed.billing = { ...changed.billing, ...update.billing };
      if (update.email !== undefined) changed.email = update.email;
      if (update.customer_note !== undefined) changed.customer_note = update.customer_note;
      const status = statusAfter(order, update);
      const moved = status ? moveOrder(changed, status, actor, now) : { order: changed, returnsStock: false };
      changed = refundedInFull(order, moved.order, actor, now);
      recorded = changed.refunds.length > moved.order.refunds.length ? changed.refunds.at(-1) : undefined;
      const refusal = paymentRefusal(changed, update.set_paid);
      if (refusal) throw refusal;
      if (update.set_paid && changed.date_paid === null) changed.date_paid = now;
      const stock = moved.returnsStock ? stockReturningEdit(catalog!, order.lines) : null;
      return { order: changed, stock, result: changed, outbox: tell(changed, order.status, now) };
    },
    { withCatalog },
  );
  if (recorded) await announceRefund(hooks, updated, recorded);
  return updated;
}

/**
 * An order moved to `refunded` by its status alone has what was left of it refunded, recorded as a refund of the whole
 * order (as WooCommerce records one), so that its refunds list every payment back.
 */
function refundedInFull(before: Order, moved: Order, actor: OrderActor, now: string): Order {
  if (moved.status !== 'refunded' || before.status === 'refunded') return moved;
  const items = everythingLeft(moved);
  if (refundBalance(moved).left <= 0 && items.length === 0) return moved;
  const refund = buildRefund(
    moved,
    { items, reason: '', api_refund: false, withdrawal_id: null, whole_order: true },
    actor,
    now,
  );
  return { ...moved, refunds: [...moved.refunds, refund] };
}

/** What the customer is told of a note added to their order (ShopMail.orderNoteAdded): stored with the note. */
export type OrderNoteMessages = (order: Order, note: OrderNote) => readonly NewMessage[];

/**
 * Adds a note to the order; a note to the customer is e-mailed to them (`tell`) in the same store operation.
 * @throws NotFoundError for an unknown id
 */
export async function addOrderNote(
  store: Store,
  id: number,
  input: { note: string; customer_note: boolean },
  author: string,
  tell: OrderNoteMessages,
  now = new Date().toISOString(),
): Promise<OrderNote> {
  if (!(await store.orders.find(id))) throw new NotFoundError(`There is no order with the id ${id}.`);
  return store.orders.change(id, (order) => {
    const { order: changed, note } = withNote(order, input.note, input.customer_note, author, now);
    return { order: changed, result: note, outbox: tell(changed, note) };
  });
}

/** Deletes one note of the order. @throws NotFoundError when the order or the note does not exist */
export async function deleteOrderNote(store: Store, id: number, noteId: number): Promise<OrderNote> {
  if (!(await store.orders.find(id))) throw new NotFoundError(`There is no order with the id ${id}.`);
  return store.orders.change(id, (order) => {
    const note = order.notes.find((kept) => kept.id === noteId);
    if (!note) throw new NotFoundError(`The order has no note with the id ${noteId}.`);
    return { order: { ...order, notes: order.notes.filter((kept) => kept.id !== noteId) }, result: note };
  });
}

/**
 * Cancels the order if its unpaid hold has ended at `now`, giving its stock back: the check (still unpaid, hold over,
 * stock not yet returned) and the move are one store operation on the order's freshest state with the catalog held
 * off, so that two sweepers (two instances) or a manager paying it at the same moment never return the stock twice
 * nor cancel a paid order. Answers whether this call cancelled it.
 */
export function cancelExpiredHold(
  store: Store,
  id: number,
  checkout: SettingsData['checkout'],
  tell: OrderStatusMessages,
  now: Date,
): Promise<boolean> {
  return store.orders.change(
    id,
    (order, catalog) => {
      const endsAt = holdEndsAt(order, checkout);
      if (!endsAt || endsAt > now) return { order, result: false };
      const at = now.toISOString();
      const moved = moveOrder(order, 'cancelled', SYSTEM_ACTOR, at);
      const { order: noted } = withNote(
        moved.order,
        `Not paid by ${endsAt.toISOString()}: cancelled, and its items went back on sale.`,
        false,
        'system',
        at,
      );
      const stock = moved.returnsStock ? stockReturningEdit(catalog!, order.lines) : null;
      return { order: noted, stock, result: true, outbox: tell(noted, order.status, at) };
    },
    { withCatalog: true },
  );
}

/**
 * Writes the reminder of an unpaid order whose reminder is due at `now`, with the private note that marks it sent, in
 * one store operation: two sweepers at once send it once. Answers whether this call wrote it.
 */
export function remindUnpaidOrder(
  store: Store,
  id: number,
  checkout: SettingsData['checkout'],
  reminder: (order: Order, endsAt: Date) => readonly NewMessage[],
  now: Date,
): Promise<boolean> {
  return store.orders.change(id, (order) => {
    const due = reminderDueAt(order, checkout);
    const endsAt = holdEndsAt(order, checkout);
    if (!due || !endsAt || due > now || endsAt <= now) return { order, result: false };
    const { order: noted } = withNote(
      order,
      `${REMINDER_NOTE} ${endsAt.toISOString()}.`,
      false,
      'system',
      now.toISOString(),
    );
    return { order: noted, result: true, outbox: reminder(noted, endsAt) };
  });
}
