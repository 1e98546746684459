/**
 * The widget renderer that the `[facet]` shortcode and the `facet/filter` block call: it filters the catalog by the
 * state in the page's URL and renders the element, with the shop's money format and the `/filter` address.
 */
import type { WidgetRenderer } from '../../shortcodes/widget-attributes.js';
import type { Config } from '../config.js';
import type { PageRenderContext } from '../site/render-context.js';
import type { Store } from '../store/store.js';
import { productDisplay } from '../catalog/product-display.js';
import { lowestPriceNotes } from '../catalog/lowest-price.js';
import type { FacetService } from './facet-service.js';
import { renderFacetWidget } from './render-widget.js';
import { widgetConfigurationProblems, widgetWarningHtml } from './widget-warnings.js';
import { facetSearchVariable, toQueryString } from '../../client/facet-filter/query-state.js';

/** The address of `/facet/v1/filter` (GET and POST), as the element asks it. */
export function filterEndpoint(config: Pick<Config, 'restRoot'>): string {
  // Site-relative, so that a shop reached under another host name (or behind a proxy) asks itself.
  return `${config.restRoot}/facet/v1/filter`;
}

/**
 * @example shortcodes.register(FACET_SHORTCODE_TAG, createFacetShortcode(createWidgetRenderer({ config, store, facets })));
 */
export function createWidgetRenderer(deps: { config: Config; store: Store; facets: FacetService }): WidgetRenderer<PageRenderContext> {
  return async (attributes, context, problems = []) => {
    const outcome = await deps.facets.answer(context.url.searchParams, attributes);
    // A facet's value search (sent by the form without JavaScript) is part of the page's address, after the state.
    const searches = new URLSearchParams(Object.entries(outcome.searches ?? {}).map(([facet, text]) => [facetSearchVariable(facet), text]));
    context.widgetQueries?.push([toQueryString(outcome.result.state, outcome.schema), searches.toString()].filter(Boolean).join('&'));
    const widget = await renderFacetWidget(outcome, {
      basePath: context.url.pathname,
      endpoint: filterEndpoint(deps.config),
      ...productDisplay(deps.store),
      lowestPrices: await lowestPriceNotes(deps.store, outcome.result.products),
      cartToken: context.formToken?.(),
    });
    if (!context.canEdit) return widget;
    const all = [...problems, ...widgetConfigurationProblems(attributes, deps.store.catalog.data, deps.facets.config())];
    return widgetWarningHtml(all) + widget;
  };
}
