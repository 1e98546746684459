/**
 * A widget's attributes (shortcode, block, the element's requests) resolved against the facet configuration: which
 * facets it shows and in what order, its page size, columns, base category and default sort, and the codec schema
 * its URLs are read and written with. Apart from the facet service because it needs no index state: the
 * configuration, one shop setting and the index's schema are given.
 */
import type { QuerySchema } from '../../../client/facet-filter/query-state.js';
import type { WidgetAttributes } from '../../../shortcodes/widget-attributes.js';
import type { FacetConfig, FacetDefinition } from '../config.js';

/** A widget's attributes resolved against the configuration: what it shows and how. */
export interface ResolvedWidget {
  /** The facets it shows, in the order the editor listed them (configuration order when all). */
  facets: FacetDefinition[];
  perPage: number;
  columns: number;
  /** Base category slug, '' for the whole catalog. */
  category: string;
  /** The widget's default sort: left out of its URLs. */
  defaultOrderby: string;
  /** The attributes as given, to be sent back with every request of the element. */
  attributes: WidgetAttributes;
}

/**
 * @param showRatings the shop's `show_ratings` setting: with it off the shop shows no stars anywhere, so a rating
 *   filter (all stars) is left out too
 * @example resolvedWidget({ facets: ['brand'], per_page: 12 }, config, true).perPage // 12
 */
export function resolvedWidget(
  attributes: WidgetAttributes,
  config: FacetConfig,
  showRatings: boolean,
): ResolvedWidget {
  const byName = new Map(config.facets.map((facet) => [facet.name, facet]));
  const listed = attributes.facets?.length
    ? attributes.facets.flatMap((name) => byName.get(name) ?? [])
    : config.facets;
  const chosen = showRatings ? listed : listed.filter((facet) => facet.source !== 'field:rating');
  const known = (config.orderby_options as readonly string[]).includes(attributes.orderby ?? '');
  return {
    facets: chosen,
    perPage: attributes.per_page ?? config.per_page,
    columns: attributes.columns ?? config.columns,
    category: attributes.category ?? '',
    defaultOrderby: known ? attributes.orderby! : config.default_orderby,
    attributes,
  };
}

/** The schema for one widget, from the index's: its own facets in its own order, and its default sort. */
export function widgetSchema(widget: ResolvedWidget, indexSchema: QuerySchema): QuerySchema {
  const fields = new Map(indexSchema.facets.map((field) => [field.name, field]));
  return {
    facets: widget.facets.flatMap((facet) => fields.get(facet.name) ?? []),
    orderbyOptions: indexSchema.orderbyOptions,
    defaultOrderby: widget.defaultOrderby,
  };
}
