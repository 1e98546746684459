/**
 * The reminder to a customer whose bank-transfer order is still unpaid a day before its hold ends: pay by then, or the
 * order is cancelled and its items go back on sale. Sent once (the hold sweeper stores it with the note that marks it
 * sent, server/shop/orders/hold-sweeper.ts).
 */
import { formatMoney } from '../../catalog/price-format.js';
import type { NewMessage } from '../../store/outbox.js';
import type { Order } from '../../store/schema.js';
import { composeMessage } from '../compose-message.js';
import type { MailShop } from '../templates/mail-shop.js';

/** The reminder that `order` is cancelled unless paid by `endsAt`. */
export function paymentReminderMessages(shop: MailShop, order: Order, endsAt: Date): NewMessage[] {
  const { t } = shop.translator;
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
      subject: t('mailReminder.subject', { number: order.number }),
      heading: t('mailReminder.subject', { number: order.number }),
      blocks: [
        { paragraph: t('mailReminder.text', { by }) },
        {
          facts: [
            [t('mail.order'), order.number],
            [t('mail.total'), total],
            [t('mailReminder.payBy'), by],
          ],
        },
        { paragraph: t('mail.questions', { email: shop.email }) },
      ],
    }),
  ];
}
