/**
 * The reminder to a customer whose bank-transfer order is still unpaid a day before its hold ends: pay by then, or the
 * order is cancelled and its items go back on sale. Sent once (the hold sweeper stores it with the note that marks it
 * sent, server/shop/orders/hold-sweeper.ts).
 */
import { formatMoney } from '../../catalog/price-format.js';
import type { NewMessage } from '../../store/outbox.js';
import type { Order } from '../../store/schema.js';
import { composeMessage } from '../compose-message.js';
import type { MailLanguage, MailShop } from '../templates/mail-shop.js';

const TEXTS = {
  en: {
    subject: (o: Order) => `Order ${o.number} is waiting for your payment`,
    text: (by: string) =>
      `We have not received the payment for your order yet. Please pay by ${by}; after that the order is cancelled and its items go back on sale. The payment details are in your order confirmation. If you have paid already, thank you: please ignore this message.`,
    order: 'Order',
    total: 'Total',
    payBy: 'Pay by',
    questions: (shop: MailShop) => `Questions? Reply to this message or write to ${shop.email}.`,
  },
  pl: {
    subject: (o: Order) => `Zamówienie ${o.number} czeka na płatność`,
    text: (by: string) =>
      `Nie otrzymaliśmy jeszcze płatności za Twoje zamówienie. Prosimy o wpłatę do ${by}; potem zamówienie zostanie anulowane, a produkty wrócą do sprzedaży. Dane do przelewu są w potwierdzeniu zamówienia. Jeśli już zapłaciłaś(-eś), dziękujemy: zignoruj tę wiadomość.`,
    order: 'Zamówienie',
    total: 'Kwota',
    payBy: 'Termin płatności',
    questions: (shop: MailShop) => `Pytania? Odpowiedz na tę wiadomość lub napisz na ${shop.email}.`,
  },
} satisfies Record<MailLanguage, unknown>;

/** The reminder that `order` is cancelled unless paid by `endsAt`. */
export function paymentReminderMessages(shop: MailShop, order: Order, endsAt: Date): NewMessage[] {
  const t = TEXTS[shop.language];
  const by = new Intl.DateTimeFormat(shop.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: shop.timeZone,
  }).format(endsAt);
  const total = formatMoney(order.total, { currency: order.currency, locale: shop.locale });
  return [
    composeMessage(shop, {
      kind: 'order-payment-reminder',
      to: order.email,
      replyTo: shop.email,
      subject: t.subject(order),
      heading: t.subject(order),
      blocks: [
        { paragraph: t.text(by) },
        {
          facts: [
            [t.order, order.number],
            [t.total, total],
            [t.payBy, by],
          ],
        },
        { paragraph: t.questions(shop) },
      ],
    }),
  ];
}
