/**
 * What a page with the filter widget tells crawlers: its canonical address (the state its widget
 * applied, nothing else: no campaign tags) and, for a state not worth indexing, `noindex,follow`
 * (server/facets/widget/crawl-rules.ts says which).
 */
import type { FacetConfig } from '../facets/config.js';
import { isIndexableState, rangeFacetNames, withoutFacetSearches } from '../facets/widget/crawl-rules.js';
import type { PageInput } from '../site/page-chrome.js';

/**
 * @param url the requested address (already canonical: pages redirect other spellings first)
 * @param widgetQueries the canonical query string of each widget the page rendered; a page with one widget only is
 *   the widget's listing
 */
export function crawlHints(
  url: URL,
  widgetQueries: readonly string[] | undefined,
  config: FacetConfig,
  siteUrl: string,
): Pick<PageInput, 'robots' | 'canonicalUrl'> {
  if (widgetQueries?.length !== 1) return {};
  const query = widgetQueries[0]!;
  // A facet's value search narrows a list of values, not the products: the listing without it is the canonical page.
  const listing = withoutFacetSearches(query);
  return {
    canonicalUrl: `${siteUrl}${url.pathname}${listing ? `?${listing}` : ''}`,
    robots: isIndexableState(query, rangeFacetNames(config)) ? undefined : 'noindex,follow',
  };
}
