/**
 * Block attributes as a render function receives them: validated against the block's schema, the way
 * `WP_Block_Type::prepare_attributes_for_render()` does it. A value that breaks its schema is dropped and the
 * default used instead, because a page must render even when its saved markup is stale or hand-edited.
 */
import type { BlockAttributeSchema, BlockAttributeType, BlockJson } from './block-json.js';

/** Attributes after validation: only declared ones, each valid or replaced by its default. */
export type ValidatedAttributes = Readonly<Record<string, unknown>>;

/** Every alignment WordPress knows; `''` means none. */
const ALL_ALIGNMENTS = ['left', 'center', 'right', 'wide', 'full', ''] as const;

/**
 * The attribute schema the server validates against: block.json's own attributes plus those its `supports` add
 * (`align`, `className`), as WordPress adds them on registration.
 *
 * @param blockJson The block's metadata.
 * @example
 * attributeSchemaOf({..., supports: {align: ['wide']}}).align  // => {type: 'string', enum: ['wide', '']}
 */
export function attributeSchemaOf(blockJson: BlockJson): Record<string, BlockAttributeSchema> {
  const schema: Record<string, BlockAttributeSchema> = {};
  const align = blockJson.supports?.align;
  if (align) schema.align = { type: 'string', enum: align === true ? ALL_ALIGNMENTS : [...align, ''] };
  if (blockJson.supports?.customClassName !== false) schema.className = { type: 'string' };
  return { ...schema, ...blockJson.attributes };
}

/**
 * Validates raw comment attributes; never throws. Undeclared attributes are dropped (unlike WordPress, which passes
 * them through) so that a render only ever sees what its schema describes.
 *
 * @param schema From {@link attributeSchemaOf}.
 * @param raw The block comment's JSON object.
 * @example
 * validateBlockAttributes({perPage: {type: 'integer', minimum: 1, default: 12}}, {perPage: 'x', other: 1})
 * // => {perPage: 12}
 */
export function validateBlockAttributes(
  schema: Readonly<Record<string, BlockAttributeSchema>>,
  raw: Readonly<Record<string, unknown>>,
): ValidatedAttributes {
  const attributes: Record<string, unknown> = {};
  for (const [name, attributeSchema] of Object.entries(schema)) {
    if (attributeSchema.source !== undefined) continue;
    const value = Object.hasOwn(raw, name) ? raw[name] : undefined;
    if (value !== undefined && matchesSchema(value, attributeSchema)) {
      attributes[name] = value;
    } else if (attributeSchema.default !== undefined) {
      attributes[name] = structuredClone(attributeSchema.default);
    }
  }
  return attributes;
}

/**
 * Whether a JSON value satisfies a schema: type, enum, minimum/maximum, and items of arrays.
 *
 * @param value Any JSON value.
 * @param schema The attribute's schema.
 */
export function matchesSchema(value: unknown, schema: BlockAttributeSchema): boolean {
  if (schema.type !== undefined) {
    const types: readonly BlockAttributeType[] = typeof schema.type === 'string' ? [schema.type] : schema.type;
    if (!types.some((type) => hasType(value, type))) return false;
  }
  if (schema.enum !== undefined && !schema.enum.some((allowed) => jsonEqual(allowed, value))) return false;
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    const itemSchema = schema.items;
    return value.every((item) => matchesSchema(item, itemSchema));
  }
  return true;
}

function hasType(value: unknown, type: BlockAttributeType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}

/** Values come from JSON.parse, so comparing their JSON is exact (object key order aside, which enums don't use). */
function jsonEqual(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}
