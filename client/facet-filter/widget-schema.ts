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
 * Reads the attribute back; never throws. Anything malformed gives a schema without facets, so that links still
 * work (the element then only follows pages and sort) rather than the widget breaking.
 */
export function schemaFromAttribute(text: string | null | undefined): QuerySchema {
  try {
    const json = JSON.parse(text ?? '') as Partial<SchemaJson>;
    const facets = (Array.isArray(json.facets) ? json.facets : [])
      .filter((facet) => typeof facet?.name === 'string' && (facet.kind === 'list' || facet.kind === 'range'))
      .map(({ name, kind }) => ({ name, kind }));
    const orderbyOptions = Array.isArray(json.orderbyOptions) ? json.orderbyOptions.filter((option) => typeof option === 'string') : [];
    const defaultOrderby = typeof json.defaultOrderby === 'string' ? json.defaultOrderby : orderbyOptions[0] ?? '';
    return { facets, orderbyOptions, defaultOrderby };
  } catch {
    return { facets: [], orderbyOptions: [], defaultOrderby: '' };
  }
}
