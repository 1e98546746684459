/**
 * The invoice as a PDF a person reads: a VAT invoice or a correction ("faktura korygująca") with what art. 106e of
 * the Polish VAT Act asks a printed invoice to show, in the language of the translator it is given (its order's,
 * invoice-language.ts), and for an invoice in KSeF the verification QR codes. It renders the stored invoice as it is: the same model the FA(3)
 * XML was built from, so the two say the same figures.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { Invoice, InvoiceAddress, InvoiceParty } from '../../../client/api/invoices.js';
import type { Translator } from '../../i18n/translator.js';
import { ksefAddresses } from '../ksef/ksef-environment.js';
import { groupedAccount, invoiceFigures, type InvoiceFigures } from './invoice-figures.js';
import { linesTable, ratesTable } from './invoice-tables.js';
import { pdfOf } from './pdf-document.js';
import { verificationCodes, type VerificationOptions } from './verification-qr.js';

export type InvoicePdfOptions = Partial<VerificationOptions>;

function addressLines({ street, postcode, city, country }: InvoiceAddress): string[] {
  return [street, [postcode, city].filter(Boolean).join(' '), country === 'PL' ? '' : country].filter(Boolean);
}

function party(title: string, who: InvoiceParty, { t }: Translator): Content {
  return {
    stack: [
      { text: title, style: 'label' },
      { text: who.name, bold: true },
      ...addressLines(who.address),
      ...(who.tax_id ? [t('invoices.pdfTaxId', { taxId: who.tax_id })] : []),
    ],
  };
}

function heading(invoice: Invoice, { t }: Translator, figures: InvoiceFigures): Content {
  const title = invoice.type === 'KOR' ? t('invoices.pdfTitleCorrection') : t('invoices.pdfTitleVat');
  const dated = (label: string, value: string) => ({ text: [{ text: `${label}: `, style: 'label' }, value] });
  return {
    columns: [
      {
        stack: [
          { text: title, style: 'title' },
          { text: t('invoices.pdfNumber', { number: invoice.number }), style: 'number' },
        ],
      },
      {
        width: 'auto',
        alignment: 'right',
        stack: [
          dated(t('invoices.pdfIssueDate'), figures.date(invoice.issue_date)),
          dated(t('invoices.pdfSaleDate'), figures.date(invoice.sale_date)),
          ...(invoice.place_of_issue ? [dated(t('invoices.pdfPlaceOfIssue'), invoice.place_of_issue)] : []),
          dated(t('invoices.pdfOrder'), invoice.order_number),
        ],
      },
    ],
    margin: [0, 0, 0, 16],
  };
}

function correctionNote(invoice: Invoice, { t }: Translator, figures: InvoiceFigures): Content[] {
  const corrected = invoice.correction;
  if (!corrected) return [];
  return [
    {
      stack: [
        t('invoices.pdfCorrectedInvoice', { number: corrected.number, date: figures.date(corrected.issue_date) }),
        ...(corrected.ksef_number ? [t('invoices.pdfCorrectedKsefNumber', { number: corrected.ksef_number })] : []),
        t('invoices.pdfCorrectionReason', { reason: corrected.reason }),
      ],
      margin: [0, 0, 0, 12],
    },
  ];
}

function lineSections(invoice: Invoice, translator: Translator, figures: InvoiceFigures): Content[] {
  if (invoice.type !== 'KOR') return [linesTable(invoice, invoice.lines, translator, figures)];
  const before = invoice.lines.filter((line) => line.before);
  const after = invoice.lines.filter((line) => !line.before);
  return [
    { text: translator.t('invoices.pdfBefore'), style: 'caption' },
    linesTable(invoice, before, translator, figures),
    { text: translator.t('invoices.pdfAfter'), style: 'caption' },
    linesTable(invoice, after, translator, figures),
  ];
}

function totalDue(invoice: Invoice, { t }: Translator, figures: InvoiceFigures): Content {
  const refund = invoice.total_gross < 0;
  return {
    text: [
      `${refund ? t('invoices.pdfTotalRefund') : t('invoices.pdfTotalDue')}: `,
      { text: figures.money(Math.abs(invoice.total_gross)), bold: true },
    ],
    style: 'due',
  };
}

function payment(invoice: Invoice, { t }: Translator, figures: InvoiceFigures): Content {
  const { method_label, paid, paid_at, due_date, bank_account } = invoice.payment;
  const row = (label: string, value: string) => ({ text: [{ text: `${label}: `, style: 'label' }, value] });
  return {
    stack: [
      row(t('invoices.pdfPaymentMethod'), method_label),
      ...(paid && paid_at ? [t('invoices.pdfPaidOn', { date: figures.date(paid_at.slice(0, 10)) })] : []),
      ...(!paid && due_date ? [row(t('invoices.pdfDueDate'), figures.date(due_date))] : []),
      ...(bank_account ? [row(t('invoices.pdfBankAccount'), groupedAccount(bank_account))] : []),
    ],
    margin: [0, 8, 0, 0],
  };
}

/**
 * @param options the KSeF environment's verification address (production's by default) and, for KOD II on invoices
 *   issued offline, the seller's offline certificate
 * @example const pdf = await renderInvoicePdf(invoice, translator('pl'), { qrBaseUrl: ksefAddresses('test').qrUrl });
 */
export async function renderInvoicePdf(
  invoice: Invoice,
  translator: Translator,
  options: InvoicePdfOptions = {},
): Promise<Buffer> {
  const figures = invoiceFigures(translator.language, invoice.currency);
  const { t } = translator;
  const codes = await verificationCodes(invoice, translator, {
    qrBaseUrl: options.qrBaseUrl ?? ksefAddresses('production').qrUrl,
    offlineCertificate: options.offlineCertificate,
  });
  const document: TDocumentDefinitions = {
    info: { title: `${invoice.number}`, creator: invoice.seller.name },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 18, bold: true },
      number: { fontSize: 12, margin: [0, 2, 0, 0] },
      label: { color: '#555555' },
      caption: { bold: true, margin: [0, 8, 0, 4] },
      table: { fontSize: 8, margin: [0, 0, 0, 10] },
      tableHeader: { bold: true },
      due: { fontSize: 13, margin: [0, 4, 0, 0] },
      small: { fontSize: 8 },
      link: { fontSize: 6, color: '#1a4f8b' },
    },
    footer: (page, pages) => ({
      text: t('invoices.pdfPage', { page, pages }),
      alignment: 'center',
      style: 'small',
      margin: [0, 20, 0, 0],
    }),
    content: [
      heading(invoice, translator, figures),
      {
        columns: [
          party(t('invoices.pdfSeller'), invoice.seller, translator),
          party(t('invoices.pdfBuyer'), invoice.buyer, translator),
        ],
        columnGap: 20,
        margin: [0, 0, 0, 16],
      },
      ...correctionNote(invoice, translator, figures),
      ...lineSections(invoice, translator, figures),
      {
        text: invoice.type === 'KOR' ? t('invoices.pdfRatesDifferences') : t('invoices.pdfRates'),
        style: 'caption',
      },
      {
        columns: [
          { width: '*', text: '' },
          { width: 'auto', stack: [ratesTable(invoice, translator, figures)] },
        ],
      },
      totalDue(invoice, translator, figures),
      payment(invoice, translator, figures),
      ...(codes ? [codes] : []),
    ],
  };
  return pdfOf(document);
}
