/**
 * Every compliance/v1 response passes through the filter `compliance/rest/<name>_response` with the request, so that
 * an extension can change it (docs/architecture.md). Errors are not filtered: they are not the endpoint's response.
 */
import type { Hooks } from '../hooks/hooks.js';
import { RestResponse, type RestHandler } from '../rest/route.js';

export type ComplianceResponseName =
  | 'settings'
  | 'checkboxes'
  | 'checkbox'
  | 'checkbox_stats'
  | 'legal_pages'
  | 'search'
  | 'wizard'
  | 'green_claims'
  | 'dsa_notices'
  | 'dsa_notice'
  | 'product_safety';

/** The hook name of a response, e.g. `compliance/rest/settings_response`. */
export function responseHookName(name: ComplianceResponseName): string {
  return `compliance/rest/${name}_response`;
}

/**
 * Wraps a handler so that its answer goes through the response filter; a RestResponse keeps its status and headers.
 * @example endpoint.handler = withResponseFilter(hooks, 'settings', (request) => listSettingsGroups())
 */
export function withResponseFilter<P, R>(
  hooks: Hooks,
  name: ComplianceResponseName,
  handler: RestHandler<P, R>,
): RestHandler<P, R> {
  const hook = responseHookName(name);
  return async (request) => {
    const result = await handler(request);
    if (result instanceof RestResponse)
      return new RestResponse(hooks.applyFilters(hook, result.body, request), result.status, result.headers);
    return hooks.applyFilters(hook, result, request);
  };
}
