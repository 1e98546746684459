/** The invoice PDF: rendering, the managers' REST download and the customers' download. */
export { renderInvoicePdf, type InvoicePdfOptions } from './invoice-pdf.js';
export { registerInvoicePdfRoute, type InvoicePdfRouteOptions } from './invoice-pdf-route.js';
export {
  customerInvoiceRoutes,
  customerInvoicePdfPath,
  type CustomerInvoiceRouteOptions,
} from './customer-invoice-route.js';
