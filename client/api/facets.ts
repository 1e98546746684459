/**
 * `facet/v1`: the widget's configuration and its sources, the reindex job and the index's health (manage_shop), the
 * block's choices (edit_pages), and the public `/filter` that the storefront's element calls.
 */

export const FACET_TYPES = ['checkboxes', 'radio', 'dropdown', 'range', 'rating', 'toggle', 'hierarchy'] as const;
export type FacetType = (typeof FACET_TYPES)[number];
/** How several selected values combine: any of them, or all. */
export const FACET_LOGICS = ['or', 'and'] as const;
export type FacetLogic = (typeof FACET_LOGICS)[number];
/** Facet types where a shopper can pick several values: the only ones where "all of" (`and`) logic means something. */
export const MULTI_SELECT_TYPES: readonly FacetType[] = ['checkboxes', 'hierarchy'];
/**
 * How a facet's values are listed: most products first, alphabetically (numbers by value: 36 before 100), or in the
 * facet's own `custom_order` (sizes: XS, S, M, L, XL), values it does not name following alphabetically.
 */
export const FACET_VALUE_ORDERS = ['count', 'name', 'custom'] as const;
export type FacetValueOrder = (typeof FACET_VALUE_ORDERS)[number];
export const ORDERBY_OPTIONS = ['relevance', 'popularity', 'rating', 'date', 'price', 'price-desc'] as const;
export type Orderby = (typeof ORDERBY_OPTIONS)[number];

export interface FacetDefinition {
  /** `[a-z0-9_]+`; the URL variable is `sf_<name>`. */
  name: string;
  label: string;
  type: FacetType;
  /** e.g. `taxonomy:category`, `attribute:color`, `field:price`. */
  source: string;
  logic: FacetLogic;
  show_counts: boolean;
  /** Leave out values with no result under the current selection. */
  hide_empty: boolean;
  order: FacetValueOrder;
  /** With order `custom`: the values in the order to show them, e.g. `["XS", "S", "M"]`. */
  custom_order?: string[];
  /** Values shown before "show more"; 0 shows all. */
  limit: number;
  /** With source `field:new`: how many days after it is published a product counts as new (1-365, default 30). */
  new_days?: number;
  /** Attribute facets of checkboxes or radio buttons: each value as a colour swatch (the name stays readable). */
  swatches?: boolean;
  /**
   * A swatch colour per value slug (`#rrggbb`), over the defaults for common colour names (English, Polish, German).
   */
  colors?: Record<string, string>;
}

/** `GET /settings`, and the body of `POST /settings` and `POST /preview`. */
export interface FacetConfig {
  facets: FacetDefinition[];
  per_page: number;
  columns: number;
  orderby_options: Orderby[];
  default_orderby: Orderby;
}

/** One entry of `GET /catalog`: a source a facet can take its values from. */
export interface FacetSource {
  source: string;
  label: string;
  kind: 'term' | 'number' | 'boolean';
  /** The facet types that fit it. */
  types: FacetType[];
  /** Distinct values (2 for a boolean). */
  values: number;
  /** Products that have a value. */
  products: number;
  /** Up to five of the most common values. */
  sample: string[];
  /** Numeric sources with values only. */
  min?: number;
  max?: number;
  /**
   * Attribute sources only: their values by name (at most {@link MAX_LISTED_TERMS}), each with its slug and the default
   * swatch colour of its name (null when the name is not a common colour), for the configurator's swatch colours.
   */
  terms?: { name: string; slug: string; default_color: string | null }[];
}

/** How many of an attribute's values `GET /catalog` lists in `terms`. */
export const MAX_LISTED_TERMS = 200;

export interface FacetSources {
  sources: FacetSource[];
}

/** What an index holds and how long building it took. */
export interface IndexStats {
  indexed: number;
  facets: number;
  values: number;
  took_ms: number;
}

/** The index in use. */
export interface IndexHealth extends IndexStats {
  /** ISO 8601 in UTC. */
  built_at: string;
  /**
   * How the index in use was made: `built` from the catalog, read back from its `snapshot`, or read back from a
   * snapshot of an older catalog and `caught_up` with the catalog's changes since (see `caught_up_changes`).
   */
  origin: 'built' | 'snapshot' | 'caught_up';
  /** With origin `caught_up`: how many catalog changes were applied to the snapshot at start. */
  caught_up_changes?: number;
}

/** A reindex job; at most one runs at a time. */
export interface ReindexJob {
  id: string;
  status: 'running' | 'done' | 'failed';
  /** Percent of the build's steps done, 0-100. */
  progress: number;
  /** The step last finished, e.g. `facet color`. */
  step: string;
  /** ISO 8601 in UTC. */
  started_at: string;
  finished_at: string | null;
  /** What the new index holds, once done. */
  result: IndexStats | null;
  error: string | null;
}

/** `GET` and `POST /reindex`: the last job (null before the first) and the index in use (null before it is built). */
export interface ReindexState {
  job: ReindexJob | null;
  index: IndexHealth | null;
}

/** `POST /settings`: the saved configuration and the reindex job the save started. */
export interface SavedFacetConfig extends FacetConfig {
  job: ReindexJob;
}

/** The widget's four regions as HTML, rendered by the server's templates. */
export interface FilterFragments {
  facets_html: string;
  toolbar_html: string;
  results_html: string;
  pagination_html: string;
}

/** `POST /preview`: the widget with an unsaved configuration. */
export interface FacetPreview extends FilterFragments {
  found: number;
}

/** The body of `POST /filter`. */
export interface FilterRequestBody {
  /**
   * Filter-state variables (`sf_color`, `sf_q`, `sf_orderby`, `sf_paged`) to their values (a list or comma-separated).
   */
  query: Record<string, string | string[]>;
  /** The widget's attributes: facets, per_page, columns, category, orderby. */
  widget: Record<string, unknown>;
}

/** What `POST /filter` answers. */
export interface FilterResponse extends FilterFragments {
  found: number;
  page: number;
  pages: number;
  /** The canonical state actually applied, as URL variables. */
  query: Record<string, string>;
  /**
   * The tag of `facets_html`: `GET /filter?…&facets_etag=<tag>` leaves `facets_html` out of an answer whose facets
   * form has that tag (the client shows it already).
   */
  facets_etag: string;
}

/** `GET /block-choices`: what the `facet/filter` block's sidebar offers. */
export interface BlockChoices {
  /** The configured facets, in their configured order. */
  facets: { name: string; label: string }[];
  /** The category tree; `parent` is 0 for a top-level category. */
  categories: { id: number; slug: string; name: string; parent: number }[];
}

/**
 * One value of `GET /facets/{name}/values`: its slug (the URL value), label, disjunctive count, and whether it is
 * selected.
 */
export interface FacetValueSearchItem {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

/** `GET /facets/{name}/values?search=…&sf_…`: a page of the facet's values matching the search, and how many match. */
export interface FacetValueSearchResponse {
  values: FacetValueSearchItem[];
  total: number;
}
