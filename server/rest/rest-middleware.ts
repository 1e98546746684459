/**
 * Serves the REST API under `{REST_ROOT}` and through `/?rest_route=`: discovery, authentication, permissions,
 * body parsing and argument validation happen here once, so route handlers only do their own work.
 */
import { csrfToken } from '../auth/csrf.js';
import { readRawBody } from '../http/read-raw-body.js';
import type { Context, Middleware } from 'koa';
import { authenticateRest } from './authenticate-rest.js';
import { keyAllows } from '../auth/woo-api-keys.js';
import { can } from '../auth/capabilities.js';
import type { Config } from '../config.js';
import type { Hooks } from '../hooks/hooks.js';
import { readBody } from '../http/read-body.js';
import type { Store } from '../store/store.js';
import { validateArgs, type ArgSchema } from './args.js';
import { namespaceIndex, siteIndex } from './discovery.js';
import { RestError, forbidden, invalidJson, invalidParams, missingParams, noRoute, restErrorOf } from './errors.js';
import type { RestRegistry, RouteMatch } from './registry.js';
import { fieldTree, withFields } from './response-fields.js';
import { RestResponse, type HttpMethod, type RestRequest } from './route.js';

export interface RestDependencies {
  config: Config;
  registry: RestRegistry;
  store: Store;
  hooks: Hooks;
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The REST path of the request, or null when the request is not for the REST API. */
export function restPathOf(ctx: Context, restRoot: string): string | null {
  if (ctx.path === restRoot || ctx.path === `${restRoot}/`) return '/';
  if (ctx.path.startsWith(`${restRoot}/`)) return ctx.path.slice(restRoot.length).replace(/\/+$/, '') || '/';
  const routeParam = ctx.query.rest_route;
  if ((ctx.path === '/' || ctx.path === '/index.php') && typeof routeParam === 'string') {
    return `/${routeParam.replace(/^\/+|\/+$/g, '')}`;
  }
  return null;
}

/**
 * HEAD is answered as GET; POST may carry the real method, as @wordpress/api-fetch sends PUT and DELETE. An override
 * that is not one known method (`_method=a&_method=b`, `X-HTTP-Method-Override: FOO`) is the client's mistake: 400.
 *
 * @returns null for a request method the API does not answer (404 `rest_no_route`, as before routing)
 */
function effectiveMethod(ctx: Context): HttpMethod | null {
  if (ctx.method === 'HEAD') return 'GET';
  if (ctx.method !== 'POST') return METHODS.includes(ctx.method as HttpMethod) ? (ctx.method as HttpMethod) : null;
  const header = ctx.get('x-http-method-override');
  const [name, override] = header ? ['X-HTTP-Method-Override', header] : ['_method', ctx.query._method];
  if (override === undefined) return 'POST';
  const method = typeof override === 'string' ? override.toUpperCase() : '';
  if (!METHODS.includes(method as HttpMethod)) {
    throw invalidParams({ [name]: `${name} must be one method of ${METHODS.join(', ')}.` });
  }
  return method as HttpMethod;
}

/** PHP's list syntax, which WordPress clients send for arrays: `status[]=a&status[]=b` or `status[0]=a`. */
const LIST_KEY = /^([A-Za-z0-9_-]+)\[\d*\]$/;

/**
 * The query parameters. One repeated with the same value every time is that value: WooCommerce's JavaScript client
 * sends each parameter twice when it signs a request (in the address and again among the OAuth parameters); PHP keeps
 * the last, so WordPress never sees the repeat, and neither does a handler here. Different values stay a list.
 */
function queryOf(ctx: Context): Record<string, string | string[]> {
  const { rest_route: _ignored, ...raw } = ctx.query as Record<string, string | string[]>;
  const query = Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [
      name,
      Array.isArray(value) && value.every((item) => item === value[0]) ? value[0]! : value,
    ]),
  );
  for (const key of Object.keys(query)) {
    const base = LIST_KEY.exec(key)?.[1];
    if (!base || Object.hasOwn(query, base)) continue;
    const values = Object.keys(query)
      .filter((other) => LIST_KEY.exec(other)?.[1] === base)
      .flatMap((other) => query[other]!);
    query[base] = values;
  }
  return query;
}

async function rawBodyOf(ctx: Context, maxBytes: number): Promise<Buffer> {
  const raw = await readRawBody(ctx, maxBytes);
  if (raw.kind === 'aborted')
    throw new RestError('rest_request_aborted', 'The request was aborted before its body arrived.', 400);
  if (raw.kind === 'too-large') {
    throw new RestError(
      'rest_upload_file_too_big',
      `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB.`,
      413,
    );
  }
  return raw.bytes;
}

async function bodyOf(ctx: Context, method: HttpMethod): Promise<unknown> {
  if (method === 'GET') return undefined;
  const parsed = await readBody(ctx);
  switch (parsed.kind) {
    case 'none':
      return undefined;
    case 'aborted':
      throw new RestError('rest_request_aborted', 'The request was aborted before its body arrived.', 400);
    case 'too-large':
      throw new RestError('rest_request_too_large', 'The request body is larger than 1 MB.', 413);
    case 'invalid-json':
      throw invalidJson(parsed.reason);
    case 'other':
      throw new RestError(
        'rest_unsupported_media_type',
        `Send the body as application/json, not ${parsed.contentType}.`,
        415,
      );
    default:
      return parsed.value;
  }
}

/** @returns field name -> problem for read-only and (when the endpoint asks) undeclared body fields */
function checkFields(match: RouteMatch, body: unknown): Record<string, string> {
  const { endpoint } = match;
  if (endpoint.requireJsonObject && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw invalidParams({ body: 'The request body must be a JSON object.' });
  }
  const problems: Record<string, string> = {};
  if (!body || typeof body !== 'object') return problems;
  const declared = endpoint.args ?? {};
  for (const key of Object.keys(body)) {
    // Before the URL-parameter exemption: a body `id` must not pass because the path also has one.
    if (endpoint.readOnlyFields?.includes(key)) {
      problems[key] = `${key} is read-only.`;
      continue;
    }
    if (!endpoint.rejectUnknownFields) continue;
    if (Object.hasOwn(declared, key) || key.startsWith('_') || Object.hasOwn(match.urlParams, key)) continue;
    problems[key] = `${key} is not a field that can be set here. Allowed: ${Object.keys(declared)
      .filter((name) => !Object.hasOwn(match.urlParams, name))
      .join(', ')}.`;
  }
  return problems;
}

function urlArgsOf(args: Record<string, ArgSchema>, urlParams: Record<string, string>): Record<string, ArgSchema> {
  return Object.fromEntries(Object.entries(args).filter(([name]) => Object.hasOwn(urlParams, name)));
}

async function dispatch(ctx: Context, path: string, deps: RestDependencies): Promise<RestResponse> {
  const credentials = {
    authorization: ctx.get('authorization') || undefined,
    nonce: ctx.get('x-wp-nonce') || (typeof ctx.query._wpnonce === 'string' ? ctx.query._wpnonce : undefined),
    session: ctx.state.session ?? null,
    ip: ctx.ip,
    request: {
      method: ctx.method,
      rawQuery: ctx.querystring,
      query: ctx.query,
      // A client signs the address it called: the one this request names, or the shop's own behind a proxy that
      // rewrites the scheme or host.
      // (Koa 3's ctx.origin is the Origin header, not this.)
      urls: [`${ctx.protocol}://${ctx.host}${ctx.path}`, `${new URL(deps.config.siteUrl).origin}${ctx.path}`],
      restPath: path,
      // ctx.protocol believes X-Forwarded-Proto only when TRUST_PROXY is set (and its proxy is the connection).
      secure: ctx.protocol === 'https',
    },
  };
  const identity = await authenticateRest(credentials, deps.store, deps.hooks);
  if (identity.freshNonce) ctx.set('X-WP-Nonce', identity.freshNonce);
  const method = effectiveMethod(ctx);
  if (!method) throw noRoute();
  if (identity.keyPermissions && !keyAllows(identity.keyPermissions, method)) {
    // WooCommerce's answer to a key whose level does not allow the method.
    const reading = method === 'GET';
    throw new RestError(
      'woocommerce_rest_authentication_error',
      `The API key provided does not have ${reading ? 'read' : 'write'} permissions.`,
      401,
    );
  }
  if (method === 'GET' && path === '/') {
    const { general } = deps.store.site.data.settings;
    return new RestResponse(
      siteIndex(deps.registry, deps.config, { name: general.shop_name, timezone: general.timezone }),
    );
  }
  const namespace = method === 'GET' ? namespaceIndex(deps.registry, deps.config, path.slice(1)) : null;
  if (namespace) return new RestResponse(namespace);
  const match = deps.registry.match(path, method);
  if (!match) throw noRoute();
  const { endpoint } = match;
  if (endpoint.permission !== 'public' && !(identity.user && can(identity.user.roles, endpoint.permission))) {
    throw (endpoint.forbidden ?? forbidden)(identity.user !== null);
  }
  // Most handlers read the catalog's products in memory: a lazily opened catalog is loaded for them.
  if (!endpoint.withoutCatalog) await deps.store.catalog.load();
  const body = endpoint.rawBody ? await rawBodyOf(ctx, endpoint.rawBody.maxBytes) : await bodyOf(ctx, method);
  // A file's bytes are not fields.
  const fieldProblems = Buffer.isBuffer(body) ? {} : checkFields(match, body);
  const query = queryOf(ctx);
  const bodyParams =
    body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)
      ? (body as Record<string, unknown>)
      : {};
  const args = endpoint.bodyCheckedByHandler
    ? validateArgs(urlArgsOf(endpoint.args ?? {}, match.urlParams), match.urlParams)
    : validateArgs(endpoint.args ?? {}, { ...query, ...bodyParams, ...match.urlParams });
  if (args.missing.length) throw missingParams(args.missing);
  // One 400 names every bad field, whether unknown, read-only or invalid, so a client fixes them all at once.
  const invalid = { ...fieldProblems, ...args.invalid };
  if (Object.keys(invalid).length) throw invalidParams(invalid);
  const request: RestRequest = {
    method,
    route: match.route.pattern,
    params: args.values,
    query,
    body,
    headers: ctx.headers,
    user: identity.user,
    session: identity.session ?? null,
    apiKey: identity.apiKey ?? null,
    nonce: identity.freshNonce ?? null,
    ip: ctx.ip,
    formToken: () => csrfToken(ctx, deps.store.site.data.secret),
  };
  const result = await endpoint.handler(request);
  return result instanceof RestResponse ? result : new RestResponse(result);
}

/**
 * An answer with only the fields `_fields` names (response-fields.ts). Errors stay whole, and so do answers made as
 * bytes or text already (a file, a CSV, `/filter`'s encoded JSON).
 */
function withAskedFields(response: RestResponse, asked: string | string[] | undefined): RestResponse {
  const tree = fieldTree(asked);
  const { body } = response;
  if (!tree || response.status >= 300 || body === null || typeof body !== 'object' || Buffer.isBuffer(body))
    return response;
  return new RestResponse(withFields(body, tree), response.status, response.headers);
}

export function restMiddleware(deps: RestDependencies): Middleware {
  const { restRoot } = deps.config;
  return async (ctx, next) => {
    const path = restPathOf(ctx, restRoot);
    if (path === null) return next();
    let response: RestResponse;
    try {
      // Most requests name no fields: their query is not read twice.
      const asked = ctx.querystring.includes('_fields') ? queryOf(ctx)._fields : undefined;
      response = withAskedFields(await dispatch(ctx, path, deps), asked);
    } catch (error) {
      const { restError, expected } = restErrorOf(error);
      if (!expected) ctx.app.emit('error', error, ctx);
      response = new RestResponse(restError.toBody(), restError.status);
    }
    ctx.status = response.status;
    ctx.set(response.headers);
    // Answers are not kept unless their handler says how (GET /facet/v1/filter).
    if (!Object.keys(response.headers).some((name) => name.toLowerCase() === 'cache-control'))
      ctx.set('Cache-Control', 'no-store');
    ctx.body = response.body ?? null;
    // JSON unless the handler answers another type itself (the consent log's CSV export).
    if (!Object.keys(response.headers).some((name) => name.toLowerCase() === 'content-type'))
      ctx.type = 'application/json; charset=utf-8';
  };
}
