/**
 * `vitrine/v1/invoices` for shop managers and integrators (manage_shop): the list (filters `order`, `after`, `before`,
 * `type`; paged with WordPress's `X-WP-Total` headers), one invoice, its FA(3) XML, the period's export (a ZIP of the
 * register and the XML files), "Resend to KSeF", and `POST /orders/{id}/invoice`, which issues an order's invoice on
 * request (a consumer's, or a company order's before the sweep gets to it) and e-mails it to the customer unless a
 * message carries it already. Thin: invoices are issued by issue-invoice.ts and read from the store.
 */
import type { RestInvoice } from '../../client/api/invoice-rest.js';
import { INVOICE_TYPES, type Invoice } from '../../client/api/invoices.js';
import { idArg } from '../rest/args.js';
import { invalidParams, RestError } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import type { Enqueue } from '../store/outbox.js';
import type { Order } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { exportPeriod } from './export/export-period.js';
import { invoiceExportZip, invoicesIssuedBetween } from './export/invoice-export.js';
import { attachmentOf, invoiceFileName } from './invoice-file-name.js';
import { orderInvoiceKey } from '../store/invoice-due.js';
import { issueOrderInvoice } from './issue-invoice.js';

const NAMESPACE = 'vitrine/v1';

const ID_ARG = idArg('invoice');

/** A date or date-time; a date alone is the start of that day in UTC. */
const INSTANT_PATTERN = '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$';

/** The instant a query names, as ISO; a bad one is a 400 naming the parameter. */
function instantOf(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed))
    throw invalidParams({ [name]: `${name} is not a date: write it as 2026-12-01 or 2026-12-01T10:00:00Z.` });
  return new Date(parsed).toISOString();
}

export interface InvoiceRouteOptions {
  store: Store;
  /** `{SITE_URL}{REST_ROOT}`: the invoices' links are absolute, as WordPress's are. */
  restBase: string;
  /** The customer's e-mail with an invoice issued by hand (ShopMail.invoiceIssued). */
  invoiceIssued?: (order: Order, key: string) => Enqueue<Invoice>;
}

/**
 * Whether a message to the order's customer carries the invoice under `key`, or is still to carry it: the payment
 * e-mail of an order that wants an invoice. One that left without it (the invoice was not issued in time) names it
 * in its last answer and does not count.
 */
async function mailCarriesInvoice(store: Store, order: Order, key: string): Promise<boolean> {
  const { messages } = await store.outbox.list({ page: 1, perPage: 100, recipient: order.email });
  return messages.some(
    (message) =>
      message.to.toLowerCase() === order.email.toLowerCase() &&
      message.attachments.some((attachment) => attachment.invoice_key === key) &&
      message.status !== 'failed' &&
      message.status !== 'suppressed' &&
      !(message.status === 'sent' && message.last_response?.includes(key)),
  );
}

export function registerInvoiceRoutes(
  rest: RestRegistry,
  { store, restBase, invoiceIssued }: InvoiceRouteOptions,
): void {
  const shape = (invoice: Invoice): RestInvoice => ({
    ...invoice,
    pdf: `${restBase}/${NAMESPACE}/invoices/${invoice.id}/pdf`,
    xml: `${restBase}/${NAMESPACE}/invoices/${invoice.id}/xml`,
  });
  const found = async (id: number) => {
    const invoice = await store.invoices.find(id);
    if (!invoice) throw new RestError('vitrine_invoice_not_found', `There is no invoice with the id ${id}.`, 404);
    return invoice;
  };

  rest.register({
    namespace: NAMESPACE,
    path: '/invoices',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: {
          order: { type: 'integer', description: 'Only the invoices of this order.', minimum: 1 },
          after: {
            type: 'string',
            description: 'Only the invoices issued at or after this date (ISO 8601).',
            pattern: INSTANT_PATTERN,
          },
          before: {
            type: 'string',
            description: 'Only the invoices issued before this date (ISO 8601).',
            pattern: INSTANT_PATTERN,
          },
          type: { type: 'string', description: 'Only invoices (VAT) or corrections (KOR).', enum: INVOICE_TYPES },
          page: { type: 'integer', description: 'Page of the list, from 1.', minimum: 1, default: 1 },
          per_page: { type: 'integer', description: 'Invoices per page.', minimum: 1, maximum: 100, default: 20 },
        },
        handler: async ({ params }) => {
          const { invoices, total } = await store.invoices.list({
            order: params.order,
            after: instantOf('after', params.after),
            before: instantOf('before', params.before),
            type: params.type as Invoice['type'] | undefined,
            page: params.page,
            perPage: params.per_page,
          });
          return new RestResponse(invoices.map(shape), 200, {
            'X-WP-Total': String(total),
            'X-WP-TotalPages': String(Math.ceil(total / params.per_page)),
          });
        },
      }),
    ],
  });

  rest.register({
    namespace: NAMESPACE,
    path: '/invoices/export',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: {
          from: {
            type: 'string',
            description: 'The first day of the period (YYYY-MM-DD in the shop’s time zone, or an ISO 8601 instant).',
            required: true,
            pattern: INSTANT_PATTERN,
          },
          to: {
            type: 'string',
            description: 'The last day of the period, included (YYYY-MM-DD), or the instant it ends (ISO 8601).',
            required: true,
            pattern: INSTANT_PATTERN,
          },
        },
        handler: async ({ params }) => {
          const { from, to } = exportPeriod(params.from, params.to, store.site.data.settings.general.timezone);
          const zip = await invoiceExportZip(store, await invoicesIssuedBetween(store, from, to));
          const name = invoiceFileName(`invoices-${params.from}-${params.to}`, 'zip');
          return new RestResponse(zip, 200, {
            'Content-Type': 'application/zip',
            'Content-Disposition': attachmentOf(name),
          });
        },
      }),
    ],
  });

  rest.register({
    namespace: NAMESPACE,
    path: '/invoices/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: ID_ARG,
        handler: async ({ params }) => shape(await found(params.id)),
      }),
    ],
  });

  rest.register({
    namespace: NAMESPACE,
    path: '/invoices/(?P<id>[\\d]+)/xml',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: ID_ARG,
        handler: async ({ params }) => {
          const invoice = await found(params.id);
          const xml = (await store.invoices.xml(invoice.id)) ?? '';
          return new RestResponse(xml, 200, {
            'Content-Type': 'application/xml; charset=utf-8',
            'Content-Disposition': attachmentOf(invoiceFileName(invoice.number, 'xml')),
          });
        },
      }),
    ],
  });

  rest.register({
    namespace: NAMESPACE,
    path: '/invoices/(?P<id>[\\d]+)/ksef',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: ID_ARG,
        handler: async ({ params }) => {
          const invoice = await found(params.id);
          const requeued = await store.invoices.requeueKsef(invoice.id, new Date());
          if (requeued) return shape(requeued);
          throw new RestError(
            'vitrine_invoice_not_resendable',
            `Invoice ${invoice.number} is ${invoice.ksef.status === 'accepted' ? 'in KSeF already' : 'not for KSeF'}: there is nothing to send again.`,
            409,
          );
        },
      }),
    ],
  });

  rest.register({
    namespace: NAMESPACE,
    path: '/orders/(?P<id>[\\d]+)/invoice',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: { id: { type: 'integer', description: "The order's id.", required: true, minimum: 1 } },
        handler: async ({ params }) => {
          const key = orderInvoiceKey(params.id);
          const before = await store.invoices.findByKey(key);
          // Issued by hand after the payment e-mail (or for an order that did not ask for one): the customer gets it
          // by e-mail, with the invoice in the same store operation, unless a message already carries it.
          const order = before ? null : await store.orders.find(params.id);
          const tell =
            order && invoiceIssued && !(await mailCarriesInvoice(store, order, key))
              ? invoiceIssued(order, key)
              : undefined;
          const invoice = await issueOrderInvoice(store, params.id, new Date(), tell);
          return new RestResponse(shape(invoice), before ? 200 : 201);
        },
      }),
    ],
  });
}
