/** Public API of the shortcode layer: WordPress's shortcode grammar, a registry, and the `[facet]` shortcode. */
export {
  findShortcodes,
  isValidShortcodeTag,
  parseShortcodeAttributes,
  type ShortcodeAttributes,
  type ShortcodeOccurrence,
} from './shortcode-grammar.js';
export { ShortcodeRegistry, type ShortcodeHandler } from './shortcode-registry.js';
export { FACET_SHORTCODE_TAG, createFacetShortcode, facetShortcodeAttributes } from './facet-shortcode.js';
export {
  normalizeWidgetAttributes,
  type RawWidgetAttributes,
  type WidgetAttributes,
  type WidgetRenderer,
} from './widget-attributes.js';
