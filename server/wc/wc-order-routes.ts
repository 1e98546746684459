/**
 * `wc/v3/orders`: the WooCommerce-compatible orders API for fulfilment, accounting and ERP tools. List (filters
 * `status`, `customer`, `after`, `before`, `search`, paging with `X-WP-Total`), one order, update (`status`,
 * `set_paid`, `billing`, `customer_note`). Thin: arguments are declared, the orders service changes, wc-order-shape.ts
 * shapes. Shop managers (and their keys and application passwords) only; a `read` key only reads.
 */
import { ORDER_STATUSES } from '../../client/api/orders.js';
import type { WcOrder } from '../../client/api/wc-orders.js';
import { paginate } from '../catalog/product-reads.js';
import { issueInvoiceIfDue } from '../invoices/invoice-sweeper.js';
import type { ArgSchemas } from '../rest/args.js';
import { InvalidInputError } from '../errors/domain-errors.js';
import { invalidParams, RestError } from '../rest/errors.js';
import type { Hooks } from '../hooks/hooks.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import { orderKey } from '../shop/orders/order-access.js';
import { restActor } from '../shop/orders/order-actor.js';
import { ORDER_ORDERBY, queryOrders } from '../shop/orders/order-query.js';
import { updateOrder, type OrderStatusMessages } from '../shop/orders/order-service.js';
import type { Order } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { dateOf } from './wc-body-reader.js';
import { cannotEdit, cannotView, invalidOrderId } from './wc-errors.js';
import { orderUpdateOf } from './wc-order-input.js';
import { wcOrder, wcShipping } from './wc-order-shape.js';
import { NAMESPACE, PAGING } from './wc-product-routes.js';
import { shopTimeZone } from './wc-shape.js';

const ORDER_ID = {
  id: { type: 'integer', description: 'Unique identifier for the resource.', required: true },
} as const satisfies ArgSchemas;

const LIST_ARGS = {
  ...PAGING,
  search: {
    type: 'string',
    description: 'Limit results to those matching a string (order number, customer name or e-mail).',
    maxLength: 200,
  },
  after: {
    type: 'string',
    description: 'Limit response to orders created after a given ISO8601 compliant date.',
    maxLength: 40,
  },
  before: {
    type: 'string',
    description: 'Limit response to orders created before a given ISO8601 compliant date.',
    maxLength: 40,
  },
  dates_are_gmt: {
    type: 'boolean',
    description: 'Whether to consider GMT post dates when limiting response by published or modified date.',
    default: false,
  },
  order: {
    type: 'string',
    description: 'Order sort attribute ascending or descending.',
    enum: ['asc', 'desc'],
    default: 'desc',
  },
  orderby: {
    type: 'string',
    description: 'Sort collection by object attribute.',
    enum: ORDER_ORDERBY,
    default: 'date',
  },
  status: {
    type: 'array',
    description: 'Limit result set to orders which have specific statuses (a list, or comma-separated).',
    items: { type: 'string', enum: ['any', ...ORDER_STATUSES] },
    default: ['any'],
    maxItems: 10,
  },
  customer: {
    type: 'integer',
    description: 'Limit result set to orders assigned a specific customer (0: guests).',
    minimum: 0,
  },
} as const satisfies ArgSchemas;

/** What the update reads from the body, for the discovery index (the handler checks the body itself, all at once). */
const UPDATE_ARGS = {
  ...ORDER_ID,
  status: { type: 'string', description: 'Order status.', enum: ORDER_STATUSES },
  set_paid: {
    type: 'boolean',
    description: 'Define if the order is paid. It will set the status to processing and reduce stock items.',
  },
  customer_note: { type: 'string', description: 'Note left by customer during checkout.' },
  billing: { type: 'object', description: 'Billing address.' },
  shipping: { type: 'object', description: 'Shipping address.' },
} as const satisfies ArgSchemas;

export interface WcOrderDeps {
  store: Store;
  /** What the customer is told when their order moves (ShopMail.orderStatusChanged). */
  tellCustomer: OrderStatusMessages;
  /** Where the refund action runs once a refund is stored. */
  hooks?: Hooks;
}

export function registerWcOrderRoutes(registry: RestRegistry, { store, tellCustomer, hooks }: WcOrderDeps): void {
  const shape = (order: Order): WcOrder =>
    wcOrder(order, {
      timeZone: shopTimeZone(store),
      catalog: store.catalog.loaded ? store.catalog.data : null,
      orderKey: (number) => orderKey(store.site.data.secret, number),
    });
  /** A date argument: with an offset it is an instant; without, shop time (or UTC with `dates_are_gmt`). */
  const instant = (name: string, text: string | undefined, gmt: boolean, problems: Record<string, string>) => {
    if (text === undefined || text === '') return undefined;
    const parsed = dateOf(text, gmt ? 'UTC' : shopTimeZone(store));
    if (parsed === null) problems[name] = `${name} must be a date such as "2026-05-01T00:00:00".`;
    return parsed ?? undefined;
  };

  registry.register({
    namespace: NAMESPACE,
    path: '/orders',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        args: LIST_ARGS,
        handler: async ({ params }) => {
          const problems: Record<string, string> = {};
          const after = instant('after', params.after, params.dates_are_gmt, problems);
          const before = instant('before', params.before, params.dates_are_gmt, problems);
          if (Object.keys(problems).length) throw invalidParams(problems);
          const statuses = params.status.includes('any') ? [] : params.status.filter((status) => status !== 'any');
          const found = queryOrders(await store.orders.list(), {
            statuses,
            customer: params.customer,
            after,
            before,
            search: params.search,
            orderby: params.orderby,
            order: params.order,
          });
          const page = paginate(found, params.page, params.per_page);
          return new RestResponse(page.items.map(shape), 200, {
            'X-WP-Total': String(page.total),
            'X-WP-TotalPages': String(page.totalPages),
          });
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/orders/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        args: ORDER_ID,
        handler: async ({ params }) => {
          const order = await store.orders.find(params.id);
          if (!order) throw invalidOrderId();
          return shape(order);
        },
      }),
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_shop',
        forbidden: cannotEdit,
        args: UPDATE_ARGS,
        bodyCheckedByHandler: true,
        handler: async ({ params, body, user, apiKey }) => {
          const id = Number(params.id);
          const current = await store.orders.find(id);
          if (!current) throw invalidOrderId(400);
          const update = orderUpdateOf(body, wcShipping(current));
          try {
            const updated = await updateOrder(
              store,
              id,
              update,
              restActor(user!, apiKey),
              tellCustomer,
              undefined,
              hooks,
            );
            // A company order just paid gets its VAT invoice now (the invoice sweep catches any this misses).
            await issueInvoiceIfDue(store, updated);
            return shape(updated);
          } catch (error) {
            // A refused move: its sentence (where the order may go instead) is the message, not just the field's name.
            if (error instanceof InvalidInputError && error.code)
              throw new RestError(error.code, error.message, 400, { params: error.problems });
            throw error;
          }
        },
      }),
    ],
  });
}
