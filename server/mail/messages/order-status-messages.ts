/**
 * What the customer is told when the shop moves their order: the payment received, the order completed (sent),
 * cancelled or refunded. Other moves (on hold, failed, back to pending) are the shop's own bookkeeping. Also a note the
 * shop writes to the customer on their order (WooCommerce's "customer note").
 */
import type { OrderNote, OrderStatus } from '../../../client/api/orders.js';
import { formatMoney } from '../../catalog/price-format.js';
import { orderInvoiceKey, orderWantsInvoice, shopIssuesInvoices } from '../../store/invoice-due.js';
import type { NewMessage } from '../../store/outbox.js';
import type { Order } from '../../store/schema.js';
import { composeMessage } from '../compose-message.js';
import type { MailShop } from '../templates/mail-shop.js';

type Told = 'paid' | 'completed' | 'cancelled' | 'refunded';

/** The subject and the text of each change the customer hears of. */
const TOLD_KEYS: Record<Told, { subject: string; text: string }> = {
  paid: { subject: 'mailStatus.paidSubject', text: 'mailStatus.paidText' },
  completed: { subject: 'mailStatus.completedSubject', text: 'mailStatus.completedText' },
  cancelled: { subject: 'mailStatus.cancelledSubject', text: 'mailStatus.cancelledText' },
  refunded: { subject: 'mailStatus.refundedSubject', text: 'mailStatus.refundedText' },
};

/** Which change the customer hears of; null for the others. */
export function toldChange(from: OrderStatus, to: OrderStatus): Told | null {
  if (from === to) return null;
  if (to === 'processing' && (from === 'pending' || from === 'on-hold' || from === 'failed')) return 'paid';
  if (to === 'completed' || to === 'cancelled' || to === 'refunded') return to;
  return null;
}

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
  const { t } = shop.translator;
  const when = new Intl.DateTimeFormat(shop.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: shop.timeZone,
  }).format(new Date(changedAt));
  const money = (amount: number) => formatMoney(amount, { currency: order.currency, locale: shop.locale });
  const subject = t(TOLD_KEYS[told].subject, { number: order.number });
  // A payment confirmed by a provider says what was paid and how.
  const provider =
    order.payment_method === 'stripe'
      ? t('mailOrder.onlineStripe')
      : order.payment_method === 'przelewy24'
        ? t('mailOrder.onlinePrzelewy24')
        : null;
  const facts: [string, string][] =
    told === 'refunded'
      ? [[t('mailStatus.refundedAmount'), money(refunded ?? order.total)]]
      : told === 'paid' && provider
        ? [
            [t('mailStatus.paidOnline'), money(order.total)],
            [t('mailStatus.paidWith'), provider],
          ]
        : [[t('mail.total'), money(order.total)]];
  // The payment e-mail of an order that gets a VAT invoice carries it, attached as it leaves (mail-attachments.ts).
  const invoiced = told === 'paid' && orderWantsInvoice(order) && shopIssuesInvoices({ company_tax_id: shop.taxId });
  return [
    composeMessage(shop, {
      kind: `order-${told}`,
      to: order.email,
      replyTo: shop.email,
      subject,
      heading: subject,
      blocks: [
        { paragraph: t(TOLD_KEYS[told].text) },
        { facts: [[t('mail.order'), order.number], ...facts, [t('mailStatus.changed'), when]] },
        ...(invoiced ? [{ paragraph: t('mailStatus.invoiceAttached') }] : []),
        ...closing(shop, order),
      ],
      ...(invoiced ? { attachments: [{ invoice_key: orderInvoiceKey(order.id) }] } : {}),
    }),
  ];
}

/** A note to the customer on their order (`customer_note`); none for a private note, which stays with the shop. */
export function orderNoteMessages(shop: MailShop, order: Order, note: OrderNote): NewMessage[] {
  if (!note.customer_note) return [];
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'order-note',
      to: order.email,
      replyTo: shop.email,
      subject: t('mailStatus.noteSubject', { number: order.number }),
      heading: t('mailStatus.noteSubject', { number: order.number }),
      blocks: [
        { paragraph: t('mailStatus.noteText') },
        { quote: note.note },
        { facts: [[t('mail.order'), order.number]] },
        ...closing(shop, order),
      ],
    }),
  ];
}

/** The end of every message about an order: the customer's account (if they have one), and where to ask. */
function closing(shop: MailShop, order: Order) {
  const { t } = shop.translator;
  return [
    ...(order.user_id ? [{ link: { label: t('mail.account'), url: `${shop.storefrontUrl}/account` } }] : []),
    { paragraph: t('mail.questions', { email: shop.email }) },
  ];
}
