/** `vitrine/v1/invoices` answers: the invoice model with the addresses of its renderings. */
import type { Invoice } from './invoices.js';

export interface RestInvoice extends Invoice {
  /** The printable PDF (`/vitrine/v1/invoices/{id}/pdf`). */
  pdf: string;
  /** The FA(3) XML as stored (`/vitrine/v1/invoices/{id}/xml`). */
  xml: string;
}
