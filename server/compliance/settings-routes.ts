/** compliance/v1 settings routes: `GET /settings`, `GET /settings/{group}`, `POST /settings/{group}`. */
import type { RestRegistry } from '../rest/registry.js';
import type { ComplianceDependencies } from './compliance-dependencies.js';
import { withResponseFilter } from './response-filter.js';
import { listSettingsGroups, readSettingsGroup, updateSettingsGroup } from './settings-service.js';

const GROUP_ARG = { group: { type: 'string', description: 'Settings group id.', required: true } } as const;

export function registerSettingsRoutes(rest: RestRegistry, { store, hooks }: ComplianceDependencies): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/settings',
    endpoints: [{ methods: ['GET'], permission: 'manage_shop', handler: withResponseFilter(hooks, 'settings', () => listSettingsGroups()) }],
  });
  rest.register({
    namespace: 'compliance/v1',
    path: '/settings/(?P<group>[\\w-]+)',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'manage_shop',
        args: GROUP_ARG,
        handler: withResponseFilter(hooks, 'settings', ({ params }) => readSettingsGroup(store, String(params.group))),
      },
      {
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_shop',
        args: GROUP_ARG,
        // The keys depend on the group, so the service validates them; the framework only asks for an object.
        requireJsonObject: true,
        handler: withResponseFilter(hooks, 'settings', ({ params, body }) =>
          updateSettingsGroup(store, String(params.group), body as Record<string, unknown>),
        ),
      },
    ],
  });
}
