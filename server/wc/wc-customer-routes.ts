/**
 * `wc/v3/customers`: list (paged, `search`, `email`, `role`, `orderby`/`order`), read, create (201 and a Location),
 * update, in WooCommerce's shape and codes. Thin: wc-customers.ts reads and writes the users, and shapes them.
 * Shop managers (and their keys and application passwords) only.
 */
import { ROLES } from '../../client/api/users.js';
import type { Config } from '../config.js';
import { paginate } from '../catalog/product-reads.js';
import type { ArgSchemas } from '../rest/args.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import type { Enqueue } from '../store/outbox.js';
import type { User } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { CUSTOMER_ORDERBY, createCustomer, queryCustomers, updateCustomer, wcCustomer } from './wc-customers.js';
import { cannotCreate, cannotEdit, cannotView, customerExists, invalidCustomerId } from './wc-errors.js';
import { NAMESPACE, PAGING } from './wc-product-routes.js';
import { shopTimeZone } from './wc-shape.js';

const CUSTOMER_ID = {
  id: { type: 'integer', description: 'Unique identifier for the resource.', required: true },
} as const satisfies ArgSchemas;
const IDS = { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 100 } as const;

const LIST_ARGS = {
  ...PAGING,
  search: {
    type: 'string',
    description: 'Limit results to those matching a string (username, e-mail or name).',
    maxLength: 200,
  },
  email: { type: 'string', description: 'Limit result set to resources with a specific email.', maxLength: 254 },
  role: {
    type: 'string',
    description: 'Limit result set to resources with a specific role.',
    enum: ['all', ...ROLES],
    default: 'customer',
  },
  orderby: {
    type: 'string',
    description: 'Sort collection by object attribute.',
    enum: CUSTOMER_ORDERBY,
    default: 'name',
  },
  order: {
    type: 'string',
    description: 'Order sort attribute ascending or descending.',
    enum: ['asc', 'desc'],
    default: 'asc',
  },
  include: { ...IDS, description: 'Limit result set to specific IDs.' },
  exclude: { ...IDS, description: 'Ensure result set excludes specific IDs.' },
} as const satisfies ArgSchemas;

/** What a write reads; the addresses' fields are checked by wc-customer-addresses.ts. */
const WRITE_ARGS = {
  email: { type: 'string', description: 'The email address for the customer.', maxLength: 254 },
  first_name: { type: 'string', description: 'Customer first name.', maxLength: 100 },
  last_name: { type: 'string', description: 'Customer last name.', maxLength: 100 },
  username: { type: 'string', description: 'Customer login name (set on creation only).', maxLength: 60 },
  password: { type: 'string', description: 'Customer password (never answered).', maxLength: 200 },
  billing: {
    type: 'object',
    description: "List of billing address data (the customer's address book, filled into their next checkout).",
  },
  shipping: {
    type: 'object',
    description: 'List of shipping address data (empty, or the billing address: the goods go to the billing address).',
  },
} as const satisfies ArgSchemas;

export interface WcCustomerDeps {
  store: Store;
  config: Pick<Config, 'siteUrl' | 'restRoot'>;
  /** The welcome a new customer's account sends (ShopMail.welcome), as WooCommerce mails a new account. */
  welcome?: Enqueue<User>;
}

export function registerWcCustomerRoutes(registry: RestRegistry, { store, config, welcome }: WcCustomerDeps): void {
  const shape = async (user: User) => wcCustomer(user, await store.orders.listByUser(user.id), shopTimeZone(store));

  registry.register({
    namespace: NAMESPACE,
    path: '/customers',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        withoutCatalog: true,
        args: LIST_ARGS,
        handler: async ({ params }) => {
          const found = queryCustomers(await store.users.list(), params);
          const page = paginate(found, params.page, params.per_page);
          // The page's customers' orders only (at most per_page lookups), not every order of the shop.
          const items = await Promise.all(page.items.map(shape));
          return new RestResponse(items, 200, {
            'X-WP-Total': String(page.total),
            'X-WP-TotalPages': String(page.totalPages),
          });
        },
      }),
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        forbidden: cannotCreate,
        withoutCatalog: true,
        args: { ...WRITE_ARGS, email: { ...WRITE_ARGS.email, required: true } },
        handler: async ({ params, body }) => {
          const id = (body as { id?: unknown } | undefined)?.id;
          if (id !== undefined && id !== null && id !== 0 && id !== '0') throw customerExists();
          const user = await createCustomer(store, params, welcome);
          return new RestResponse(await shape(user), 201, {
            Location: `${config.siteUrl}${config.restRoot}/${NAMESPACE}/customers/${user.id}`,
          });
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/customers/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        withoutCatalog: true,
        args: CUSTOMER_ID,
        handler: async ({ params }) => {
          const user = await store.users.findById(params.id);
          if (!user) throw invalidCustomerId();
          return shape(user);
        },
      }),
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_shop',
        forbidden: cannotEdit,
        withoutCatalog: true,
        args: { ...CUSTOMER_ID, ...WRITE_ARGS },
        handler: async ({ params }) => shape(await updateCustomer(store, params.id, params)),
      }),
    ],
  });
}
