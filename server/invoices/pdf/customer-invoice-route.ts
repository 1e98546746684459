/**
 * The customer's download of an invoice of their order, `GET /order-received/{number}/invoices/{id}.pdf`, under the
 * order page's own rule (order-access.ts): the order's key in the link, or signed in as the order's customer. An
 * invoice of another order, or an order the visitor may not see, does not exist for them: the 404 page. The PDF is in
 * the order's language (invoice-language.ts).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { User } from '../../store/schema.js';
import type { InvoiceRepository } from '../../store/invoices-store.js';
import type { Store } from '../../store/store.js';
import { mayViewOrder } from '../../shop/orders/order-access.js';
import { invoicePdfDownload } from './invoice-pdf-download.js';
import type { InvoicePdfOptions } from './invoice-pdf.js';
import { invoiceTranslator } from './invoice-language.js';

export interface CustomerInvoiceRouteOptions {
  store: Store;
  invoices: Pick<InvoiceRepository, 'find'>;
  /** The KSeF environment's verification address and offline certificate (ksef-sending.ts), read per download. */
  pdfOptions: () => InvoicePdfOptions | Promise<InvoicePdfOptions>;
}

const signedInUser = (ctx: Context): User | null => ctx.state.session?.user ?? null;

export function customerInvoiceRoutes({ store, invoices, pdfOptions }: CustomerInvoiceRouteOptions): Router {
  return new Router().get('/order-received/:number/invoices/:file', async (ctx, next) => {
    const id = /^([1-9]\d{0,15})\.pdf$/.exec(ctx.params.file ?? '')?.[1];
    if (!id) return next();
    const order = await store.orders.findByNumber(String(ctx.params.number));
    if (!order || !mayViewOrder(store.site.data.secret, order, ctx.query.key, signedInUser(ctx))) return next();
    const invoice = await invoices.find(Number(id));
    if (!invoice || invoice.order_id !== order.id) return next();
    const translator = invoiceTranslator(store.site.data.settings.general.locale, order.language);
    const pdf = await invoicePdfDownload(invoice, translator, await pdfOptions());
    ctx.body = pdf.body;
    ctx.set(pdf.headers);
    ctx.set('Cache-Control', 'private, no-store');
  });
}
