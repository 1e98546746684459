/**
 * `GET vitrine/v1/invoices/{id}/pdf` (manage_shop): the invoice as a PDF download, as its customer has it (in the
 * order's language, invoice-language.ts), with the QR codes of the KSeF environment the shop sends to. The `pdf` link
 * of every invoice in `vitrine/v1/invoices`.
 */
import type { Invoice } from '../../../client/api/invoices.js';
import type { Translator } from '../../i18n/translator.js';
import { idArg } from '../../rest/args.js';
import { RestError } from '../../rest/errors.js';
import type { RestRegistry } from '../../rest/registry.js';
import { RestResponse, endpoint } from '../../rest/route.js';
import type { InvoiceRepository } from '../../store/invoices-store.js';
import type { InvoicePdfOptions } from './invoice-pdf.js';
import { invoicePdfDownload } from './invoice-pdf-download.js';

export interface InvoicePdfRouteOptions {
  invoices: Pick<InvoiceRepository, 'find'>;
  /** The translator an invoice's PDF is printed with (invoice-language.ts), read per request. */
  translatorFor: (invoice: Invoice) => Translator | Promise<Translator>;
  /** The KSeF environment's verification address and the offline certificate (ksef-config.ts). */
  pdfOptions: () => InvoicePdfOptions | Promise<InvoicePdfOptions>;
}

const ID_ARG = idArg('invoice');

export function registerInvoicePdfRoute(rest: RestRegistry, options: InvoicePdfRouteOptions): void {
  rest.register({
    namespace: 'vitrine/v1',
    path: '/invoices/(?P<id>[\\d]+)/pdf',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: ID_ARG,
        handler: async ({ params }) => {
          const invoice = await options.invoices.find(params.id);
          if (!invoice)
            throw new RestError('vitrine_invoice_not_found', `There is no invoice with the id ${params.id}.`, 404);
          const pdf = await invoicePdfDownload(
            invoice,
            await options.translatorFor(invoice),
            await options.pdfOptions(),
          );
          return new RestResponse(pdf.body, 200, pdf.headers);
        },
      }),
    ],
  });
}
