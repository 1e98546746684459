/**
 * The customer's e-mail about a correction of their invoice (faktura korygująca), issued for money paid back: it
 * carries the correction's PDF, attached as it leaves (mail-attachments.ts). The VAT invoice itself goes with the
 * payment e-mail (order-status-messages.ts).
 */
import type { Invoice } from '../../../client/api/invoices.js';
import { formatMoney } from '../../catalog/price-format.js';
import type { NewMessage } from '../../store/outbox.js';
import type { Order } from '../../store/schema.js';
import { composeMessage } from '../compose-message.js';
import type { MailShop } from '../templates/mail-shop.js';

/**
 * @param key the correction's issuing key (`refund:7:KOR`), by which the sender finds it to attach
 */
export function correctionIssuedMessages(shop: MailShop, order: Order, correction: Invoice, key: string): NewMessage[] {
  const { t } = shop.translator;
  const money = (grosz: number) => formatMoney(grosz / 100, { currency: correction.currency, locale: shop.locale });
  const subject = t('mailInvoice.correctionSubject', { number: correction.number, order: order.number });
  return [
    composeMessage(shop, {
      kind: 'order-invoice-correction',
      to: order.email,
      replyTo: shop.email,
      subject,
      heading: subject,
      blocks: [
        { paragraph: t('mailInvoice.correctionText', { invoice: correction.correction?.number ?? '' }) },
        {
          facts: [
            [t('mail.order'), order.number],
            [t('mailInvoice.correctionNumber'), correction.number],
            [t('mailInvoice.correctedInvoice'), correction.correction?.number ?? ''],
            [t('mailInvoice.correctionReason'), correction.correction?.reason ?? ''],
            [t('mailInvoice.correctionDifference'), money(correction.total_gross)],
          ],
        },
        { paragraph: t('mail.questions', { email: shop.email }) },
      ],
      attachments: [{ invoice_key: key }],
    }),
  ];
}
