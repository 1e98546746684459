/**
 * What a provider's payment message does to its order, as one store operation on the order's freshest state: a
 * payment for the order's amount and currency pays an unpaid order (pending to processing, `date_paid` set, the
 * customer told in the same operation); every message, whatever it changes, is kept as a private note naming the
 * provider's event id, so that a message delivered again (a retry after a crash, a duplicate, a second event of the
 * same payment) changes nothing twice. A wrong amount, or money arriving for an order that is no longer waiting for
 * it, is recorded for the shop to act on and pays nothing.
 */
import { UNPAID_STATUSES, type OrderActor } from '../../../client/api/orders.js';
import type { Order } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import { minorUnits } from '../../tax/order-taxes.js';
import type { OnlinePaymentMethod, PaymentEvent } from '../payments/payment-gateway.js';
import { moveOrder, withNote } from './order-lifecycle.js';
import type { OrderStatusMessages } from './order-service.js';

/** What a message did to its order. */
export type PaymentEventOutcome = 'paid' | 'duplicate' | 'already-paid' | 'wrong-amount' | 'too-late' | 'recorded';

const PROVIDER_NAMES: Record<OnlinePaymentMethod, string> = { stripe: 'Stripe', przelewy24: 'Przelewy24' };

const eventTag = (eventId: string) => `[event ${eventId}]`;
const paymentTag = (reference: string) => `[payment ${reference}]`;

/** The shop's own actor for a provider's confirmation (its name in the history). */
const providerActor = (provider: OnlinePaymentMethod): OrderActor => ({
  type: 'system',
  id: null,
  name: PROVIDER_NAMES[provider],
});

const major = (minor: number) => (minor / 100).toFixed(2);

/** Whether the order's notes already record this provider event. */
export function eventRecorded(order: Pick<Order, 'notes'>, provider: OnlinePaymentMethod, eventId: string): boolean {
  return order.notes.some((note) => note.author === provider && note.note.includes(eventTag(eventId)));
}

/** The provider's id of the payment that paid the order (what a refund names), or null when none did. */
export function paymentReferenceOf(order: Pick<Order, 'notes'>, provider: OnlinePaymentMethod): string | null {
  for (const note of [...order.notes].reverse()) {
    if (note.author !== provider || !note.note.startsWith(`${PROVIDER_NAMES[provider]}: paid`)) continue;
    const found = /\[payment ([^\]\s]+)\]/.exec(note.note);
    if (found) return found[1]!;
  }
  return null;
}

/** What the event does to the order as it is now, decided before anything is written (and before it is settled). */
export function paymentEventOutcome(
  order: Order,
  provider: OnlinePaymentMethod,
  event: PaymentEvent,
): PaymentEventOutcome {
  if (eventRecorded(order, provider, event.eventId)) return 'duplicate';
  if (event.outcome !== 'paid') return 'recorded';
  if (event.amountMinor !== minorUnits(order.total) || event.currency !== order.currency.toUpperCase())
    return 'wrong-amount';
  if (order.date_paid !== null) return 'already-paid';
  return UNPAID_STATUSES.includes(order.status) ? 'paid' : 'too-late';
}

/**
 * Applies the provider's event to the order with this id, once. `tell` makes the customer's message of the move to
 * processing (stored with it).
 */
export function recordPaymentEvent(
  store: Store,
  orderId: number,
  provider: OnlinePaymentMethod,
  event: PaymentEvent,
  tell: OrderStatusMessages,
  now = new Date().toISOString(),
): Promise<PaymentEventOutcome> {
  return store.orders.change(orderId, (order) => {
    const outcome = paymentEventOutcome(order, provider, event);
    if (outcome === 'duplicate') return { order, result: outcome };
    const name = PROVIDER_NAMES[provider];
    const amount = `${major(event.amountMinor)} ${event.currency}`;
    const tags = `${eventTag(event.eventId)}${event.paymentReference ? ` ${paymentTag(event.paymentReference)}` : ''}`;
    const note = (text: string, changed: Order = order) =>
      withNote(changed, `${text} ${tags}`, false, provider, now).order;
    if (outcome === 'recorded') {
      const what =
        event.outcome === 'failed'
          ? 'the payment failed; the order waits for another attempt'
          : event.outcome === 'expired'
            ? 'the payment page expired unpaid'
            : 'recorded';
      return { order: note(`${name}: ${event.type}: ${what}.`), result: outcome };
    }
    if (outcome === 'wrong-amount') {
      const expected = `${major(minorUnits(order.total))} ${order.currency}`;
      const text = `${name}: ${event.type} for ${amount}, but the order is for ${expected}: not marked paid. Check the payment at ${name} and refund it there.`;
      return { order: note(text), result: outcome };
    }
    if (outcome === 'already-paid') {
      const text = `${name}: ${event.type} for ${amount}: the order was paid already, nothing changed.`;
      return { order: note(text), result: outcome };
    }
    if (outcome === 'too-late') {
      const text = `${name}: ${event.type} for ${amount} arrived after the order became ${order.status}: not marked paid. Refund the payment, or place a new order for it.`;
      return { order: note(text), result: outcome };
    }
    const moved = moveOrder(order, 'processing', providerActor(provider), now).order;
    const paid = note(`${name}: paid ${amount} (${event.type}).`, { ...moved, date_paid: moved.date_paid ?? now });
    return { order: paid, result: outcome, outbox: tell(paid, order.status, now) };
  });
}
