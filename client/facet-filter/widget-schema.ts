/**
 * The codec schema as it travels from the server to the browser in the element's `schema` attribute: facet names
 * and kinds, sort options and the widget's default sort. Value lists stay on the server (they can be long); without
 * them the codec keeps any slug-shaped value and the server drops the unknown ones when it answers.
 */
import type { QuerySchema } from './query-state.js';

interface SchemaJson {
  facets: Array<{ name: string; kind: 'list' | 'range' }>;
  orderbyOptions: string[];
  defaultOrderby: string;
}

/** @example schemaToAttribute(outcome.schema) // '{"facets":[{"name":"color","kind":"list"}],...}' */
export function schemaToAttribute(schema: QuerySchema): string {
  const json: SchemaJson = {
    facets: schema.facets.map(({ name, kind }) => ({ name, kind })),
    orderbyOptions: [...schema.orderbyOptions],
    defaultOrderby: schema.defaultOrderby,
  };
  return JSON.stringify(json);
}

/**
 * Reads the attribute back; never throws. The server writes it ({@link schemaToAttribute}), so it is read as it is,
 * facets of another kind left out; anything malformed gives a schema without facets, so that links still work (the
 * element then only follows pages and sort) rather than the widget breaking. Short: the storefront has a 12 KiB budget.
 */
export function schemaFromAttribute(text: string | null | undefined): QuerySchema {
  try {
    const { facets, orderbyOptions, defaultOrderby } = JSON.parse(text ?? '') as SchemaJson;
    return {
      facets: facets.filter(({ kind }) => kind === 'list' || kind === 'range'),
      orderbyOptions: [...orderbyOptions],
      defaultOrderby: `${defaultOrderby}`,
    };
  } catch {
    return { facets: [], orderbyOptions: [], defaultOrderby: '' };
  }
}
