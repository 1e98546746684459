/**
 * The invoices a message carries (a payment e-mail its order's VAT invoice, a correction e-mail the correction),
 * rendered as PDFs when the message is sent, from the invoice as the store keeps it: the same document the customer
 * downloads from the order page. pdfmake loads with the first such message, not with every start.
 *
 * A payment e-mail is queued with the payment, and the invoice is issued just after it (at once when a manager marks
 * the order paid, by the next sweep after an online payment), so a message whose invoice is not issued yet waits for
 * it, checking again after 2, 4, 8 … seconds, for at most {@link INVOICE_WAIT_MS}. An invoice that is still not issued
 * then (the schema refused it, a rate FA(3) cannot state) is not waited for longer: the message leaves without it,
 * and its last answer in the mail log says so.
 */
import type { Invoice } from '../../../client/api/invoices.js';
import { retryPauseMs } from '../../mail/delivery-worker.js';
import type { MailAttachments, MailFile } from '../../mail/mail-attachments.js';
import type { Store } from '../../store/store.js';
import { invoiceFileName } from '../invoice-file-name.js';
import type { InvoicePdfOptions } from './invoice-pdf.js';
import { invoiceTranslatorOf } from './invoice-language.js';

/** How long a message waits for an invoice it is to carry, from when it was queued. */
export const INVOICE_WAIT_MS = 10 * 60_000;
/** The first pause while waiting, doubled on each look: the invoice usually exists within a sweep (30 s). */
const FIRST_LOOK_SECONDS = 2;

/** An invoice as a mail attachment, named like its download (`FV-2026-12-7.pdf`), in its order's language. */
async function invoicePdfFile(invoice: Invoice, store: Store, options: InvoicePdfOptions): Promise<MailFile> {
  const { renderInvoicePdf } = await import('./invoice-pdf.js');
  return {
    filename: invoiceFileName(invoice.number, 'pdf'),
    content: await renderInvoicePdf(invoice, await invoiceTranslatorOf(store, invoice), options),
    contentType: 'application/pdf',
  };
}

/**
 * @param pdfOptions the KSeF environment's verification address and the offline certificate (ksef-on-demand.ts)
 */
export function invoiceMailAttachments(store: Store, pdfOptions: () => Promise<InvoicePdfOptions>): MailAttachments {
  return async (message, now) => {
    const files: MailFile[] = [];
    const missing: string[] = [];
    for (const { invoice_key } of message.attachments) {
      const invoice = await store.invoices.findByKey(invoice_key);
      if (invoice) files.push(await invoicePdfFile(invoice, store, await pdfOptions()));
      else missing.push(invoice_key);
    }
    if (missing.length === 0) return { files };
    const deadline = Date.parse(message.created_at) + INVOICE_WAIT_MS;
    if (now.getTime() < deadline) {
      const next = Math.min(deadline, now.getTime() + retryPauseMs(message.attempts, FIRST_LOOK_SECONDS));
      return {
        waitUntil: new Date(next).toISOString(),
        reason: `Waiting for the invoice ${missing.join(', ')} to be issued, to attach it.`,
      };
    }
    return {
      files,
      missing: `Sent without the invoice ${missing.join(', ')}: it was not issued within ${INVOICE_WAIT_MS / 60_000} minutes.`,
    };
  };
}
