/**
 * The `facet/v1` namespace: public fragments for a filter state, and the shop manager's configuration, source
 * discovery and reindex. Thin: validation and work live in FacetService, parseFilterRequest and the fragments.
 */
import type { BlockChoices, FacetPreview, FacetSources, FilterResponse, ReindexState, SavedFacetConfig } from '../../client/api/facets.js';
import { toQueryRecord } from '../../client/facet-filter/query-state.js';
import type { Hooks } from '../hooks/hooks.js';
import { invalidParams } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint, type RestRequest } from '../rest/route.js';
import type { Store } from '../store/store.js';
import type { FacetService, FilterOutcome } from './facet-service.js';
import { parseFilterRequest } from './filter-request.js';
import { discoverSources } from './sources.js';

export interface Fragments {
  facets_html: string;
  toolbar_html: string;
  results_html: string;
  pagination_html: string;
}

export interface FacetRouteDependencies {
  store: Store;
  hooks: Hooks;
  facets: FacetService;
}

export interface FilterRouteDependencies extends FacetRouteDependencies {
  /** Renders the four regions; links are relative (`?sf_...`), so they resolve against the page that asked. */
  renderFragments(outcome: FilterOutcome, request: RestRequest): Promise<Fragments>;
}

const NAMESPACE = 'facet/v1';

/** `POST /filter`: public and read-only. */
export function registerFilterRoute(rest: RestRegistry, deps: FilterRouteDependencies): void {
  rest.register({
    namespace: NAMESPACE,
    path: '/filter',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: 'public',
        args: {
          query: { type: 'object', required: true, description: 'Filter-state variables (sf_<facet>, sf_q, sf_orderby, sf_paged) to string values.' },
          widget: { type: 'object', description: 'The widget attributes: facets, per_page, columns, category, orderby.' },
        },
        handler: async (request) => {
          const { query, widget } = parseFilterRequest(request.body);
          const outcome = await deps.facets.answer(query, widget);
          const response: FilterResponse = {
            ...(await deps.renderFragments(outcome, request)),
            found: outcome.result.found,
            page: outcome.result.page,
            pages: outcome.result.pages,
            query: toQueryRecord(outcome.result.state, outcome.schema),
          };
          return deps.hooks.applyFilters('facet/rest/filter_response', response, request);
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
          return { ...(await deps.renderFragments(preview.outcome, request)), found: preview.outcome.result.found } satisfies FacetPreview;
        },
      },
    ],
  });

  rest.register({
    namespace: NAMESPACE,
    path: '/catalog',
    endpoints: [{ methods: ['GET'], permission: 'manage_shop', handler: (): FacetSources => discoverSources(deps.store.catalog.data) }],
  });

  rest.register({
    namespace: NAMESPACE,
    path: '/reindex',
    endpoints: [
      // Starts a rebuild (or answers the running one) without waiting for it: 202, then read its progress by GET.
      { methods: ['POST'], permission: 'manage_shop', handler: () => new RestResponse<ReindexState>({ job: deps.facets.jobs.start(), index: deps.facets.health() }, 202) },
      { methods: ['GET'], permission: 'manage_shop', handler: (): ReindexState => ({ job: deps.facets.jobs.current(), index: deps.facets.health() }) },
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
          categories: deps.store.catalog.data.categories.map(({ id, slug, name, parent }) => ({ id, slug, name, parent })),
        }),
      },
    ],
  });
}
