/**
 * The attributes of a dynamic block's outer element, like WordPress's `get_block_wrapper_attributes()`: the block's
 * class name, its alignment and the editor's extra classes, escaped.
 */
import { escapeAttribute } from '../client/html/escape.js';
import type { ValidatedAttributes } from './block-attributes.js';

/** What WordPress allows in a class name (`sanitize_html_class()`); other tokens are dropped, not repaired. */
const CLASS_NAME_TOKEN = /^[A-Za-z0-9_-]+$/;

/**
 * The class WordPress gives every block: `wp-block-<namespace>-<name>`, without the `core/` namespace.
 *
 * @param blockName `namespace/name`.
 * @example blockClassName('facet/filter') === 'wp-block-facet-filter'; blockClassName('core/paragraph') ===
 * 'wp-block-paragraph'
 */
export function blockClassName(blockName: string): string {
  return `wp-block-${blockName.replace(/^core\//, '').replace('/', '-')}`;
}

/**
 * The attribute text for a block's outer element, starting with a space.
 *
 * @param blockName `namespace/name`.
 * @param attributes Validated attributes; `align` and `className` are read when present.
 * @example
 * `<div${blockWrapperAttributes('facet/filter', {align: 'wide', className: 'promo'})}>`
 * // => '<div class="wp-block-facet-filter alignwide promo">'
 */
export function blockWrapperAttributes(blockName: string, attributes: ValidatedAttributes): string {
  const classes = [blockClassName(blockName)];
  if (typeof attributes.align === 'string' && attributes.align !== '') classes.push(`align${attributes.align}`);
  if (typeof attributes.className === 'string') {
    classes.push(...attributes.className.split(/\s+/).filter((token) => CLASS_NAME_TOKEN.test(token)));
  }
  return ` class="${escapeAttribute(classes.join(' '))}"`;
}
