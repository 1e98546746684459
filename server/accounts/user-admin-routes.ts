/**
 * `wp/v2/users` and `wp/v2/users/{id}/application-passwords`: the WordPress subset the admin's Users screen uses, in
 * WordPress's shapes. Managing other users needs `manage_options` (administrators); everyone signed in manages the
 * application passwords of their own account, as in WordPress.
 */
import { forbidden } from '../rest/errors.js';
import type { ArgSchema, ArgSchemas, ParamsOf } from '../rest/args.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint, type RestRequest } from '../rest/route.js';
import { ROLES, type User } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { can } from '../auth/capabilities.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../client/api/users.js';
import {
  createRestApplicationPassword,
  createRestUser,
  findUserOrThrow,
  restApplicationPassword,
  restUser,
  revokeApplicationPassword,
  updateRestUser,
} from './user-admin.js';

const NAMESPACE = 'wp/v2';
const ID = { id: { type: 'integer', description: 'Unique identifier for the user.', required: true } } as const satisfies ArgSchemas;
const ROLES_ARG = { type: 'array', description: 'Roles assigned to the user.', items: { type: 'string', enum: ROLES }, minItems: 1, maxItems: 1 } as const satisfies ArgSchema;
const PASSWORD_ARG = {
  type: 'string', description: 'Password for the user (never included in answers).', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH,
} as const satisfies ArgSchema;
const NAME_ARG = { type: 'string', description: 'Display name for the user.', maxLength: 100 } as const satisfies ArgSchema;

/** The user named by the URL, if the caller may manage its application passwords: itself, or anyone for an administrator. */
async function passwordOwner(store: Store, request: RestRequest<ParamsOf<typeof ID>>): Promise<User> {
  const caller = request.user!;
  const { id } = request.params;
  if (id !== caller.id && !can(caller.roles, 'manage_options')) throw forbidden(true);
  return id === caller.id ? caller : findUserOrThrow(store, id);
}

export function registerUserAdminRoutes(rest: RestRegistry, { store }: { store: Store }): void {
  const timeZone = () => String(store.site.data.settings.general.timezone);
  rest.register({
    namespace: NAMESPACE,
    path: '/users',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_options',
        args: { context: { type: 'string', enum: ['view', 'edit'], default: 'view' } },
        handler: async () => (await store.users.list()).map(restUser),
      }),
      endpoint({
        methods: ['POST'],
        permission: 'manage_options',
        args: {
          username: { type: 'string', description: 'Login name for the user.', required: true, minLength: 1, maxLength: 60 },
          email: { type: 'string', description: 'The email address for the user.', required: true, minLength: 3, maxLength: 254 },
          password: { ...PASSWORD_ARG, required: true },
          roles: ROLES_ARG,
          name: NAME_ARG,
        },
        requireJsonObject: true,
        handler: async ({ params }) => new RestResponse(await createRestUser(store, params), 201),
      }),
    ],
  });
  rest.register({
    namespace: NAMESPACE,
    path: '/users/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({ methods: ['GET'], permission: 'manage_options', args: ID, handler: async ({ params }) => restUser(await findUserOrThrow(store, params.id)) }),
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_options',
        args: { ...ID, roles: ROLES_ARG, password: PASSWORD_ARG, name: NAME_ARG },
        requireJsonObject: true,
        rejectUnknownFields: true,
        readOnlyFields: ['username', 'registered_date', 'capabilities'],
        handler: ({ params: { id, ...changes }, user }) => updateRestUser(store, user!, id, changes),
      }),
    ],
  });
  rest.register({
    namespace: NAMESPACE,
    path: '/users/(?P<id>[\\d]+)/application-passwords',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'read',
        args: ID,
        handler: async (request) => (await passwordOwner(store, request)).app_passwords.map((password) => restApplicationPassword(password, timeZone())),
      }),
      endpoint({
        methods: ['POST'],
        permission: 'read',
        args: { ...ID, name: { type: 'string', description: 'The name of the application password.', required: true, minLength: 1, maxLength: 100 } },
        requireJsonObject: true,
        handler: async (request) =>
          new RestResponse(await createRestApplicationPassword(store, await passwordOwner(store, request), request.params.name, timeZone()), 201),
      }),
    ],
  });
  rest.register({
    namespace: NAMESPACE,
    path: '/users/(?P<id>[\\d]+)/application-passwords/(?P<uuid>[\\w-]+)',
    endpoints: [
      endpoint({
        methods: ['DELETE'],
        permission: 'read',
        args: { ...ID, uuid: { type: 'string', required: true } },
        handler: async (request) => revokeApplicationPassword(store, await passwordOwner(store, request), request.params.uuid, timeZone()),
      }),
    ],
  });
}
