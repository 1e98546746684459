/**
 * The parts of a `block.json` (block metadata, apiVersion 3) that the server reads: the name, the attribute
 * schema and `supports`. Editor-only fields are typed loosely so a real block.json fits.
 */

/** JSON Schema types WordPress allows for a block attribute. */
export type BlockAttributeType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/** One attribute's schema: the subset of WordPress's REST schema that block attributes use. */
export interface BlockAttributeSchema {
  /** One type, or several accepted alike (`["string", "array"]`). Absent: any JSON value. */
  type?: BlockAttributeType | readonly BlockAttributeType[];
  enum?: readonly unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  /** Schema of every element of an array value. */
  items?: BlockAttributeSchema;
  /** Attributes sourced from the saved HTML (`source: "html"`): never read from the comment JSON. */
  source?: string;
}

/** Block `supports` that change the server render. */
export interface BlockSupports {
  /** Alignments offered; `true` offers all. Adds the `align` attribute. */
  align?: boolean | readonly string[];
  /** Whether editors may add CSS classes (default true). Adds the `className` attribute. */
  customClassName?: boolean;
  html?: boolean;
  [support: string]: unknown;
}

export interface BlockJson {
  $schema?: string;
  apiVersion: number;
  /** `namespace/name`, lower case, as in the block comment. */
  name: string;
  title: string;
  category?: string;
  icon?: unknown;
  description?: string;
  keywords?: readonly string[];
  attributes?: Readonly<Record<string, BlockAttributeSchema>>;
  supports?: BlockSupports;
  [field: string]: unknown;
}

/** The name pattern of `registerBlockType()`: `namespace/name`, lower case. */
export const BLOCK_NAME_PATTERN = /^[a-z][a-z0-9-]*\/[a-z][a-z0-9-]*$/;
