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
 * The message to the order's customer that carries the document issued under `key` (`order:42:VAT`,
 * `refund:7:KOR`), by which the sender finds it to attach: what it says, its facts and the shop's contact.
 */
function documentMessages(
  shop: MailShop,
  order: Order,
  kind: string,
  subject: string,
  said: { text: string; facts: [string, string][] },
  key: string,
): NewMessage[] {
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind,
      to: order.email,
      replyTo: shop.email,
      subject,
      heading: subject,
      blocks: [
        { paragraph: said.text },
        { facts: [[t('mail.order'), order.number], ...said.facts] },
        { paragraph: t('mail.questions', { email: shop.email }) },
      ],
      attachments: [{ invoice_key: key }],
    }),
  ];
}

export function correctionIssuedMessages(shop: MailShop, order: Order, correction: Invoice, key: string): NewMessage[] {
  const { t } = shop.translator;
  const money = (grosz: number) => formatMoney(grosz / 100, { currency: correction.currency, locale: shop.locale });
  const subject = t('mailInvoice.correctionSubject', { number: correction.number, order: order.number });
  return documentMessages(
    shop,
    order,
    'order-invoice-correction',
    subject,
    {
      text: t('mailInvoice.correctionText', { invoice: correction.correction?.number ?? '' }),
      facts: [
        [t('mailInvoice.correctionNumber'), correction.number],
        [t('mailInvoice.correctedInvoice'), correction.correction?.number ?? ''],
        [t('mailInvoice.correctionReason'), correction.correction?.reason ?? ''],
        [t('mailInvoice.correctionDifference'), money(correction.total_gross)],
      ],
    },
    key,
  );
}

export function invoiceIssuedMessages(shop: MailShop, order: Order, invoice: Invoice, key: string): NewMessage[] {
  const { t } = shop.translator;
  const subject = t('mailInvoice.issuedSubject', { number: invoice.number, order: order.number });
  return documentMessages(
    shop,
    order,
    'order-invoice',
    subject,
    { text: t('mailInvoice.issuedText'), facts: [[t('mailInvoice.issuedNumber'), invoice.number]] },
    key,
  );
}
