/** What a REST route is made of: its declaration, the request a handler sees, and what a handler may answer. */
import type { Capability } from '../auth/capabilities.js';
import type { User } from '../store/schema.js';
import type { ArgSchema } from './args.js';
import type { RestError } from './errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestRequest {
  method: HttpMethod;
  /** The matched route pattern, e.g. `/compliance/v1/checkboxes/(?P<id>[\d]+)`. */
  route: string;
  /** Declared arguments, validated and coerced, from the URL pattern, the JSON body and the query string. */
  params: Record<string, unknown>;
  /** The raw query string values (repeated keys become arrays). */
  query: Record<string, string | string[]>;
  /** The parsed JSON (or form) body; undefined when the request had none. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  user: User | null;
  /** A fresh REST nonce when the request was authenticated by cookie and nonce; null otherwise. */
  nonce: string | null;
  ip: string;
  /**
   * The CSRF token a form in this answer must carry (server-rendered fragments with forms, such as add to cart); it
   * may set the visitor cookie, as a page with a form does.
   */
  formToken(): string;
}

export class RestResponse {
  constructor(
    readonly body: unknown,
    readonly status = 200,
    readonly headers: Record<string, string> = {},
  ) {}
}

export type RestHandler = (request: RestRequest) => unknown | Promise<unknown>;

export interface EndpointDefinition {
  methods: HttpMethod[];
  /** `public`, or the capability a user needs. */
  permission: 'public' | Capability;
  /**
   * The error for a caller without the permission, when the API it imitates names it (WooCommerce's
   * `woocommerce_rest_cannot_create`); given whether the caller is signed in (401 when not, 403 when so).
   */
  forbidden?: (authenticated: boolean) => RestError;
  args?: Record<string, ArgSchema>;
  /**
   * The args describe the JSON body for the discovery index, but the handler validates it itself: all keys at once,
   * with checks that a schema cannot express (an e-mail, a time zone). URL parameters are still validated here.
   */
  bodyCheckedByHandler?: boolean;
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
  handler: RestHandler;
}

export interface RouteDefinition {
  namespace: string;
  /** WordPress pattern syntax, relative to the namespace: `/checkboxes/(?P<id>[\d]+)`. */
  path: string;
  endpoints: EndpointDefinition[];
}
