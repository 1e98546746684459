/**
 * Reads what the server accepts from the REST discovery index (`GET {root}/<namespace>`), which the server generates
 * from the same declarations that validate requests: forms built from it need no second copy of any schema.
 */
import { useEffect, useState } from '@wordpress/element';
import type {
  ArgDescription,
  NamespaceIndex,
  NamespaceRouteDescription,
  RouteDescription,
} from '../../api/discovery.js';
import { restGet } from './rest-client.js';

const indexes = new Map<string, Promise<NamespaceIndex>>();

function namespaceIndex(namespace: string): Promise<NamespaceIndex> {
  if (!indexes.has(namespace)) indexes.set(namespace, restGet<NamespaceIndex>(`/${namespace}`));
  return indexes.get(namespace)!;
}

/** A route the server declared, as opposed to the namespace's own entry, whose arguments have no type. */
function isDeclaredRoute(
  described: RouteDescription | NamespaceRouteDescription | undefined,
): described is RouteDescription {
  return described?.endpoints.every((endpoint) => Object.values(endpoint.args).every((arg) => 'type' in arg)) ?? false;
}

/**
 * The arguments of one endpoint, in declaration order.
 * @example await endpointArgs('compliance/v1', '/compliance/v1/settings/compliance', 'POST')
 */
export async function endpointArgs(
  namespace: string,
  route: string,
  method: string,
): Promise<Record<string, ArgDescription>> {
  const index = await namespaceIndex(namespace);
  const described = index.routes[route];
  const endpoint = isDeclaredRoute(described)
    ? described.endpoints.find((candidate) => candidate.methods.includes(method))
    : undefined;
  if (!endpoint) throw new Error(`The server does not describe ${method} ${route}.`);
  return endpoint.args;
}

/** {@link endpointArgs} for a component: null while loading. */
export function useEndpointArgs(
  namespace: string,
  route: string,
  method: string,
): { args: Record<string, ArgDescription> | null; error: string | null } {
  const [state, setState] = useState<{ args: Record<string, ArgDescription> | null; error: string | null }>({
    args: null,
    error: null,
  });
  useEffect(() => {
    let live = true;
    setState({ args: null, error: null });
    endpointArgs(namespace, route, method).then(
      (args) => live && setState({ args, error: null }),
      (error: Error) => live && setState({ args: null, error: error.message }),
    );
    return () => {
      live = false;
    };
  }, [namespace, route, method]);
  return state;
}
