/** compliance/v1 `GET /search`: the public product search. */
import { invalidParams } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { endpoint } from '../rest/route.js';
import type { ComplianceDependencies } from './compliance-dependencies.js';
import { searchProducts } from './product-search.js';
import { withResponseFilter } from './response-filter.js';

export const SEARCH_LIMIT = { default: 8, maximum: 50 } as const;

export function registerSearchRoutes(rest: RestRegistry, { store, hooks, config }: ComplianceDependencies): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/search',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'public',
        args: {
          q: {
            type: 'string',
            description: 'Search phrase; case and diacritics are ignored.',
            required: true,
            minLength: 1,
            maxLength: 200,
          },
          limit: {
            type: 'integer',
            description: 'Maximum number of results.',
            default: SEARCH_LIMIT.default,
            minimum: 1,
            maximum: SEARCH_LIMIT.maximum,
          },
          cat: { type: 'integer', description: 'Category id; its subcategories are included.', minimum: 1 },
        },
        handler: withResponseFilter(hooks, 'search', async ({ params }) => {
          const { q } = params;
          // minLength lets "   " through; a phrase of only spaces asks for nothing.
          if (!q.trim()) throw invalidParams({ q: 'q must not be empty.' });
          return searchProducts(store, config, { q, limit: params.limit, cat: params.cat });
        }),
      }),
    ],
  });
}
