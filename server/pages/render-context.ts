/** What a block render or shortcode handler knows about the request whose page it renders. */
export interface PageRenderContext {
  /** The page's own URL, with the filter state in its query string. */
  url: URL;
}
