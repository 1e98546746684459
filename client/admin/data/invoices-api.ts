/** Invoices (server/invoices/invoice-routes.ts): the list, issuing an order's invoice, resending to KSeF, downloads. */
import type { RestInvoice } from '../../api/invoice-rest.js';
import { restDownloadUrl as download, restGetPage, restPost, withQuery, type RestListPage } from './rest-client.js';

export const getInvoicesPage = (args: Record<string, string | number>): Promise<RestListPage<RestInvoice>> =>
  restGetPage<RestInvoice>(withQuery('/vitrine/v1/invoices', args));

/** The order's VAT invoice: issued now, or the one issued before. */
export const issueOrderInvoice = (orderId: number) => restPost<RestInvoice>(`/vitrine/v1/orders/${orderId}/invoice`);

export const resendInvoiceToKsef = (id: number) => restPost<RestInvoice>(`/vitrine/v1/invoices/${id}/ksef`);

export const invoiceXmlUrl = (id: number) => download(`/vitrine/v1/invoices/${id}/xml`);
export const invoicePdfUrl = (id: number) => download(`/vitrine/v1/invoices/${id}/pdf`);
export const invoiceExportUrl = (from: string, to: string) => download('/vitrine/v1/invoices/export', { from, to });
