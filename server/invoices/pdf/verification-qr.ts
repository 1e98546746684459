/**
 * The KSeF block of a printed invoice: the QR codes KSeF's specification asks for, each with the link it encodes
 * printed under it (so a reader without a phone can type it) and its label: KOD I under the KSeF number once KSeF
 * accepted the invoice, or "OFFLINE" while it waits; KOD II ("CERTYFIKAT") on an invoice issued offline.
 */
import QRCode from 'qrcode';
import type { Content } from 'pdfmake/interfaces.js';
import type { Invoice } from '../../../client/api/invoices.js';
import type { Translator } from '../../i18n/translator.js';
import {
  certificateVerificationLink,
  invoiceVerificationLink,
  type OfflineCertificate,
} from '../ksef/verification-links.js';

export interface VerificationOptions {
  /** The verification service of the KSeF environment the shop sends to (ksef-environment.ts). */
  qrBaseUrl: string;
  /** Signs KOD II on invoices issued offline; without it an offline invoice carries KOD I only. */
  offlineCertificate?: OfflineCertificate;
}

const QR_SIZE = 110;

async function codeBlock(link: string, label: string, caption: string): Promise<Content> {
  const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 });
  return {
    stack: [
      { text: caption, style: 'small', margin: [0, 0, 0, 4] },
      { svg, width: QR_SIZE },
      { text: label, bold: true, margin: [0, 4, 0, 2] },
      { text: link, style: 'link', link },
    ],
  };
}

/** The QR codes an invoice carries, or nothing when it is not in KSeF and was not issued offline. */
export async function verificationCodes(
  invoice: Invoice,
  { t }: Translator,
  options: VerificationOptions,
): Promise<Content | null> {
  const offline = invoice.ksef.status === 'offline';
  if (!invoice.ksef.number && !offline) return null;
  if (!invoice.seller.tax_id || !invoice.hash) return null;
  const codes: Content[] = [
    await codeBlock(
      invoiceVerificationLink(invoice, options.qrBaseUrl),
      invoice.ksef.number ?? t('invoices.pdfOffline'),
      t('invoices.pdfVerifyInvoice'),
    ),
  ];
  if (offline && !invoice.ksef.number && options.offlineCertificate) {
    codes.push(
      await codeBlock(
        certificateVerificationLink(invoice, options.qrBaseUrl, options.offlineCertificate),
        t('invoices.pdfCertificate'),
        t('invoices.pdfVerifyIssuer'),
      ),
    );
  }
  return {
    columns: codes.map((code) => ({ width: 240, stack: [code] })),
    columnGap: 20,
    margin: [0, 16, 0, 0],
    unbreakable: true,
  };
}
