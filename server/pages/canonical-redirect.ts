/**
 * Where a shop page with filter variables should send the browser instead: the canonical address of the state its
 * widget applied. A page number past the last page, and the empty `sf_q=&sf_price_min=` that a form sends without
 * JavaScript, would otherwise live on as second addresses of one page.
 */

/**
 * @param url the requested address
 * @param widgetQueries the canonical `sf_…` query string of each widget the page rendered
 * @returns a site-relative address to redirect to, or null when the request is already canonical
 * @example canonicalRedirect(new URL('https://s/shop?sf_q=&sf_paged=99'), ['sf_paged=13']) // '/shop?sf_paged=13'
 */
export function canonicalRedirect(url: URL, widgetQueries: readonly string[] | undefined): string | null {
  // With two widgets on a page, neither owns the address; with none, the variables are not ours.
  if (widgetQueries?.length !== 1) return null;
  const isFilterVariable = ([name]: [string, string]) => name.startsWith('sf_');
  const requested = [...url.searchParams].filter(isFilterVariable);
  if (requested.length === 0) return null;
  const canonical = new URLSearchParams(widgetQueries[0]);
  if (new URLSearchParams(requested).toString() === canonical.toString()) return null;
  // Other variables (campaign tags, a preview flag) are kept, in front of the filter state.
  const query = new URLSearchParams([
    ...[...url.searchParams].filter((entry) => !isFilterVariable(entry)),
    ...canonical,
  ]).toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}
