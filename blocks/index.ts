/** Public API of the block layer: WordPress's block grammar, dynamic block registry and render, `facet/filter`. */
export { parseBlocks, type ParsedBlock } from './block-grammar.js';
export type { BlockAttributeSchema, BlockAttributeType, BlockJson, BlockSupports } from './block-json.js';
export {
  attributeSchemaOf,
  matchesSchema,
  validateBlockAttributes,
  type ValidatedAttributes,
} from './block-attributes.js';
export { BlockRegistry, type BlockRender, type BlockType } from './block-registry.js';
export { blockClassName, blockWrapperAttributes } from './block-wrapper.js';
export { DEFAULT_MAX_BLOCK_DEPTH, renderBlocks, type RenderBlocksOptions } from './render-blocks.js';
export { BlockNestingError, blockDepth } from './block-depth.js';
export {
  createFacetFilterRender,
  facetFilterBlockJson,
  facetFilterWidgetAttributes,
} from './facet-filter/facet-filter-block.js';
