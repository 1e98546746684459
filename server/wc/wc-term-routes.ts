/**
 * `wc/v3`'s `products/tags` and `products/brands`: the tags and brands in use, with their product counts, paged and
 * searchable as WooCommerce's are. This shop keeps both by name on each product, so their id is 0 and a write names
 * them (`tags: [{name}]`, `brands: [{name}]`).
 */
import { namedTerms } from '../catalog/named-terms.js';
import { paginate } from '../catalog/product-reads.js';
import { slugify } from '../catalog/model.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import type { Store } from '../store/store.js';
import type { WcNamedTerm } from '../../client/api/woocommerce.js';
import { NAMESPACE, PAGING } from './wc-product-routes.js';

export function registerWcTermRoutes(registry: RestRegistry, deps: { store: Store }): void {
  for (const kind of ['tags', 'brands'] as const) {
    registry.register({
      namespace: NAMESPACE,
      path: `/products/${kind}`,
      endpoints: [endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: { ...PAGING, search: { type: 'string', description: 'Limit results to those matching a string.', maxLength: 200 } },
        handler: ({ params }) => {
          const page = paginate(namedTerms(deps.store.catalog.data.products, kind, params.search), params.page, params.per_page);
          const items: WcNamedTerm[] = page.items.map((term) => ({ id: 0, name: term.name, slug: slugify(term.name), count: term.count }));
          return new RestResponse(items, 200, { 'X-WP-Total': String(page.total), 'X-WP-TotalPages': String(page.totalPages) });
        },
      })],
    });
  }
}
