/**
 * Dynamic blocks: rendered on the server from their comment attributes, like blocks registered in WordPress with a
 * `render_callback`. Static blocks need no registration: their saved HTML is already the output.
 */
import { attributeSchemaOf, validateBlockAttributes, type ValidatedAttributes } from './block-attributes.js';
import { BLOCK_NAME_PATTERN, type BlockAttributeSchema, type BlockJson } from './block-json.js';

/**
 * Renders one dynamic block.
 *
 * @param attributes Validated against the block's schema, defaults filled.
 * @param innerHTML The block's own HTML with its inner blocks already rendered in place.
 * @param context Whatever the caller of `renderBlocks()` passes.
 */
export type BlockRender<Context> = (
  attributes: ValidatedAttributes,
  innerHTML: string,
  context: Context,
  /** Attributes the comment gave a value its schema refused (dropped, or replaced by the default), by name. */
  rejected: Readonly<Record<string, unknown>>,
) => string | Promise<string>;

/** A registered block type: its metadata, the schema it is validated against, and its render. */
export interface BlockType<Context> {
  readonly blockJson: BlockJson;
  readonly attributeSchema: Readonly<Record<string, BlockAttributeSchema>>;
  readonly render: BlockRender<Context>;
}

/**
 * The dynamic block types by name.
 *
 * @example
 * const blocks = new BlockRegistry<PageContext>();
 * blocks.register(facetFilterBlockJson, createFacetFilterRender(renderWidget));
 * await renderBlocks(content, blocks, context);
 */
export class BlockRegistry<Context = unknown> {
  readonly #types = new Map<string, BlockType<Context>>();

  /**
   * Registers or replaces a dynamic block type.
   *
   * @param blockJson Its block.json; `name` must be `namespace/name` in lower case.
   * @param render Produces its HTML.
   * @throws TypeError when the name could never appear in a block comment: a programming error, caught at start.
   */
  register(blockJson: BlockJson, render: BlockRender<Context>): this {
    if (!BLOCK_NAME_PATTERN.test(blockJson.name)) {
      throw new TypeError(
        `The block name "${blockJson.name}" cannot be registered: use "namespace/name" in lower-case letters, digits and hyphens.`,
      );
    }
    this.#types.set(blockJson.name, { blockJson, attributeSchema: attributeSchemaOf(blockJson), render });
    return this;
  }

  /**
   * @param name `namespace/name`.
   * @returns Whether the type was registered.
   */
  unregister(name: string): boolean {
    return this.#types.delete(name);
  }

  /** @param name `namespace/name`. */
  has(name: string): boolean {
    return this.#types.has(name);
  }

  /** @param name `namespace/name`. */
  get(name: string): BlockType<Context> | undefined {
    return this.#types.get(name);
  }

  /**
   * Validates raw attributes and renders a block of a registered type.
   *
   * @param name `namespace/name`; must be registered.
   * @param rawAttributes The comment's JSON object.
   * @param innerHTML The block's HTML with inner blocks rendered.
   * @param context Passed to the render.
   */
  async render(
    name: string,
    rawAttributes: Readonly<Record<string, unknown>>,
    innerHTML: string,
    context: Context,
  ): Promise<string> {
    const type = this.#types.get(name);
    if (type === undefined) throw new RangeError(`No dynamic block named "${name}" is registered.`);
    const attributes = validateBlockAttributes(type.attributeSchema, rawAttributes);
    // What validation refused, so that a render can tell the editor instead of silently using a default.
    const rejected = Object.fromEntries(
      Object.entries(rawAttributes).filter(
        ([key, value]) => Object.hasOwn(type.attributeSchema, key) && value !== undefined && attributes[key] !== value,
      ),
    );
    return type.render(attributes, innerHTML, context, rejected);
  }
}
