/**
 * An invoice's PDF as a download. pdfmake, its fonts and the QR encoder load on the first download rather than with
 * every start of the shop, which a restart after a crash waits for.
 */
import type { Invoice } from '../../../client/api/invoices.js';
import type { Translator } from '../../i18n/translator.js';
import { attachmentOf, invoiceFileName } from '../invoice-file-name.js';
import type { InvoicePdfOptions } from './invoice-pdf.js';

export interface PdfDownload {
  body: Buffer;
  headers: Record<string, string>;
}

export async function invoicePdfDownload(
  invoice: Invoice,
  translator: Translator,
  options: InvoicePdfOptions,
): Promise<PdfDownload> {
  const { renderInvoicePdf } = await import('./invoice-pdf.js');
  return {
    body: await renderInvoicePdf(invoice, translator, options),
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': attachmentOf(invoiceFileName(invoice.number, 'pdf')),
    },
  };
}
