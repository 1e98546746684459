/**
 * `GET /facet/v1/facets/{name}/values`: a list facet's values matching a search, with counts under the filter state
 * in the query string (`sf_…`, disjunctive like the facet's own counts). Public and read-only like `/filter`: it tells
 * nothing the widget's "show more" would not. Its own file, beside `/filter`, so each stays small.
 */
import type { FacetValueSearchResponse } from '../../../client/api/facets.js';
import { MAX_FACET_SEARCH_LENGTH } from '../../../client/facet-filter/query-state.js';
import { invalidParams, RestError } from '../../rest/errors.js';
import type { RestRegistry } from '../../rest/registry.js';
import { endpoint } from '../../rest/route.js';
import type { FacetService } from '../facet-service.js';
import { storefrontLocale } from '../../i18n/chosen-language.js';
import type { Store } from '../../store/store.js';
import { matchingFacetValues } from './facet-value-search.js';

export function registerFacetValueRoute(rest: RestRegistry, deps: { facets: FacetService; store: Store }): void {
  rest.register({
    namespace: 'facet/v1',
    path: '/facets/(?P<name>[a-z0-9_]+)/values',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'public',
        // Counts come from the index; no product is read.
        withoutCatalog: true,
        args: {
          name: { type: 'string', required: true, description: 'The facet name.' },
          search: {
            type: 'string',
            maxLength: MAX_FACET_SEARCH_LENGTH,
            default: '',
            description: 'Text the value labels must contain, ignoring case and diacritics.',
          },
          category: { type: 'string', maxLength: 200, default: '', description: "The widget's base category slug." },
          page: {
            type: 'integer',
            minimum: 1,
            maximum: 100_000,
            default: 1,
            description: 'Current page of the values.',
          },
          per_page: { type: 'integer', minimum: 1, maximum: 100, default: 30, description: 'Values per page.' },
        },
        handler: async ({ params, query }): Promise<FacetValueSearchResponse> => {
          await deps.facets.ready();
          const definition = deps.facets.config().facets.find((facet) => facet.name === params.name);
          if (!definition) throw new RestError('facet_unknown_facet', 'No facet has this name.', 404);
          if (definition.type === 'range')
            throw invalidParams({ name: 'name must be a facet of values, not a range.' });
          // The filter state of the query string, every configured facet's selection applied (the widget's own).
          const outcome = deps.facets.filter(query, { category: params.category || undefined });
          const facet = outcome.result.facets.find((result) => result.definition.name === params.name);
          if (facet?.kind !== 'list') throw new RestError('facet_unknown_facet', 'No facet has this name.', 404);
          const matches = matchingFacetValues(
            facet,
            params.search,
            storefrontLocale(deps.store.site.data.settings.general.locale),
          );
          const start = (params.page - 1) * params.per_page;
          return { values: matches.slice(start, start + params.per_page), total: matches.length };
        },
      }),
    ],
  });
}
