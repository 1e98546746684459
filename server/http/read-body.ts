/**
 * Reads and parses a request body with koa-body, within the 1 MB limit docs/architecture.md sets, and checks what JSON
 * may hold (see json-limits.ts). JSON and url-encoded forms are understood; the caller decides what an unparseable body
 * means for it. Called by the routes that take a body, after their cheaper checks, so that a request refused for
 * its credentials is never read.
 */
import type { Context } from 'koa';
import type { Middleware } from 'koa';
import { isClientGone } from './client-gone.js';
import { jsonProblem } from './json-limits.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export type ParsedBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, string> }
  | { kind: 'invalid-json'; reason: string }
  | { kind: 'too-large' }
  /** The client went away before its body arrived: nobody is left to answer. */
  | { kind: 'aborted' }
  | { kind: 'other'; contentType: string };

/** Where the parser's error waits for {@link readBody}, which turns it into a ParsedBody. */
const BODY_ERROR = 'vitrineBodyError';

/**
 * The parser, made on the first request with a body: koa-body and its form parser load then, not with every start of
 * the shop (a restart after a crash answers its first pages without them).
 */
let parser: Promise<Middleware> | null = null;
const bodyParser = (): Promise<Middleware> =>
  (parser ??= import('koa-body').then(({ HttpMethodEnum, koaBody }) => koaBody(parserOptions(HttpMethodEnum))));

const parserOptions = (methods: typeof import('koa-body').HttpMethodEnum) => ({
  jsonLimit: BODY_LIMIT_BYTES,
  formLimit: BODY_LIMIT_BYTES,
  // Any JSON value: the route says which shape it wants, with a message naming the field.
  jsonStrict: false,
  text: false,
  parsedMethods: [methods.POST, methods.PUT, methods.PATCH, methods.DELETE],
  // Plain `key=value` pairs, as URLSearchParams reads them: no nested `a[b]=` objects from qs.
  queryString: { depth: 0, allowDots: false, arrayLimit: 0, parameterLimit: 1000 },
  onError: (error: Error, ctx: Context) => {
    ctx.state[BODY_ERROR] = error;
  },
});

function contentTypeOf(ctx: Context): string {
  return ctx.get('content-type').split(';')[0]!.trim().toLowerCase();
}

export async function readBody(ctx: Context): Promise<ParsedBody> {
  if (!ctx.request.length && !ctx.get('transfer-encoding')) return { kind: 'none' };
  // A body without a type has always been read as JSON here, as WordPress does for REST clients that forget it.
  if (contentTypeOf(ctx) === '') ctx.req.headers['content-type'] = 'application/json';
  const contentType = contentTypeOf(ctx);
  if (!ctx.is('json', '+json', 'urlencoded')) return { kind: 'other', contentType };
  await (await bodyParser())(ctx, async () => {});
  const error = ctx.state[BODY_ERROR] as (Error & { type?: string; status?: number }) | undefined;
  if (error) {
    if (error.type === 'entity.too.large') return { kind: 'too-large' };
    // co-body marks a parse failure with 400 and no `type`; raw-body's stream errors all carry one.
    if (error instanceof SyntaxError || (error.status === 400 && error.type === undefined)) {
      return { kind: 'invalid-json', reason: error.message };
    }
    if (isClientGone(error, ctx.req)) return { kind: 'aborted' };
    throw error;
  }
  const value: unknown = ctx.request.body;
  if (value === undefined || value === '') return { kind: 'none' };
  if (ctx.is('urlencoded')) return { kind: 'form', value: stringFields(value) };
  const problem = jsonProblem(value);
  return problem ? { kind: 'invalid-json', reason: problem } : { kind: 'json', value };
}

/** Form fields as text; a field sent twice keeps its last value, as `Object.fromEntries(URLSearchParams)` did. */
function stringFields(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
    const last = Array.isArray(field) ? field.at(-1) : field;
    if (typeof last === 'string') fields[name] = last;
  }
  return fields;
}
