/**
 * `wp/v2/block-renderer/<name>`: a dynamic block rendered by the server for the editor's live preview, in the shape
 * ServerSideRender expects (`{rendered}`). ServerSideRender sends attributes PHP-style in the query string
 * (`attributes[perPage]=6&attributes[facets][0]=color`), or as a JSON body with `httpMethod: 'POST'`; both work.
 * Attributes are validated against block.json exactly as when the page renders, so the preview shows what visitors
 * will see.
 */
import type { BlockRegistry } from '../../blocks/block-registry.js';
import { RestError } from '../rest/errors.js';
import type { ArgSchemas, ParamsOf } from '../rest/args.js';
import type { RestRegistry } from '../rest/registry.js';
import { endpoint, type RestRequest } from '../rest/route.js';
import type { PageRenderContext } from '../site/render-context.js';

/** `attributes[a]=1`, `attributes[b][]=x`, `attributes[b][1]=y` -> `{a: '1', b: ['x', 'y']}`. */
export function attributesFromQuery(query: Record<string, string | string[]>): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    const match = /^attributes\[([A-Za-z0-9_-]+)\](\[\d*\])?$/.exec(key);
    if (!match) continue;
    const name = match[1]!;
    if (match[2]) {
      const list = Array.isArray(attributes[name]) ? (attributes[name] as unknown[]) : [];
      list.push(...(Array.isArray(raw) ? raw : [raw]));
      attributes[name] = list;
    } else {
      attributes[name] = Array.isArray(raw) ? raw.at(-1) : raw;
    }
  }
  return attributes;
}

/** Query strings carry numbers as text; block.json says which attributes are integers. */
function coerce(
  attributes: Record<string, unknown>,
  schema: Record<string, { type?: string | string[] }>,
): Record<string, unknown> {
  const coerced: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const type = schema[name]?.type;
    coerced[name] =
      (type === 'integer' || type === 'number') && typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : value;
  }
  return coerced;
}

const RENDERER_ARGS = {
  name: { type: 'string', required: true },
  context: { type: 'string', enum: ['edit'], default: 'edit' },
  post_id: { type: 'integer', minimum: 0 },
} as const satisfies ArgSchemas;

export function registerBlockRendererRoute(
  rest: RestRegistry,
  deps: { blocks: BlockRegistry<PageRenderContext>; siteUrl: string },
): void {
  const handler = async (request: RestRequest<ParamsOf<typeof RENDERER_ARGS>>) => {
    const { name } = request.params;
    const block = deps.blocks.get(name);
    if (!block) throw new RestError('block_invalid', 'Invalid block.', 404);
    const body = request.body as { attributes?: unknown } | undefined;
    const raw =
      request.method === 'POST' && body && typeof body.attributes === 'object' && body.attributes !== null
        ? (body.attributes as Record<string, unknown>)
        : coerce(attributesFromQuery(request.query), block.attributeSchema as Record<string, { type?: string }>);
    // Only editors call this (the editor's preview): they see the warnings about attributes that were refused.
    const rendered = await deps.blocks.render(name, raw, '', { url: new URL('/', deps.siteUrl), canEdit: true });
    return { rendered };
  };
  rest.register({
    namespace: 'wp/v2',
    path: '/block-renderer/(?P<name>[a-z0-9-]+/[a-z0-9-]+)',
    endpoints: [endpoint({ methods: ['GET', 'POST'], permission: 'edit_pages', args: RENDERER_ARGS, handler })],
  });
}
