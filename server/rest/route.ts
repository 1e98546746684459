/** What a REST route is made of: its declaration, the request a handler sees, and what a handler may answer. */
import type { Capability } from '../auth/capabilities.js';
import type { Session, User } from '../store/schema.js';
import type { ArgSchemas, ParamsOf, UncheckedParams } from './args.js';
import type { RestError } from './errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `P`: the handler's params, typed from its declared args by {@link endpoint}; unknown to code that did not declare
 * them.
 */
export interface RestRequest<P = unknown> {
  method: HttpMethod;
  /** The matched route pattern, e.g. `/compliance/v1/checkboxes/(?P<id>[\d]+)`. */
  route: string;
  /** Declared arguments, validated and coerced, from the URL pattern, the JSON body and the query string. */
  params: P;
  /** The raw query string values (repeated keys become arrays). */
  query: Record<string, string | string[]>;
  /** The parsed JSON (or form) body; undefined when the request had none. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  user: User | null;
  /** The login session the request was authenticated by (cookie and nonce); null for other credentials or none. */
  session: Session | null;
  /** The WooCommerce API key the request came with, or null (a login, a cookie, nobody). */
  apiKey: { description: string } | null;
  /** A fresh REST nonce when the request was authenticated by cookie and nonce; null otherwise. */
  nonce: string | null;
  ip: string;
  /**
   * The CSRF token a form in this answer must carry (server-rendered fragments with forms, such as add to cart); it
   * may set the visitor cookie, as a page with a form does.
   */
  formToken(): string;
}

export class RestResponse<B = unknown> {
  constructor(
    readonly body: B,
    readonly status = 200,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** What a handler answers: the body (200), or a RestResponse with the body and another status or headers. */
export type RestAnswer<R> = R | RestResponse<R>;

/** `R`: the body it answers, so that it can be pinned to a shared answer type. */
export type RestHandler<P = unknown, R = unknown> = (request: RestRequest<P>) => RestAnswer<R> | Promise<RestAnswer<R>>;

/** The body of an answer: `RestResponse<B>` answers B, anything else is the body itself. */
export type AnswerBody<T> = T extends RestResponse<infer B> ? B : T;

interface EndpointOptions {
  methods: HttpMethod[];
  /** `public`, or the capability a user needs. */
  permission: 'public' | Capability;
  /**
   * The error for a caller without the permission, when the API it imitates names it (WooCommerce's
   * `woocommerce_rest_cannot_create`); given whether the caller is signed in (401 when not, 403 when so).
   */
  forbidden?: (authenticated: boolean) => RestError;
  /** Reject body fields that are not declared args, naming each (400 rest_invalid_param). */
  rejectUnknownFields?: boolean;
  /**
   * Body fields a client may read but never set (e.g. `id`, `created_at`): each is named in a 400 rest_invalid_param
   * saying it is read-only, so a client that sends a resource back as it read it learns why, not just "unknown".
   */
  readOnlyFields?: readonly string[];
  /**
   * Take the body as bytes (a file upload), up to `maxBytes` (413 beyond); the handler gets a Buffer as `body`.
   * Without it, bodies are JSON or forms within 1 MB.
   */
  rawBody?: { maxBytes: number };
  /** Ask for a JSON object body; anything else is a 400 naming what was expected. */
  requireJsonObject?: boolean;
  /**
   * The handler never reads `store.catalog.data` (it reads products by id, if at all): a catalog opened lazily is
   * not loaded for it (`CatalogStore.loaded`), as for `/facet/v1/filter`. Otherwise it is loaded first.
   */
  withoutCatalog?: boolean;
}

/**
 * An endpoint as the registry keeps it: its handler's params no longer typed (see {@link endpoint}), its answer still.
 */
export interface EndpointDefinition<R = unknown> extends EndpointOptions {
  args?: ArgSchemas;
  /**
   * The args describe the JSON body for the discovery index, but the handler validates it itself: all keys at once,
   * with checks that a schema cannot express (an e-mail, a time zone). URL parameters are still validated here.
   */
  bodyCheckedByHandler?: boolean;
  handler: RestHandler<unknown, R>;
}

/** An endpoint as declared, its handler typed from its args; `H` is whatever the handler answers. */
type DeclaredEndpoint<A extends ArgSchemas, P, H> = EndpointOptions & {
  args?: A;
  handler: (request: RestRequest<P>) => H | Promise<H>;
};

/**
 * Declares an endpoint whose handler gets `params` typed from its args (ParamsOf): the args are validated before the
 * handler runs, so it reads `params.id` as the number it is. Costs nothing per request: it answers its argument.
 * The answer's type is kept, so `endpoint({...}) satisfies EndpointDefinition<Answer>` pins it.
 * @example endpoint({ methods: ['GET'], permission: 'manage_shop', args: { id: { type: 'integer', required: true } },
 * handler: ({ params }) => read(params.id) })
 */
// biome-ignore lint/complexity/noBannedTypes: `{}` is the empty set of declared arguments, which inference widens from
export function endpoint<const A extends ArgSchemas = {}, H = unknown>(
  definition: DeclaredEndpoint<A, ParamsOf<A>, H> & { bodyCheckedByHandler?: false },
): EndpointDefinition<AnswerBody<H>>;
// biome-ignore lint/complexity/noBannedTypes: `{}` is the empty set of declared arguments, which inference widens from
export function endpoint<const A extends ArgSchemas = {}, H = unknown>(
  definition: DeclaredEndpoint<A, UncheckedParams<A>, H> & { bodyCheckedByHandler: true },
): EndpointDefinition<AnswerBody<H>>;
export function endpoint(definition: EndpointOptions & { handler: unknown }): EndpointDefinition {
  // The one erasure: the REST middleware hands this handler exactly what validateArgs made of these args, which is
  // what ParamsOf describes; the registry, holding endpoints of every shape, cannot say so in a type.
  return definition as EndpointDefinition;
}

export interface RouteDefinition {
  namespace: string;
  /** WordPress pattern syntax, relative to the namespace: `/checkboxes/(?P<id>[\d]+)`. */
  path: string;
  endpoints: EndpointDefinition[];
}
