/**
 * The widget's four HTML fragments, built as strings (server/html/safe-html.ts: escaped like Lit's server-only
 * templates, without their cost per part; no hydration markers: the browser swaps them in as plain markup).
 * `/filter` answers them as strings; the page render embeds the same markup in the `<facet-filter>` element's light
 * DOM, so both paths produce identical regions.
 */
import type { FilterOutcome } from '../facet-service.js';
import { facetsTemplate } from './facets-fragment.js';
import type { FragmentContext } from './fragment-context.js';
import { paginationTemplate } from './pagination-fragment.js';
import { resultsTemplate } from './results-fragment.js';
import { toolbarTemplate } from './toolbar-fragment.js';
import { chosenLanguagePrefix, localizeLinks } from '../../site/storefront-languages.js';

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
  // In the visitor's language, the site links (product pages, add-to-cart forms) stay in it.
  const prefix = chosenLanguagePrefix();
  return {
    facets_html: localizeLinks(facetsTemplate(outcome, context).value, prefix),
    toolbar_html: localizeLinks(toolbarTemplate(outcome, context).value, prefix),
    results_html: localizeLinks(resultsTemplate(outcome, context).value, prefix),
    pagination_html: localizeLinks(paginationTemplate(outcome, context).value, prefix),
  };
}
