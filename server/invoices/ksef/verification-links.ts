/**
 * The verification links KSeF's QR codes carry (KSeF's published QR code specification, built by `ksef-client-ts`):
 * - KOD I, on every invoice in KSeF or issued offline: `{qr}/invoice/{seller NIP}/{issue date DD-MM-YYYY}/{hash}`,
 *   where anyone can check the invoice exists and is unchanged;
 * - KOD II, on an invoice issued offline only: the same hash under the seller's offline certificate, signed with its
 *   private key, which proves who issued an invoice KSeF has not seen yet.
 */
import { VerificationLinkService } from 'ksef-client-ts';
import type { Invoice } from '../../../client/api/invoices.js';

/** The KSeF offline certificate the seller signs KOD II with (from configuration, never the data folder). */
export interface OfflineCertificate {
  /** The certificate's serial number, as KSeF issued it (hex). */
  serial: string;
  privateKeyPem: string;
  privateKeyPassword?: string;
}

export function invoiceVerificationLink(invoice: Invoice, qrBaseUrl: string): string {
  return new VerificationLinkService(qrBaseUrl).buildInvoiceVerificationUrl(
    invoice.seller.tax_id,
    invoice.issue_date,
    invoice.hash,
  );
}

export function certificateVerificationLink(
  invoice: Invoice,
  qrBaseUrl: string,
  certificate: OfflineCertificate,
): string {
  const nip = invoice.seller.tax_id;
  return new VerificationLinkService(qrBaseUrl).buildCertificateVerificationUrl(
    'Nip',
    nip,
    nip,
    certificate.serial,
    invoice.hash,
    certificate.privateKeyPem,
    certificate.privateKeyPassword,
  );
}
