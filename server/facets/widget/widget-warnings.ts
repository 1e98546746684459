/**
 * Warnings for editors about a widget's own attributes: a category that does not exist, facet names or a sort the
 * configuration lacks, values out of range. Without them a typo gives a silently empty or default widget.
 * Shown only to people who may edit pages, above the widget, as a visible box; shoppers never see them.
 */
import { escapeHtml } from '../../../client/html/escape.js';
import type { CatalogData } from '../../catalog/model.js';
import type { WidgetAttributes } from '../../../shortcodes/widget-attributes.js';
import type { FacetConfig } from '../config.js';

/** Problems that need the catalog and the configuration to see, added to those of the attribute rules. */
export function widgetConfigurationProblems(
  attributes: WidgetAttributes,
  catalog: Pick<CatalogData, 'categories'>,
  config: FacetConfig,
): string[] {
  const problems: string[] = [];
  if (attributes.category && !catalog.categories.some((category) => category.slug === attributes.category)) {
    problems.push(`category="${attributes.category}" names no category of the shop, so the widget shows no products.`);
  }
  const unknownFacets = (attributes.facets ?? []).filter((name) => !config.facets.some((facet) => facet.name === name));
  if (unknownFacets.length) {
    problems.push(
      `facets="${unknownFacets.join(',')}" ${unknownFacets.length === 1 ? 'is' : 'are'} not configured (known: ${config.facets.map((facet) => facet.name).join(', ')}), so ${unknownFacets.length === 1 ? 'it is' : 'they are'} left out.`,
    );
  }
  if (attributes.orderby && !(config.orderby_options as readonly string[]).includes(attributes.orderby)) {
    problems.push(
      `orderby="${attributes.orderby}" is not one of ${config.orderby_options.join(', ')}, so the shop's default sort is used.`,
    );
  }
  return problems;
}

/** The warning box, or '' when there is nothing to say. */
export function widgetWarningHtml(problems: readonly string[]): string {
  if (problems.length === 0) return '';
  return (
    '<div class="widget-warning" role="note"><p><strong>Check this product filter</strong> (only people who can edit pages see this):</p><ul>' +
    problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('') +
    '</ul></div>'
  );
}
