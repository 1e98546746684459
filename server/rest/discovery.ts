/**
 * The WordPress-style discovery index, generated from the same declarations that validate requests, so that it
 * can never disagree with what the server accepts.
 */
import type {
  ArgDescription,
  NamespaceIndex,
  NamespaceRouteDescription,
  RouteDescription,
} from '../../client/api/discovery.js';
import type { Config } from '../config.js';
import { gmtOffset } from '../store/local-time.js';
import type { ArgSchema } from './args.js';
import type { RegisteredRoute, RestRegistry } from './registry.js';

function describeArg(schema: ArgSchema): ArgDescription {
  const { required, enum: allowed, items, ...rest } = schema;
  return {
    ...rest,
    ...(allowed ? { enum: [...allowed] } : {}),
    ...(items ? { items: describeItems(items) } : {}),
    required: required ?? false,
  };
}

function describeItems(schema: ArgSchema): Omit<ArgDescription, 'required'> {
  const { required: _required, ...described } = describeArg(schema);
  return described;
}

function methodsWithHead(methods: string[]): string[] {
  return methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'] : methods;
}

function describeRoute(route: RegisteredRoute, config: Config): RouteDescription {
  const endpoints: RouteDescription['endpoints'] = route.endpoints.map((endpoint) => ({
    methods: methodsWithHead(endpoint.methods),
    args: Object.fromEntries(Object.entries(endpoint.args ?? {}).map(([name, schema]) => [name, describeArg(schema)])),
  }));
  const described: RouteDescription = {
    namespace: route.namespace,
    methods: [...new Set(endpoints.flatMap((endpoint) => endpoint.methods))],
    endpoints,
  };
  if (!route.pattern.includes('(?P<'))
    described._links = { self: [{ href: `${config.siteUrl}${config.restRoot}${route.pattern}` }] };
  return described;
}

function namespaceEntry(namespace: string, config: Config): NamespaceRouteDescription {
  return {
    namespace,
    methods: ['GET', 'HEAD'],
    endpoints: [
      {
        methods: ['GET', 'HEAD'],
        args: { namespace: { default: namespace, required: false }, context: { default: 'view', required: false } },
      },
    ],
    _links: { self: [{ href: `${config.siteUrl}${config.restRoot}/${namespace}` }] },
  };
}

function routesOf(registry: RestRegistry, config: Config, namespace?: string): NamespaceIndex['routes'] {
  const routes: NamespaceIndex['routes'] = {};
  for (const name of registry.namespaces()) {
    if (namespace && name !== namespace) continue;
    routes[`/${name}`] = namespaceEntry(name, config);
    for (const route of registry.all())
      if (route.namespace === name) routes[route.pattern] = describeRoute(route, config);
  }
  return routes;
}

/**
 * The REST index (`GET /wp-json/`), as WordPress's: the shop's name, its time zone (`timezone_string`) and that zone's
 * current offset from UTC in hours (`gmt_offset`, which follows summer time), the namespaces and every route.
 * @param now the clock, for the offset
 */
export function siteIndex(
  registry: RestRegistry,
  config: Config,
  site: { name: string; timezone: string },
  now = new Date(),
): Record<string, unknown> {
  return {
    name: site.name,
    description: 'Vitrine shop platform',
    url: config.siteUrl,
    home: config.siteUrl,
    gmt_offset: gmtOffset(site.timezone, now),
    timezone_string: site.timezone,
    namespaces: registry.namespaces(),
    authentication: { 'application-passwords': { endpoints: { authorization: `${config.siteUrl}/login` } } },
    routes: {
      '/': { namespace: '', methods: ['GET', 'HEAD'], endpoints: [{ methods: ['GET', 'HEAD'], args: {} }] },
      ...routesOf(registry, config),
    },
    _links: { help: [{ href: `${config.siteUrl}${config.restRoot}/` }] },
  };
}

export function namespaceIndex(registry: RestRegistry, config: Config, namespace: string): NamespaceIndex | null {
  if (!registry.namespaces().includes(namespace)) return null;
  return {
    namespace,
    routes: routesOf(registry, config, namespace),
    _links: { up: [{ href: `${config.siteUrl}${config.restRoot}/` }] },
  };
}
