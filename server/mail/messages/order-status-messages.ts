/**
 * What the customer is told when the shop moves their order: the payment received, the order completed (sent),
 * cancelled or refunded. Other moves (on hold, failed, back to pending) are the shop's own bookkeeping. Also a note the
 * shop writes to the customer on their order (WooCommerce's "customer note").
 */
import type { OrderNote, OrderStatus } from '../../../client/api/orders.js';
import { formatMoney } from '../../catalog/price-format.js';
import type { NewMessage } from '../../store/outbox.js';
import type { Order } from '../../store/schema.js';
import { composeMessage } from '../compose-message.js';
import type { MailLanguage, MailShop } from '../templates/mail-shop.js';

type Told = 'paid' | 'completed' | 'cancelled' | 'refunded';

/** Which change the customer hears of; null for the others. */
export function toldChange(from: OrderStatus, to: OrderStatus): Told | null {
  if (from === to) return null;
  if (to === 'processing' && (from === 'pending' || from === 'on-hold' || from === 'failed')) return 'paid';
  if (to === 'completed' || to === 'cancelled' || to === 'refunded') return to;
  return null;
}

const TEXTS = {
  en: {
    paid: {
      subject: (o: Order) => `Payment received for order ${o.number}`,
      text: 'We have received your payment and are preparing your order.',
    },
    completed: {
      subject: (o: Order) => `Order ${o.number} is complete`,
      text: 'Your order has been sent and is now complete. Thank you for shopping with us.',
    },
    cancelled: {
      subject: (o: Order) => `Order ${o.number} is cancelled`,
      text: 'Your order has been cancelled. If you have already paid, we will refund the payment.',
    },
    refunded: {
      subject: (o: Order) => `Order ${o.number} is refunded`,
      text: 'We have refunded your payment for this order.',
    },
    note: { subject: (o: Order) => `A note about your order ${o.number}`, text: 'We have added a note to your order:' },
    order: 'Order',
    total: 'Total',
    paidOnline: 'Paid',
    via: { stripe: 'Stripe (BLIK, card or online bank transfer)', przelewy24: 'Przelewy24' },
    paidWith: 'Paid with',
    refundedAmount: 'Amount refunded',
    changed: 'Changed on',
    account: 'Your account',
    questions: (shop: MailShop) => `Questions? Reply to this message or write to ${shop.email}.`,
  },
  pl: {
    paid: {
      subject: (o: Order) => `Otrzymaliśmy płatność za zamówienie ${o.number}`,
      text: 'Otrzymaliśmy Twoją płatność i przygotowujemy zamówienie.',
    },
    completed: {
      subject: (o: Order) => `Zamówienie ${o.number} zostało zrealizowane`,
      text: 'Twoje zamówienie zostało wysłane i jest zrealizowane. Dziękujemy za zakupy.',
    },
    cancelled: {
      subject: (o: Order) => `Zamówienie ${o.number} zostało anulowane`,
      text: 'Twoje zamówienie zostało anulowane. Jeśli już za nie zapłaciłaś(-eś), zwrócimy płatność.',
    },
    refunded: {
      subject: (o: Order) => `Zwrot płatności za zamówienie ${o.number}`,
      text: 'Zwróciliśmy płatność za to zamówienie.',
    },
    note: {
      subject: (o: Order) => `Nowa informacja do zamówienia ${o.number}`,
      text: 'Dodaliśmy informację do Twojego zamówienia:',
    },
    order: 'Zamówienie',
    total: 'Kwota',
    paidOnline: 'Zapłacono',
    via: { stripe: 'Stripe (BLIK, karta lub przelew online)', przelewy24: 'Przelewy24' },
    paidWith: 'Sposób płatności',
    refundedAmount: 'Kwota zwrotu',
    changed: 'Data zmiany',
    account: 'Twoje konto',
    questions: (shop: MailShop) => `Pytania? Odpowiedz na tę wiadomość lub napisz na ${shop.email}.`,
  },
} satisfies Record<MailLanguage, unknown>;

/**
 * The message for the customer when `order` has just moved from `from`; none for moves they do not hear of.
 * @param refunded for a move to `refunded`, what the refunds paid back (else the order's total is told)
 */
export function orderStatusMessages(
  shop: MailShop,
  order: Order,
  from: OrderStatus,
  changedAt: string,
  refunded?: number,
): NewMessage[] {
  const told = toldChange(from, order.status);
  if (!told) return [];
  const t = TEXTS[shop.language];
  const when = new Intl.DateTimeFormat(shop.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: shop.timeZone,
  }).format(new Date(changedAt));
  const money = (amount: number) => formatMoney(amount, { currency: order.currency, locale: shop.locale });
  const online =
    order.payment_method === 'stripe' || order.payment_method === 'przelewy24' ? order.payment_method : null;
  // A payment confirmed by a provider says what was paid and how.
  const facts: [string, string][] =
    told === 'refunded'
      ? [[t.refundedAmount, money(refunded ?? order.total)]]
      : told === 'paid' && online
        ? [
            [t.paidOnline, money(order.total)],
            [t.paidWith, t.via[online]],
          ]
        : [[t.total, money(order.total)]];
  return [
    composeMessage(shop, {
      kind: `order-${told}`,
      to: order.email,
      replyTo: shop.email,
      subject: t[told].subject(order),
      heading: t[told].subject(order),
      blocks: [
        { paragraph: t[told].text },
        { facts: [[t.order, order.number], ...facts, [t.changed, when]] },
        ...closing(shop, order),
      ],
    }),
  ];
}

/** A note to the customer on their order (`customer_note`); none for a private note, which stays with the shop. */
export function orderNoteMessages(shop: MailShop, order: Order, note: OrderNote): NewMessage[] {
  if (!note.customer_note) return [];
  const t = TEXTS[shop.language];
  return [
    composeMessage(shop, {
      kind: 'order-note',
      to: order.email,
      replyTo: shop.email,
      subject: t.note.subject(order),
      heading: t.note.subject(order),
      blocks: [
        { paragraph: t.note.text },
        { quote: note.note },
        { facts: [[t.order, order.number]] },
        ...closing(shop, order),
      ],
    }),
  ];
}

/** The end of every message about an order: the customer's account (if they have one), and where to ask. */
function closing(shop: MailShop, order: Order) {
  const t = TEXTS[shop.language];
  return [
    ...(order.user_id ? [{ link: { label: t.account, url: `${shop.siteUrl}/account` } }] : []),
    { paragraph: t.questions(shop) },
  ];
}
