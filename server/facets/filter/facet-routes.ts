/**
 * The `facet/v1` namespace: public fragments for a filter state, and the shop manager's configuration, source
 * discovery and reindex. Thin: validation and work live in FacetService, parseFilterRequest and the fragments.
 */
import type {
  BlockChoices,
  FacetPreview,
  FacetSources,
  ReindexState,
  SavedFacetConfig,
} from '../../../client/api/facets.js';
import { invalidParams } from '../../rest/errors.js';
import type { RestRegistry } from '../../rest/registry.js';
import { RestResponse, endpoint } from '../../rest/route.js';
import type { FacetRouteDependencies, FilterRouteDependencies } from './route-dependencies.js';
import { parseFilterRequest } from './filter-request.js';
import { filterGetEndpoint } from './filter-get-endpoint.js';
import {
  encodedForVisitor,
  FilterAnswers,
  jsonWithVisitorToken,
  RESPONSE_FILTER,
  withVisitorToken,
} from './filter-answers.js';
import { discoverSources } from '../sources.js';

export type { FacetRouteDependencies, FilterRouteDependencies, Fragments } from './route-dependencies.js';

const NAMESPACE = 'facet/v1';

/** `POST /filter` and `GET /filter?…` (filter-get-endpoint.ts): public and read-only. */
export function registerFilterRoute(rest: RestRegistry, deps: FilterRouteDependencies & { address: string }): void {
  const answers = new FilterAnswers(deps);
  rest.register({
    namespace: NAMESPACE,
    path: '/filter',
    endpoints: [
      filterGetEndpoint(deps, answers),
      endpoint({
        methods: ['POST'],
        permission: 'public',
        // Products are read by id (FacetService.answer): a large catalog need not be loaded to answer.
        withoutCatalog: true,
        args: {
          query: {
            type: 'object',
            required: true,
            description: 'Filter-state variables (sf_<facet>, sf_q, sf_orderby, sf_paged) to string values.',
          },
          widget: {
            type: 'object',
            description: 'The widget attributes: facets, per_page, columns, category, orderby.',
          },
        },
        handler: async (request) => {
          const { query, widget } = parseFilterRequest(request.body);
          await deps.facets.ready();
          const answer = await answers.answer(query, widget, deps.facets.canonicalQuery(query, widget));
          const token = request.formToken();
          if (deps.hooks.hasFilter(RESPONSE_FILTER))
            return deps.hooks.applyFilters(RESPONSE_FILTER, withVisitorToken(answer.response, token), request);
          // Without a filter to apply, the answer's JSON with the visitor's token in it: nothing is serialized again.
          const { body, headers } = encodedForVisitor(
            jsonWithVisitorToken(answer, token),
            request.headers['accept-encoding'],
          );
          return new RestResponse(body, 200, headers);
        },
      }),
    ],
  });
}

/** Configuration, discovery, preview and reindex: `manage_shop` only. */
export function registerFacetAdminRoutes(rest: RestRegistry, deps: FilterRouteDependencies): void {
  rest.register({
    namespace: NAMESPACE,
    path: '/settings',
    endpoints: [
      { methods: ['GET'], permission: 'manage_shop', handler: () => deps.facets.config() },
      {
        methods: ['POST', 'PUT'],
        permission: 'manage_shop',
        requireJsonObject: true,
        handler: async (request) => {
          const saved = await deps.facets.saveConfig(request.body);
          if (!saved.ok) throw invalidParams(saved.errors);
          return { ...saved.config, job: saved.job } satisfies SavedFacetConfig;
        },
      },
    ],
  });

  // An extension for the admin: the widget's fragments for a configuration that is not saved (the same body as
  // POST /settings), so that a manager sees the effect before saving and reindexing.
  rest.register({
    namespace: NAMESPACE,
    path: '/preview',
    endpoints: [
      {
        methods: ['POST'],
        permission: 'manage_shop',
        requireJsonObject: true,
        handler: async (request) => {
          const preview = deps.facets.preview(request.body);
          if (!preview.ok) throw invalidParams(preview.errors);
          return {
            ...(await deps.renderFragments(preview.outcome, undefined)),
            found: preview.outcome.result.found,
          } satisfies FacetPreview;
        },
      },
    ],
  });

  rest.register({
    namespace: NAMESPACE,
    path: '/catalog',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'manage_shop',
        handler: (): FacetSources => discoverSources(deps.store.catalog.data),
      },
    ],
  });

  rest.register({
    namespace: NAMESPACE,
    path: '/reindex',
    endpoints: [
      // Starts a rebuild (or answers the running one) without waiting for it: 202, then read its progress by GET.
      {
        methods: ['POST'],
        permission: 'manage_shop',
        handler: () =>
          new RestResponse<ReindexState>({ job: deps.facets.jobs.start(), index: deps.facets.health() }, 202),
      },
      {
        methods: ['GET'],
        permission: 'manage_shop',
        handler: (): ReindexState => ({ job: deps.facets.jobs.current(), index: deps.facets.health() }),
      },
    ],
  });
}

/**
 * What the `facet/filter` block's sidebar offers: the configured facets (in their configured order) and the category
 * tree. Editors need it without `manage_shop`, and it reveals nothing a visitor cannot see on the shop pages.
 */
export function registerFacetChoicesRoute(rest: RestRegistry, deps: FacetRouteDependencies): void {
  rest.register({
    namespace: NAMESPACE,
    path: '/block-choices',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'edit_pages',
        handler: (): BlockChoices => ({
          facets: deps.facets.config().facets.map(({ name, label }) => ({ name, label })),
          categories: deps.store.catalog.data.categories.map(({ id, slug, name, parent }) => ({
            id,
            slug,
            name,
            parent,
          })),
        }),
      },
    ],
  });
}
