/** What a block render or shortcode handler knows about the request whose page it renders. */
export interface PageRenderContext {
  /** The page's own URL, with the filter state in its query string. */
  url: URL;
  /** Each widget rendered adds the canonical `sf_…` query of the state it applied (for the page's redirect). */
  widgetQueries?: string[];
  /** The viewer may edit pages: widgets then show warnings about their own attributes. */
  canEdit?: boolean;
  /** The CSRF token for forms in the page (add to cart on product cards); absent in previews, which get no forms. */
  formToken?: () => string;
  /**
   * Takes bytes the page's response writes as they are, and answers the marker that stands in the page's HTML in
   * their place (http/held-bytes.ts); absent where the HTML is used as a string (the REST API's rendered content).
   */
  holdBytes?: (bytes: Buffer[]) => string;
}
