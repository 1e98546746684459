/**
 * `wc/v3/settings`: the groups, a group's settings, one setting, and updates (one, or a group's batch), in
 * WooCommerce's shape and codes. Thin: wc-settings.ts maps WooCommerce's settings to the shop's, wc-shop-settings.ts
 * checks and stores. A batch is applied whole or not at all (WooCommerce applies its items one by one): a bad value
 * refuses the request, naming every bad id, so that a connector never leaves the shop half configured.
 */
import type { ArgSchemas } from '../rest/args.js';
import { invalidParams } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { endpoint, type HttpMethod } from '../rest/route.js';
import type { Store } from '../store/store.js';
import { cannotBatch, cannotEdit, cannotView } from './wc-errors.js';
import { NAMESPACE } from './wc-product-routes.js';
import { settingGroup, settingOf, wcSetting, wcSettingGroups } from './wc-settings.js';
import { writeSettings } from './wc-shop-settings.js';

const GROUP = {
  group_id: { type: 'string', description: 'Settings group ID.', required: true },
} as const satisfies ArgSchemas;
const SETTING = {
  ...GROUP,
  id: { type: 'string', description: 'Unique identifier for the resource.', required: true },
} as const satisfies ArgSchemas;
const VALUE = {
  value: {
    type: 'string',
    description: 'Setting value (text; numbers and true/false are taken as WooCommerce takes them).',
  },
} as const satisfies ArgSchemas;

const shared = (methods: HttpMethod[], forbidden: typeof cannotView) =>
  ({ methods, permission: 'manage_shop', forbidden, withoutCatalog: true }) as const;

export function registerWcSettingsRoutes(registry: RestRegistry, { store }: { store: Store }): void {
  const answer = (groupId: string, id: string) => wcSetting(settingOf(groupId, id), groupId, store.site.data);

  registry.register({
    namespace: NAMESPACE,
    path: '/settings',
    endpoints: [endpoint({ ...shared(['GET'], cannotView), handler: () => wcSettingGroups() })],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/settings/(?P<group_id>[\\w-]+)',
    endpoints: [
      endpoint({
        ...shared(['GET'], cannotView),
        args: GROUP,
        handler: ({ params }) =>
          settingGroup(params.group_id).settings.map((setting) => wcSetting(setting, params.group_id, store.site.data)),
      }),
    ],
  });

  // Before `{id}`, so that `batch` is not read as a setting's id.
  registry.register({
    namespace: NAMESPACE,
    path: '/settings/(?P<group_id>[\\w-]+)/batch',
    endpoints: [
      endpoint({
        ...shared(['POST', 'PUT', 'PATCH'], cannotBatch),
        args: {
          ...GROUP,
          update: {
            type: 'array',
            description: 'Settings to update: [{id, value}].',
            items: { type: 'object' },
            maxItems: 100,
            default: [],
          },
        },
        handler: async ({ params }) => {
          const group = settingGroup(params.group_id);
          const problems: Record<string, string> = {};
          const writes = params.update.flatMap((item, index) => {
            const setting = group.settings.find((candidate) => candidate.id === item.id);
            if (!setting)
              problems[`update[${index}].id`] = `${String(item.id)} is not a setting of the group ${group.id}.`;
            else if (!Object.hasOwn(item, 'value')) problems[`update[${index}].value`] = 'value is missing.';
            return setting && Object.hasOwn(item, 'value')
              ? [{ name: setting.id, source: setting.source, value: item.value }]
              : [];
          });
          if (Object.keys(problems).length) throw invalidParams(problems);
          await writeSettings(store, writes);
          return { update: writes.map((write) => answer(group.id, write.name)) };
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/settings/(?P<group_id>[\\w-]+)/(?P<id>[\\w-]+)',
    endpoints: [
      endpoint({
        ...shared(['GET'], cannotView),
        args: SETTING,
        handler: ({ params }) => answer(params.group_id, params.id),
      }),
      endpoint({
        ...shared(['POST', 'PUT', 'PATCH'], cannotEdit),
        args: { ...SETTING, ...VALUE },
        bodyCheckedByHandler: true,
        handler: async ({ params, body }) => {
          const groupId = String(params.group_id);
          const setting = settingOf(groupId, String(params.id));
          const sent =
            body && typeof body === 'object' && Object.hasOwn(body, 'value')
              ? (body as { value: unknown }).value
              : undefined;
          if (sent === undefined) throw invalidParams({ value: 'value is missing.' });
          await writeSettings(store, [{ name: 'value', source: setting.source, value: sent }]);
          return answer(groupId, setting.id);
        },
      }),
    ],
  });
}
