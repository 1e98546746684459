/**
 * The `[facet]` shortcode: normalises its attributes and hands them to the widget renderer injected at creation,
 * so that this module knows the grammar's output and nothing of how the widget is drawn.
 */
import type { ShortcodeAttributes } from './shortcode-grammar.js';
import type { ShortcodeHandler } from './shortcode-registry.js';
import {
  normalizeWidgetAttributes,
  widgetAttributeProblems,
  type WidgetAttributes,
  type WidgetRenderer,
} from './widget-attributes.js';

/** The tag editors type. */
export const FACET_SHORTCODE_TAG = 'facet';

/**
 * Turns `[facet facets="color,size" per_page="12" columns="3" category="shoes" orderby="price"]` into widget
 * attributes. Positional values and unknown names are ignored, bad values left out; never throws.
 *
 * @param attributes The parsed shortcode attributes.
 * @example
 * facetShortcodeAttributes(parseShortcodeAttributes('per_page=12 columns=9'))  // => {per_page: 12}
 */
export function facetShortcodeAttributes(attributes: ShortcodeAttributes): WidgetAttributes {
  const { facets, per_page, columns, category, orderby } = attributes.named;
  return normalizeWidgetAttributes({ facets, per_page, columns, category, orderby });
}

/**
 * Creates the `[facet]` handler around a widget renderer. Content of `[facet]...[/facet]` is ignored: the widget
 * has no slot for editor text.
 *
 * @param renderWidget Renders the widget for normalised attributes; it escapes what it outputs.
 * @example
 * shortcodes.register(FACET_SHORTCODE_TAG, createFacetShortcode((attributes, context) => widget.render(attributes,
 * context)));
 */
export function createFacetShortcode<Context>(renderWidget: WidgetRenderer<Context>): ShortcodeHandler<Context> {
  return (attributes, _content, context) => {
    const { facets, per_page, columns, category, orderby } = attributes.named;
    return renderWidget(
      facetShortcodeAttributes(attributes),
      context,
      widgetAttributeProblems({ facets, per_page, columns, category, orderby }),
    );
  };
}
