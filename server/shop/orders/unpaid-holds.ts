/**
 * How long an unpaid order holds its stock (WooCommerce's "hold stock"): units taken by an order that is never paid
 * go back on sale when its hold ends, so that nobody can lock the stock by ordering and not paying. The hold is read
 * per payment method from one table, so that a way of paying with a shorter hold (online payments) is one more row.
 * Pure functions of the order, the settings and the time.
 */
import { UNPAID_STATUSES } from '../../../client/api/orders.js';
import type { SettingsData } from '../../store/settings-schema.js';
import type { Order, PaymentMethod } from '../../store/schema.js';
import { lineItemId } from '../line-item.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

type CheckoutSettings = SettingsData['checkout'];

/**
 * How long an unpaid order of each payment method holds its units, in milliseconds; null: it is never cancelled for it
 * (cash on delivery starts processing, so it is never unpaid in the shop's sense; a bank transfer's hold of 0 days is
 * "never").
 */
export const UNPAID_HOLD_BY_PAYMENT: Readonly<Record<PaymentMethod, (checkout: CheckoutSettings) => number | null>> = {
  bank_transfer: (checkout) => (checkout.hold_unpaid_days > 0 ? checkout.hold_unpaid_days * DAY_MS : null),
  cash_on_delivery: () => null,
  // Paid on the provider's page in minutes: an order not paid within the setting's time gives its units back.
  stripe: (checkout) => onlineHold(checkout),
  przelewy24: (checkout) => onlineHold(checkout),
};

function onlineHold(checkout: CheckoutSettings): number | null {
  return checkout.hold_online_unpaid_minutes > 0 ? checkout.hold_online_unpaid_minutes * MINUTE_MS : null;
}

/** The customer is reminded this long before the hold ends (half the hold when it is shorter than twice that). */
const REMINDER_BEFORE_MS = DAY_MS;

/** The private note that marks the reminder sent; written with the reminder, so that it goes once. */
export const REMINDER_NOTE = 'Payment reminder sent: the order is cancelled if it is not paid by';

/** Whether the order still holds stock for want of payment (unpaid, its units not given back). */
export function holdsUnpaidStock(order: Pick<Order, 'status' | 'stock_returned'>): boolean {
  return UNPAID_STATUSES.includes(order.status) && !order.stock_returned;
}

/** When the order's hold ends, or null when it holds no stock for want of payment or is never cancelled for it. */
export function holdEndsAt(order: Order, checkout: CheckoutSettings): Date | null {
  if (!holdsUnpaidStock(order)) return null;
  const hold = UNPAID_HOLD_BY_PAYMENT[order.payment_method](checkout);
  return hold === null ? null : new Date(Date.parse(order.created_at) + hold);
}

/** When the customer is to be reminded, or null (no hold, reminded already, or not a bank transfer). */
export function reminderDueAt(order: Order, checkout: CheckoutSettings): Date | null {
  // Only a bank transfer waits days for the customer to act; an online payment's hold is minutes.
  if (order.payment_method !== 'bank_transfer') return null;
  const endsAt = holdEndsAt(order, checkout);
  if (!endsAt || reminderSent(order)) return null;
  const hold = endsAt.getTime() - Date.parse(order.created_at);
  return new Date(endsAt.getTime() - Math.min(REMINDER_BEFORE_MS, hold / 2));
}

export function reminderSent(order: Pick<Order, 'notes'>): boolean {
  return order.notes.some((note) => note.author === 'system' && note.note.startsWith(REMINDER_NOTE));
}

/**
 * The units held by unpaid orders, per item (a product or a variation), for the manager to tell them from sold ones.
 */
export interface HeldStock {
  product_id: number;
  variation_id?: number;
  /** Units held by unpaid orders now. */
  held_units: number;
  /** The unpaid orders holding them. */
  orders: number;
  /**
   * When the first of their holds ends (ISO 8601 in UTC); null when none of them is ever cancelled for want of payment.
   */
  next_release: string | null;
}

export function heldStock(orders: readonly Order[], checkout: CheckoutSettings): HeldStock[] {
  const byItem = new Map<number, HeldStock>();
  for (const order of orders) {
    if (!holdsUnpaidStock(order)) continue;
    const endsAt = holdEndsAt(order, checkout)?.toISOString() ?? null;
    for (const line of order.lines) {
      const id = lineItemId(line);
      const held = byItem.get(id) ?? {
        product_id: line.product_id,
        ...(line.variation_id ? { variation_id: line.variation_id } : {}),
        held_units: 0,
        orders: 0,
        next_release: null,
      };
      held.held_units += line.quantity;
      held.orders += 1;
      if (endsAt && (held.next_release === null || endsAt < held.next_release)) held.next_release = endsAt;
      byItem.set(id, held);
    }
  }
  return [...byItem.values()].sort((a, b) => b.held_units - a.held_units);
}
