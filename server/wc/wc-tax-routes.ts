/**
 * `wc/v3/taxes` (list with `?country=` and `?class=`, create, read, update, delete) and `wc/v3/taxes/classes` (list,
 * create, delete), in WooCommerce's shapes and codes. Thin: wc-taxes.ts checks and changes; a bad write is one 400
 * and changes nothing (the change throws inside the store's update, which discards it).
 */
import type { ArgSchemas } from '../rest/args.js';
import type { RestRegistry } from '../rest/registry.js';
import { endpoint, RestResponse } from '../rest/route.js';
import type { Store } from '../store/store.js';
import { cannotCreate, cannotDelete, cannotEdit, cannotView } from './wc-errors.js';
import { NAMESPACE } from './wc-product-routes.js';
import {
  createTaxClass,
  createTaxRate,
  deleteTaxClass,
  deleteTaxRate,
  invalidTaxRateId,
  sortedRates,
  TAX_RATE_ARGS,
  updateTaxRate,
  wcTaxClass,
  wcTaxRate,
} from './wc-taxes.js';

const RATE_ID = {
  id: { type: 'integer', description: 'Unique identifier for the resource.', required: true },
} as const;
const FORCE = {
  force: {
    type: 'boolean',
    description: 'Required to be true, as resource does not support trashing.',
    default: false,
  },
} as const satisfies ArgSchemas;
const LIST_ARGS = {
  page: { type: 'integer', description: 'Current page of the collection.', default: 1, minimum: 1 },
  per_page: {
    type: 'integer',
    description: 'Maximum number of items to be returned.',
    default: 10,
    minimum: 1,
    maximum: 100,
  },
  offset: { type: 'integer', description: 'Offset the result set by a specific number of items.', minimum: 0 },
  order: {
    type: 'string',
    description: 'Order sort attribute ascending or descending.',
    enum: ['asc', 'desc'],
    default: 'asc',
  },
  orderby: {
    type: 'string',
    description: 'Sort collection by object attribute.',
    enum: ['id', 'order', 'priority'],
    default: 'order',
  },
  class: { type: 'string', description: 'Sort by tax class.', maxLength: 200 },
  country: { type: 'string', description: 'Limit result set to rates of this country.', maxLength: 2 },
} as const satisfies ArgSchemas;

export function registerWcTaxRoutes(registry: RestRegistry, { store }: { store: Store }): void {
  const taxes = () => store.site.data.taxes;
  const write = <T>(change: (draft: ReturnType<typeof taxes>) => T) =>
    store.site.update((draft) => change(draft.taxes));
  const shared = { permission: 'manage_shop', withoutCatalog: true } as const;

  registry.register({
    namespace: NAMESPACE,
    path: '/taxes',
    endpoints: [
      endpoint({
        ...shared,
        methods: ['GET'],
        forbidden: cannotView,
        args: LIST_ARGS,
        handler: ({ params }) => {
          const country = params.country?.toUpperCase();
          // WooCommerce names the standard class `standard` here, and products name it ''.
          const wanted = params.class === '' ? 'standard' : params.class;
          const matching = taxes().rates.filter(
            (rate) => (wanted === undefined || rate.class === wanted) && (!country || rate.country === country),
          );
          const sorted = sortedRates(matching, params.orderby, params.order === 'desc');
          const start = params.offset ?? (params.page - 1) * params.per_page;
          return new RestResponse(sorted.slice(start, start + params.per_page).map(wcTaxRate), 200, {
            'X-WP-Total': String(sorted.length),
            'X-WP-TotalPages': String(Math.ceil(sorted.length / params.per_page)),
          });
        },
      }),
      endpoint({
        ...shared,
        methods: ['POST'],
        forbidden: cannotCreate,
        args: TAX_RATE_ARGS,
        rejectUnknownFields: true,
        readOnlyFields: ['id'],
        handler: async ({ params }) =>
          new RestResponse(wcTaxRate(await write((draft) => createTaxRate(draft, params))), 201),
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/taxes/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        ...shared,
        methods: ['GET'],
        forbidden: cannotView,
        args: RATE_ID,
        handler: ({ params }) => {
          const rate = taxes().rates.find((candidate) => candidate.id === params.id);
          if (!rate) throw invalidTaxRateId();
          return wcTaxRate(rate);
        },
      }),
      endpoint({
        ...shared,
        methods: ['POST', 'PUT', 'PATCH'],
        forbidden: cannotEdit,
        args: { ...RATE_ID, ...TAX_RATE_ARGS },
        rejectUnknownFields: true,
        handler: async ({ params }) => {
          const { id, ...fields } = params;
          return wcTaxRate(await write((draft) => updateTaxRate(draft, id, fields)));
        },
      }),
      endpoint({
        ...shared,
        methods: ['DELETE'],
        forbidden: cannotDelete,
        args: { ...RATE_ID, ...FORCE },
        handler: async ({ params }) => wcTaxRate(await write((draft) => deleteTaxRate(draft, params.id, params.force))),
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/taxes/classes',
    endpoints: [
      endpoint({ ...shared, methods: ['GET'], forbidden: cannotView, handler: () => taxes().classes.map(wcTaxClass) }),
      endpoint({
        ...shared,
        methods: ['POST'],
        forbidden: cannotCreate,
        args: {
          name: { type: 'string', description: 'Tax class name.', required: true, minLength: 1, maxLength: 200 },
        },
        rejectUnknownFields: true,
        readOnlyFields: ['slug'],
        handler: async ({ params }) =>
          new RestResponse(wcTaxClass(await write((draft) => createTaxClass(draft, params.name))), 201),
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/taxes/classes/(?P<slug>[\\w-]+)',
    endpoints: [
      endpoint({
        ...shared,
        methods: ['DELETE'],
        forbidden: cannotDelete,
        args: { slug: { type: 'string', description: 'Unique slug for the resource.', required: true }, ...FORCE },
        handler: async ({ params }) =>
          wcTaxClass(await write((draft) => deleteTaxClass(draft, params.slug, params.force))),
      }),
    ],
  });
}
