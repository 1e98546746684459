/**
 * The `facet/filter` dynamic block: the same widget as `[facet]`, placed from the block inserter.
 *
 * Attribute choices (block.json):
 * - `facets` is an array of facet names, the natural JSON for a multi-select; `[]` (the default) means all facets.
 *   The shortcode's comma list and this array meet in one normaliser, so both follow the same rules.
 * - `perPage` and `columns` have no default: absent means the shop's configured value, as for the shortcode.
 *   Their bounds are the shortcode's; a test keeps block.json and the rules in step.
 * - `category` and `orderby` default to `""`, which the normaliser reads as "not set".
 */
import {
  normalizeWidgetAttributes,
  widgetAttributeProblems,
  type WidgetAttributes,
  type WidgetRenderer,
} from '../../shortcodes/widget-attributes.js';
import type { ValidatedAttributes } from '../block-attributes.js';
import type { BlockJson } from '../block-json.js';
import type { BlockRender } from '../block-registry.js';
import { blockWrapperAttributes } from '../block-wrapper.js';
import blockJsonData from './block.json' with { type: 'json' };

/** The block's metadata, as the registry and the editor read it. */
export const facetFilterBlockJson = blockJsonData as BlockJson;

/**
 * Maps the block's validated, camelCase attributes to the widget's, through the shortcode's rules.
 *
 * @param attributes Validated against block.json.
 * @example
 * facetFilterWidgetAttributes({facets: ['Color'], perPage: 12, category: ''})  // => {facets: ['color'], per_page: 12}
 */
export function facetFilterWidgetAttributes(attributes: ValidatedAttributes): WidgetAttributes {
  const { facets, perPage, columns, category, orderby } = attributes;
  return normalizeWidgetAttributes({ facets, per_page: perPage, columns, category, orderby });
}

/**
 * Creates the block's render around the widget renderer: the widget inside the block's wrapper element, which
 * carries the block class, the alignment and the editor's classes. Inner HTML is ignored: the block has none.
 *
 * @param renderWidget Renders the widget for normalised attributes; it escapes what it outputs.
 * @example
 * blocks.register(facetFilterBlockJson, createFacetFilterRender(renderWidget));
 */
export function createFacetFilterRender<Context>(renderWidget: WidgetRenderer<Context>): BlockRender<Context> {
  return async (attributes, _innerHTML, context, rejected) => {
    // A value block.json refused is as much the editor's to know about as one the shortcode rules refuse.
    const { facets, perPage, columns, category, orderby } = { ...attributes, ...rejected };
    const problems = widgetAttributeProblems(
      { facets, per_page: perPage, columns, category, orderby },
      { per_page: 'perPage' },
    );
    const widget = await renderWidget(facetFilterWidgetAttributes(attributes), context, problems);
    return `<div${blockWrapperAttributes(facetFilterBlockJson.name, attributes)}>${widget}</div>`;
  };
}
