/**
 * What crawlers may index of the widget's states. Every combination of filters, sorts, searches and
 * pages is an address, and a catalog with a dozen facets has more of them than any crawl budget: a crawler that
 * follows them all fetches the same products a million times over. So:
 * - a listing is worth indexing with at most one filter value (a category, a brand, a colour), unsorted, unsearched,
 *   on its first page: `/shop?sf_color=navy`. Every product is reachable from the sitemap, so crawlers need no
 *   pagination to find them;
 * - sorted, searched, paged, price-ranged and stacked states (two filter values or more) are disallowed in robots.txt
 *   and, if reached anyway, say `noindex,follow`; every listing names its canonical address.
 * - a list facet's own value search (`sf_brand_search=acm`) shows the same products as its listing, only
 *   another list of brands: disallowed, `noindex,follow`, and its canonical address is the listing without it;
 * robots.txt's patterns rely on canonical addresses (facets in configuration order, values sorted, then `sf_q`,
 * `sf_orderby`, `sf_paged`): other spellings are redirected to them before anything is shown.
 * @internal
 */
import { FACET_PREFIX, FACET_SEARCH_SUFFIX, facetSearchVariable } from '../../../client/facet-filter/query-state.js';
import type { FacetConfig } from '../config.js';

/** The paths no crawler has business with: carts, accounts, the admin, and the API (GET /filter answers JSON). */
const PRIVATE_PATHS = [
  '/admin',
  '/cart',
  '/checkout',
  '/account',
  '/order-received/',
  '/login',
  '/register',
  '/withdraw',
  '/report-content',
];
const RESERVED = new Set(['q', 'orderby', 'paged']);

/**
 * robots.txt for the configuration: `restRoot` is the API's path, `siteUrl` the absolute base of the sitemap,
 * `languagePrefixes` the path prefixes of the languages the storefront offers besides its own (`/de`): their private
 * paths are as private. The filter patterns start with a wildcard, so they hold in every language already.
 */
export function robotsTxt(
  config: FacetConfig,
  restRoot: string,
  siteUrl: string,
  languagePrefixes: readonly string[] = [],
): string {
  const variable = (name: string) => `/*?*${FACET_PREFIX}${name}=`;
  const lists = config.facets.filter((facet) => facet.type !== 'range');
  const lines = [
    '# Made by Vitrine from the facet configuration. Listings may be crawled with one filter value at most, on their',
    '# first page; sorted, searched, paged, price-ranged and stacked (two filter values or more) listings may not.',
    '# Every product is in the sitemap.',
    'User-agent: *',
    ...['', ...languagePrefixes].flatMap((prefix) => [
      ...PRIVATE_PATHS.map((path) => `Disallow: ${prefix}${path}`),
      `Disallow: ${prefix}${restRoot}/`,
    ]),
    'Disallow: /*?rest_route=',
    `Disallow: ${variable('orderby')}`,
    `Disallow: ${variable('q')}`,
    `Disallow: ${variable('paged')}`,
    ...config.facets.filter((facet) => facet.type === 'range').map((facet) => `Disallow: ${variable(facet.name)}`),
    ...lists.map((facet) => `Disallow: /*?*${facetSearchVariable(facet.name)}=`),
    // Two values of one facet: a comma after its name (canonical values are comma-separated, commas never encoded).
    ...lists.map((facet) => `Disallow: ${variable(facet.name)}*,`),
    // Two facets: in canonical order, a later facet after an earlier one.
    ...lists.flatMap((facet, index) =>
      lists.slice(index + 1).map((later) => `Disallow: ${variable(facet.name)}*&${FACET_PREFIX}${later.name}=`),
    ),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ];
  return lines.join('\n');
}

/**
 * Whether a widget state (its canonical query string, as the widget applied it) is a listing worth indexing: at most
 * one value of a list facet, nothing else. `rangeNames` are the configuration's range facets.
 */
export function isIndexableState(canonicalQuery: string, rangeNames: ReadonlySet<string>): boolean {
  let values = 0;
  for (const [name, value] of new URLSearchParams(canonicalQuery)) {
    if (!name.startsWith(FACET_PREFIX)) continue;
    const facet = name.slice(FACET_PREFIX.length);
    // A facet's value search: configured names never end in `_search` (config.ts refuses them).
    if (RESERVED.has(facet) || rangeNames.has(facet) || facet.endsWith(FACET_SEARCH_SUFFIX)) return false;
    values += value.split(',').length;
  }
  return values <= 1;
}

/** The range facets of a configuration, for {@link isIndexableState}. */
export function rangeFacetNames(config: FacetConfig): Set<string> {
  return new Set(config.facets.filter((facet) => facet.type === 'range').map((facet) => facet.name));
}

/** A widget's query string without its facets' value searches: the address of the listing they narrow the lists of. */
export function withoutFacetSearches(query: string): string {
  return query
    .split('&')
    .filter((pair) => !(pair.startsWith(FACET_PREFIX) && pair.split('=')[0]!.endsWith(FACET_SEARCH_SUFFIX)))
    .join('&');
}
