/**
 * The route table. Patterns use WordPress's syntax (`(?P<name>...)`) because the discovery index publishes them
 * verbatim for clients such as wpapi; they are compiled once to JavaScript named groups for matching.
 */
import type { EndpointDefinition, HttpMethod, RouteDefinition } from './route.js';

export interface RegisteredRoute {
  namespace: string;
  /** Full pattern as published: `/compliance/v1/checkboxes/(?P<id>[\d]+)`. */
  pattern: string;
  endpoints: EndpointDefinition[];
  matcher: RegExp;
}

export interface RouteMatch {
  route: RegisteredRoute;
  endpoint: EndpointDefinition;
  urlParams: Record<string, string>;
}

const NAMESPACE_PATTERN = /^[a-z0-9-]+\/v\d+$/;

export class RestRegistry {
  private readonly routes: RegisteredRoute[] = [];

  /**
   * @example registry.register({ namespace: 'compliance/v1', path: '/settings', endpoints: [{ methods: ['GET'],
   * permission: 'manage_shop', handler }] })
   */
  register(definition: RouteDefinition): void {
    if (!NAMESPACE_PATTERN.test(definition.namespace)) {
      throw new Error(`The REST namespace "${definition.namespace}" must look like "vendor/v1".`);
    }
    const pattern = `/${definition.namespace}${definition.path}`.replace(/\/+$/, '');
    const existing = this.routes.find((route) => route.pattern === pattern);
    if (existing) {
      existing.endpoints.push(...definition.endpoints);
      return;
    }
    const source = pattern.replace(/\(\?P</g, '(?<');
    this.routes.push({
      namespace: definition.namespace,
      pattern,
      endpoints: [...definition.endpoints],
      matcher: new RegExp(`^${source}$`, 'i'),
    });
  }

  namespaces(): string[] {
    return [...new Set(this.routes.map((route) => route.namespace))];
  }

  all(): readonly RegisteredRoute[] {
    return this.routes;
  }

  /**
   * @returns the route and endpoint, or null when no pattern has an endpoint for the method (WordPress: 404 for both).
   */
  match(path: string, method: HttpMethod): RouteMatch | null {
    for (const route of this.routes) {
      const found = route.matcher.exec(path);
      if (!found) continue;
      const endpoint = route.endpoints.find((candidate) => candidate.methods.includes(method));
      if (!endpoint) continue;
      const urlParams = Object.fromEntries(
        Object.entries(found.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value ?? '')]),
      );
      return { route, endpoint, urlParams };
    }
    return null;
  }
}
