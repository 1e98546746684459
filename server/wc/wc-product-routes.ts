/**
 * `wc/v3`: the WooCommerce-compatible products API, reading part (writes: wc-product-write-routes.ts), for ERP and PIM
 * connectors written for WooCommerce. Thin: arguments are declared (and so validated and listed in the discovery
 * index), the catalog services answer, woo-product-json.ts shapes. Lists carry WooCommerce's `X-WP-Total` /
 * `X-WP-TotalPages`.
 */
import {
  categoriesWithCounts,
  findProduct,
  findVariation,
  listProducts,
  paginate,
  type Page,
} from '../catalog/product-reads.js';
import { variationsOf } from '../catalog/model.js';
import { PRODUCT_STATUSES } from '../catalog/public-catalog.js';
import { wooProduct, wooVariation } from '../catalog/woo-product-json.js';
import type { Config } from '../config.js';
import type { ArgSchemas } from '../rest/args.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import type { Store } from '../store/store.js';
import { invalidProductId, invalidVariationId } from './wc-errors.js';
import { itemIdsOf, shapeContext } from './wc-shape.js';

export const NAMESPACE = 'wc/v3';
export const PAGING = {
  page: { type: 'integer', description: 'Current page of the collection.', minimum: 1, default: 1 },
  per_page: {
    type: 'integer',
    description: 'Maximum number of items to be returned in result set.',
    minimum: 1,
    maximum: 100,
    default: 10,
  },
} as const satisfies ArgSchemas;
export const PRODUCT_ID = {
  id: { type: 'integer', description: 'Unique identifier for the resource.', required: true },
} as const satisfies ArgSchemas;
export const PARENT_ID = {
  product_id: { type: 'integer', description: 'Unique identifier for the variable product.', required: true },
} as const satisfies ArgSchemas;

/** A page in WooCommerce's answer: the items, and the totals in headers. */
function pageResponse<T, I>(page: Page<T>, items: I[]): RestResponse<I[]> {
  return new RestResponse(items, 200, { 'X-WP-Total': String(page.total), 'X-WP-TotalPages': String(page.totalPages) });
}

const invalidProduct = () => invalidProductId(404);
const invalidVariation = () => invalidVariationId(404);

export function registerWcProductRoutes(
  registry: RestRegistry,
  deps: { store: Store; config: Pick<Config, 'siteUrl'> },
): void {
  const { store } = deps;
  const context = (itemIds: number[]) => shapeContext(deps, itemIds);

  registry.register({
    namespace: NAMESPACE,
    path: '/products',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: {
          ...PAGING,
          search: { type: 'string', description: 'Limit results to those matching a string.' },
          sku: { type: 'string', description: 'Limit result set to products with a specific SKU.' },
          status: {
            type: 'string',
            description: 'Limit result set to products assigned a specific status.',
            enum: ['any', ...PRODUCT_STATUSES],
            default: 'any',
          },
          type: {
            type: 'string',
            description: 'Limit result set to products assigned a specific type.',
            enum: ['simple', 'variable'],
          },
          // WooCommerce's filters that the admin's product list needs; a category includes its subcategories, as
          // WP_Query's tax_query does.
          category: {
            type: 'string',
            description: 'Limit result set to products assigned a specific category ID (or several, comma-separated).',
            pattern: '^\\d+(,\\d+)*$',
          },
          stock_status: {
            type: 'string',
            description: 'Limit result set to products with specified stock status.',
            enum: ['instock', 'outofstock', 'onbackorder'],
          },
          on_sale: { type: 'boolean', description: 'Limit result set to products on sale.' },
        },
        handler: async ({ params }) => {
          const page = listProducts(store, {
            page: params.page,
            perPage: params.per_page,
            search: params.search,
            sku: params.sku,
            status: params.status,
            type: params.type,
            category: params.category?.split(',').map(Number),
            stockStatus: params.stock_status,
            onSale: params.on_sale,
          });
          const shape = await context(itemIdsOf(page.items));
          return pageResponse(
            page,
            page.items.map((product) => wooProduct(product, shape)),
          );
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/products/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: PRODUCT_ID,
        handler: async ({ params }) => {
          const product = findProduct(store, params.id);
          if (!product) throw invalidProduct();
          return wooProduct(product, await context([product.id]));
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/products/(?P<product_id>[\\d]+)/variations',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: { ...PARENT_ID, ...PAGING },
        handler: async ({ params }) => {
          const product = findProduct(store, params.product_id);
          if (!product) throw invalidProduct();
          const page = paginate(variationsOf(product), params.page, params.per_page);
          const shape = await context(page.items.map((variation) => variation.id));
          return pageResponse(
            page,
            page.items.map((variation) => wooVariation(product, variation, shape)),
          );
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/products/(?P<product_id>[\\d]+)/variations/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: { ...PARENT_ID, ...PRODUCT_ID },
        handler: async ({ params }) => {
          const product = findProduct(store, params.product_id);
          if (!product) throw invalidProduct();
          const variation = findVariation(product, params.id);
          if (!variation) throw invalidVariation();
          return wooVariation(product, variation, await context([variation.id]));
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/products/categories',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: PAGING,
        handler: ({ params }) => {
          const page = paginate(categoriesWithCounts(store), params.page, params.per_page);
          return pageResponse(
            page,
            page.items.map((category) => ({
              id: category.id,
              name: category.name,
              slug: category.slug,
              parent: category.parent,
              description: '',
              display: 'default',
              image: null,
              menu_order: 0,
              count: category.count,
            })),
          );
        },
      }),
    ],
  });
}
