/**
 * compliance/v1 settings routes: `GET /settings`, `GET /settings/{group}`, `POST /settings/{group}`.
 * Each known group also has a route of its own whose POST declares the group's keys (type, bounds, label, help) from
 * the settings schema, as WordPress's `/wp/v2/settings` does: the discovery index then describes every setting, and
 * the admin builds its forms from that, with no second copy of the schema.
 */
import type { ArgSchema, ArgSchemas, UncheckedParams } from '../../rest/args.js';
import type { RestRegistry } from '../../rest/registry.js';
import { endpoint } from '../../rest/route.js';
import { SETTINGS_GROUPS, type SettingDefinition } from '../../store/settings-schema.js';
import type { ComplianceDependencies } from '../compliance-dependencies.js';
import { withResponseFilter } from '../response-filter.js';
import { listSettingsGroups, readSettingsGroup, updateSettingsGroup } from './settings-service.js';

const GROUP_ARG = {
  group: { type: 'string', description: 'Settings group id.', required: true },
} as const satisfies ArgSchemas;

/** One setting as a route argument: what a client needs to draw its field and to know what the server accepts. */
export function settingArg(definition: SettingDefinition): ArgSchema {
  const described: ArgSchema = { type: definition.type, title: definition.label, description: definition.help };
  if (definition.type === 'integer' || definition.type === 'number')
    Object.assign(described, { minimum: definition.minimum, maximum: definition.maximum });
  if (definition.type === 'string') {
    described.maxLength = definition.maxLength;
    if (definition.enum) described.enum = definition.enum;
  }
  return described;
}

export function registerSettingsRoutes(rest: RestRegistry, { store, hooks }: ComplianceDependencies): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/settings',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'manage_shop',
        handler: withResponseFilter(hooks, 'settings', () => listSettingsGroups()),
      },
    ],
  });
  const read = (group: string) => withResponseFilter(hooks, 'settings', () => readSettingsGroup(store, group));
  /** `groupOf` names the group, from the route or from the URL. */
  const updateEndpoint = <const A extends ArgSchemas>(args: A, groupOf: (params: UncheckedParams<A>) => string) =>
    endpoint({
      methods: ['POST', 'PUT', 'PATCH'],
      permission: 'manage_shop',
      args,
      // The service validates every key at once (all or nothing), including formats a schema cannot express.
      bodyCheckedByHandler: true,
      requireJsonObject: true,
      handler: withResponseFilter(hooks, 'settings', ({ params, body }) =>
        updateSettingsGroup(store, groupOf(params), body as Record<string, unknown>),
      ),
    });
  // Registered before the generic pattern, which still answers unknown groups with 404 compliance_invalid_group.
  for (const group of SETTINGS_GROUPS) {
    const args = Object.fromEntries(
      Object.entries(group.settings).map(([key, definition]) => [key, settingArg(definition)]),
    );
    rest.register({
      namespace: 'compliance/v1',
      path: `/settings/${group.id}`,
      endpoints: [
        { methods: ['GET'], permission: 'manage_shop', handler: read(group.id) },
        updateEndpoint(args, () => group.id),
      ],
    });
  }
  rest.register({
    namespace: 'compliance/v1',
    path: '/settings/(?P<group>[\\w-]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: GROUP_ARG,
        handler: withResponseFilter(hooks, 'settings', ({ params }) => readSettingsGroup(store, params.group)),
      }),
      // The group is a URL parameter, validated as a string, but typed unknown as every param of a body-checked
      // endpoint.
      updateEndpoint(GROUP_ARG, (params) => String(params.group)),
    ],
  });
}
