/**
 * `wc/v3`'s term lists, as WooCommerce pages and searches them: `products/tags` and `products/brands` (the tags and
 * brands in use, with their product counts), `products/attributes` (the attributes the shop knows) and
 * `products/attributes/{id}/terms` (an attribute's terms in use). This shop keeps tags, brands and terms by name on
 * each product, so their id is 0 and a write names them (`tags: [{name}]`, `brands: [{name}]`, `attributes:
 * [{name, options}]`); an attribute's id is its place in the shop's list.
 */
import { namedTerms, type NamedTermKind } from '../catalog/named-terms.js';
import { paginate, type Page } from '../catalog/product-reads.js';
import { slugify } from '../catalog/model.js';
import type { ArgSchemas } from '../rest/args.js';
import { RestError } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import type { Store } from '../store/store.js';
import type { WcAttribute, WcNamedTerm } from '../../client/api/woocommerce.js';
import { NAMESPACE, PAGING } from './wc-product-routes.js';

const SEARCH = {
  search: { type: 'string', description: 'Limit results to those matching a string.', maxLength: 200 },
} as const satisfies ArgSchemas;

const pageResponse = <T>(page: Page<T>) =>
  new RestResponse(page.items, 200, { 'X-WP-Total': String(page.total), 'X-WP-TotalPages': String(page.totalPages) });

/** WooCommerce's answer for an attribute id it does not know. */
const invalidTaxonomy = () => new RestError('woocommerce_rest_taxonomy_invalid', 'Resource does not exist.', 404);

export function registerWcTermRoutes(registry: RestRegistry, deps: { store: Store }): void {
  const terms = (kind: NamedTermKind, params: { page: number; per_page: number; search?: string }) => {
    const page = paginate(
      namedTerms(deps.store.catalog.data.products, kind, params.search),
      params.page,
      params.per_page,
    );
    const items: WcNamedTerm[] = page.items.map((term) => ({
      id: 0,
      name: term.name,
      slug: slugify(term.name),
      count: term.count,
    }));
    return pageResponse({ ...page, items });
  };
  for (const kind of ['tags', 'brands'] as const) {
    registry.register({
      namespace: NAMESPACE,
      path: `/products/${kind}`,
      endpoints: [
        endpoint({
          methods: ['GET'],
          permission: 'manage_shop',
          args: { ...PAGING, ...SEARCH },
          handler: ({ params }) => terms(kind, params),
        }),
      ],
    });
  }

  registry.register({
    namespace: NAMESPACE,
    path: '/products/attributes',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        handler: (): WcAttribute[] =>
          deps.store.catalog.data.attributes.map((attribute, index) => ({
            id: index + 1,
            name: attribute.label,
            slug: `pa_${attribute.name}`,
            type: 'select',
            order_by: 'menu_order',
            has_archives: false,
          })),
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/products/attributes/(?P<attribute_id>[\\d]+)/terms',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: {
          attribute_id: {
            type: 'integer',
            description: 'Unique identifier for the attribute of the terms.',
            required: true,
          },
          ...PAGING,
          ...SEARCH,
        },
        handler: ({ params }) => {
          const attribute = deps.store.catalog.data.attributes[params.attribute_id - 1];
          if (!attribute) throw invalidTaxonomy();
          return terms({ attribute: attribute.name }, params);
        },
      }),
    ],
  });
}
