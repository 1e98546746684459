/**
 * The language switch's links (server/site/layout.ts) lead to the page as the server rendered it; once the filter
 * widget has put another state in the address (history.pushState), a link taken carries that state along, so that
 * the shopper reads the same products in the other language. Without JavaScript the page's address is the state and
 * the links already carry it.
 */
addEventListener('click', (event) => {
  // Only the switch's links name a language (their text is the target: they hold no element). As short as this for
  // the storefront's script budget.
  const link = event.target as HTMLAnchorElement;
  if (link.hreflang) link.search = location.search;
});
