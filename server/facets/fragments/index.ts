/**
 * The widget's four HTML fragments, rendered with Lit's server-only templates (no hydration markers: the browser
 * swaps them in as plain markup). `/filter` answers them as strings; the page render embeds the same templates in
 * the `<facet-filter>` element's light DOM, so both paths produce identical regions.
 */
import { nothing } from 'lit';
import { renderToString } from '../../html/render-html.js';
import type { FilterOutcome } from '../facet-service.js';
import { facetsTemplate } from './facets-fragment.js';
import type { FragmentContext } from './fragment-context.js';
import { paginationTemplate } from './pagination-fragment.js';
import { resultsTemplate } from './results-fragment.js';
import { toolbarTemplate } from './toolbar-fragment.js';

export { facetsTemplate, paginationTemplate, resultsTemplate, toolbarTemplate };
export { stateHref, type FragmentContext } from './fragment-context.js';
export { foundText } from './toolbar-fragment.js';

export interface RenderedFragments {
  facets_html: string;
  toolbar_html: string;
  results_html: string;
  pagination_html: string;
}

/** The four regions by name, in the order the widget lays them out. */
export const FRAGMENT_TEMPLATES = {
  facets: facetsTemplate,
  toolbar: toolbarTemplate,
  results: resultsTemplate,
  pagination: paginationTemplate,
} as const;

export type RegionName = keyof typeof FRAGMENT_TEMPLATES;

/**
 * Renders the four fragments of a filter outcome.
 *
 * @example
 * const outcome = container.get('facets').filter(body.query, body.widget ?? {});
 * const fragments = await renderFragments(outcome, { basePath: '/shop', currency: 'PLN', locale: 'pl-PL' });
 */
export async function renderFragments(outcome: FilterOutcome, context: FragmentContext): Promise<RenderedFragments> {
  const [facets_html, toolbar_html, results_html, pagination_html] = await Promise.all([
    renderRegion(facetsTemplate(outcome, context)),
    renderRegion(toolbarTemplate(outcome, context)),
    renderRegion(resultsTemplate(outcome, context)),
    renderRegion(paginationTemplate(outcome, context)),
  ]);
  return { facets_html, toolbar_html, results_html, pagination_html };
}

/** A region as a string; a region with nothing to show is empty (Lit would mark an empty part at the top). */
function renderRegion(template: unknown): Promise<string> | string {
  return template === nothing ? '' : renderToString(template);
}
