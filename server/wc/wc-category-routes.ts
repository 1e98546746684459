/**
 * `wc/v3/products/categories` writes and one category: create (201 and a Location), read, update, delete
 * (`force=true`, as terms have no trash) and the batch, in WooCommerce's shape and codes. Thin: wc-categories.ts
 * changes the catalog; the list is with the products' reads (wc-product-routes.ts).
 */
import type { Config } from '../config.js';
import { categoriesWithCounts } from '../catalog/product-reads.js';
import type { ArgSchemas } from '../rest/args.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import type { Store } from '../store/store.js';
import { batchCategories, categoryInputOf, inCategoryDraft, wcCategory } from './wc-categories.js';
import {
  cannotBatch,
  cannotCreate,
  cannotDelete,
  cannotEdit,
  invalidCategoryId,
  termTrashNotSupported,
} from './wc-errors.js';
import { NAMESPACE } from './wc-product-routes.js';
import { batchRequestOf } from './wc-product-writes.js';

const CATEGORY_ID = {
  id: { type: 'integer', description: 'Unique identifier for the resource.', required: true },
} as const satisfies ArgSchemas;
const BODY_ARGS = {
  name: { type: 'string', description: 'Name for the resource.' },
  slug: { type: 'string', description: 'An alphanumeric identifier for the resource unique to its type.' },
  parent: { type: 'integer', description: 'The ID for the parent of the resource.' },
} as const satisfies ArgSchemas;

export function registerWcCategoryRoutes(
  registry: RestRegistry,
  { store, config }: { store: Store; config: Pick<Config, 'siteUrl' | 'restRoot'> },
): void {
  const base = `${config.siteUrl}${config.restRoot}/${NAMESPACE}/products/categories`;

  registry.register({
    namespace: NAMESPACE,
    path: '/products/categories',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        forbidden: cannotCreate,
        args: { ...BODY_ARGS, name: { ...BODY_ARGS.name, required: true } },
        handler: async ({ body }) => {
          const input = categoryInputOf(body);
          const category = await inCategoryDraft(store, (draft) => draft.create(input));
          return new RestResponse(wcCategory(category, 0), 201, { Location: `${base}/${category.id}` });
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/products/categories/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: CATEGORY_ID,
        handler: ({ params }) => {
          const category = categoriesWithCounts(store).find((candidate) => candidate.id === params.id);
          if (!category) throw invalidCategoryId();
          return wcCategory(category, category.count);
        },
      }),
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_shop',
        forbidden: cannotEdit,
        args: { ...CATEGORY_ID, ...BODY_ARGS },
        handler: async ({ params, body }) => {
          const input = categoryInputOf(body ?? {});
          return inCategoryDraft(store, (draft) => wcCategory(draft.update(params.id, input), draft.count(params.id)));
        },
      }),
      endpoint({
        methods: ['DELETE'],
        permission: 'manage_shop',
        forbidden: cannotDelete,
        args: {
          ...CATEGORY_ID,
          force: {
            type: 'boolean',
            description: 'Required to be true, as resource does not support trashing.',
            default: false,
          },
        },
        handler: async ({ params }) =>
          inCategoryDraft(store, (draft) => {
            // The id is checked first, so an unknown category is a 404 whether or not `force` was sent.
            draft.find(params.id);
            if (!params.force) throw termTrashNotSupported();
            const { category, count } = draft.delete(params.id);
            return wcCategory(category, count);
          }),
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/products/categories/batch',
    endpoints: [
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_shop',
        forbidden: cannotBatch,
        handler: async ({ body }) => batchCategories(store, batchRequestOf(body)),
      }),
    ],
  });
}
