/**
 * The whole widget as HTML for a page: `<facet-filter>` rendered through Lit SSR (declarative shadow DOM with the
 * layout, slots and parts, hydratable in the browser) holding the four light-DOM regions, each filled by the same
 * server-only fragment templates that `/filter` answers. The element gets, as attributes, everything its requests
 * need, since property bindings do not survive server rendering.
 */
import { widgetMessages } from './widget-messages.js';
import { html } from '@lit-labs/ssr';
// The element must be registered before rendering, or Lit SSR would print an empty, unrendered tag.
import '../../../client/facet-filter/facet-filter.js';
import { schemaToAttribute } from '../../../client/facet-filter/widget-schema.js';
import { renderToString } from '../../html/render-html.js';
import { trustedHtml } from '../../html/trusted-html.js';
import type { FilterOutcome } from '../facet-service.js';
import { widgetQueryString } from '../filter/filter-cache.js';
import { facetsFormTag } from '../filter/held-fragments.js';
import { activeFilters } from '../fragments/active-filters.js';
import { FRAGMENT_TEMPLATES, type FragmentContext, type RegionName } from '../fragments/index.js';

export interface WidgetRenderContext extends FragmentContext {
  /** Address of `{REST_ROOT}/facet/v1/filter` (site-relative). */
  endpoint: string;
}

function regionTemplate(name: RegionName, fragment: string) {
  return html`<div slot=${name} data-region=${name} class="facet-filter__region facet-filter__region--${name}">${trustedHtml(fragment)}</div>`;
}

/**
 * Renders the widget for an outcome of `FacetService.filter`.
 *
 * @example
 * const outcome = facets.filter(url.searchParams, attributes);
 * const widgetHtml = await renderFacetWidget(outcome, { basePath: url.pathname, currency: 'PLN', locale: 'pl-PL',
 * endpoint });
 */
export function renderFacetWidget(outcome: FilterOutcome, context: WidgetRenderContext): Promise<string> {
  const names = Object.keys(FRAGMENT_TEMPLATES) as RegionName[];
  const fragments = names.map((name) => FRAGMENT_TEMPLATES[name](outcome, context).value);
  const regions = names.map((name, index) => regionTemplate(name, fragments[index]!));
  // The element names this form on its first page turn, and the answer then leaves it out (held-fragments.ts).
  const facetsEtag = facetsFormTag(fragments[names.indexOf('facets')]!);
  const widgetQuery = widgetQueryString(outcome.widget.attributes);
  // The GET address of this widget's answers; the element adds the state (filter-cache.ts: one address per state).
  const endpoint = widgetQuery ? `${context.endpoint}?${widgetQuery}` : context.endpoint;
  return renderToString(html`<facet-filter endpoint=${endpoint} widget=${JSON.stringify(outcome.widget.attributes)} cart-token=${context.cartToken ?? ''} data-facets_etag=${facetsEtag} active-filters=${activeFilters(outcome).length}
    found=${outcome.result.found} locale=${context.locale} messages=${JSON.stringify(widgetMessages(context.locale))}
    schema=${schemaToAttribute(outcome.schema)} ?filters-open=${Object.keys(outcome.searches ?? {}).length > 0}>${regions}</facet-filter>`);
}
