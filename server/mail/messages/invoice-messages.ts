/**
 * The customer's e-mails with an invoice's PDF, attached as it leaves (mail-attachments.ts): a correction (faktura
 * korygująca) issued for money paid back, and a VAT invoice a manager issued by hand after the payment e-mail, which
 * carries the one issued at payment (order-status-messages.ts).
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

/**
 * @param key the invoice's issuing key (`order:42:VAT`), by which the sender finds it to attach
 */
export function invoiceIssuedMessages(shop: MailShop, order: Order, invoice: Invoice, key: string): NewMessage[] {
  const { t } = shop.translator;
  const subject = t('mailInvoice.issuedSubject', { number: invoice.number, order: order.number });
  return [
    composeMessage(shop, {
      kind: 'order-invoice',
      to: order.email,
      replyTo: shop.email,
      subject,
      heading: subject,
      blocks: [
        { paragraph: t('mailInvoice.issuedText') },
        {
          facts: [
            [t('mail.order'), order.number],
            [t('mailInvoice.issuedNumber'), invoice.number],
          ],
        },
        { paragraph: t('mail.questions', { email: shop.email }) },
      ],
      attachments: [{ invoice_key: key }],
    }),
  ];
}
