/**
 * The blocks the editor offers: the core blocks a shop page needs, and `facet/filter` from the block.json the server
 * renders it with (one definition). Only blocks the server can render are registered: registerCoreBlocks() would add
 * about a hundred WordPress-only blocks (Query Loop, Navigation...) that call REST paths we do not have.
 */
import { init as button } from '@wordpress/block-library/build-module/button/index.mjs';
import { init as buttons } from '@wordpress/block-library/build-module/buttons/index.mjs';
import { init as column } from '@wordpress/block-library/build-module/column/index.mjs';
import { init as columns } from '@wordpress/block-library/build-module/columns/index.mjs';
import { init as group } from '@wordpress/block-library/build-module/group/index.mjs';
import { init as heading } from '@wordpress/block-library/build-module/heading/index.mjs';
import { init as image } from '@wordpress/block-library/build-module/image/index.mjs';
import { init as list } from '@wordpress/block-library/build-module/list/index.mjs';
import { init as listItem } from '@wordpress/block-library/build-module/list-item/index.mjs';
import { init as paragraph } from '@wordpress/block-library/build-module/paragraph/index.mjs';
import { init as quote } from '@wordpress/block-library/build-module/quote/index.mjs';
import { init as separator } from '@wordpress/block-library/build-module/separator/index.mjs';
import { init as shortcode } from '@wordpress/block-library/build-module/shortcode/index.mjs';
import { init as table } from '@wordpress/block-library/build-module/table/index.mjs';
import { registerBlockType, setDefaultBlockName, type BlockConfiguration } from '@wordpress/blocks';
import { funnel } from '@wordpress/icons';
// Rich-text formats (bold, italic, link...) for the block toolbar.
import '@wordpress/format-library';
import facetFilterJson from '../../../blocks/facet-filter/block.json';
import { FacetFilterEdit } from './facet-filter-edit.js';

let registered = false;

export function registerEditorBlocks(): void {
  if (registered) return;
  registered = true;
  for (const init of [
    paragraph,
    heading,
    list,
    listItem,
    image,
    buttons,
    button,
    columns,
    column,
    group,
    separator,
    quote,
    table,
    shortcode,
  ]) {
    init();
  }
  setDefaultBlockName('core/paragraph');
  registerBlockType(
    facetFilterJson as unknown as BlockConfiguration,
    {
      // block.json names a Dashicon ("filter"); the Dashicons font is not on npm, so the editor shows an SVG icon: the
      // funnel (three lines), as @wordpress/icons' `filter` is now a triangle that reads as a warning.
      icon: funnel,
      edit: FacetFilterEdit,
      // A dynamic block: the server renders it, the post stores only the comment with its attributes.
      save: () => null,
    } as unknown as BlockConfiguration,
  );
}
