/**
 * `wp/v2/users` and `wp/v2/users/{id}/application-passwords`: the WordPress subset the admin's Users screen uses, in
 * WordPress's shapes. Managing other users needs `manage_options` (administrators); everyone signed in manages the
 * application passwords of their own account, as in WordPress.
 */
import { forbidden } from '../rest/errors.js';
import type { ArgSchema } from '../rest/args.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, type RestRequest } from '../rest/route.js';
import { ROLES, type Role, type User } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { can } from '../auth/capabilities.js';
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
const ID: Record<string, ArgSchema> = { id: { type: 'integer', description: 'Unique identifier for the user.', required: true } };
const ROLES_ARG: ArgSchema = { type: 'array', description: 'Roles assigned to the user.', items: { type: 'string', enum: ROLES }, minItems: 1, maxItems: 1 };
const PASSWORD_ARG: ArgSchema = { type: 'string', description: 'Password for the user (never included in answers).', minLength: 8, maxLength: 200 };
const NAME_ARG: ArgSchema = { type: 'string', description: 'Display name for the user.', maxLength: 100 };

/** The user named by the URL, if the caller may manage its application passwords: itself, or anyone for an administrator. */
async function passwordOwner(store: Store, request: RestRequest): Promise<User> {
  const caller = request.user!;
  const id = request.params.id as number;
  if (id !== caller.id && !can(caller.roles, 'manage_options')) throw forbidden(true);
  return id === caller.id ? caller : findUserOrThrow(store, id);
}

export function registerUserAdminRoutes(rest: RestRegistry, { store }: { store: Store }): void {
  const timeZone = () => String(store.site.data.settings.general.timezone);
  rest.register({
    namespace: NAMESPACE,
    path: '/users',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'manage_options',
        args: { context: { type: 'string', enum: ['view', 'edit'], default: 'view' } },
        handler: async () => (await store.users.list()).map(restUser),
      },
      {
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
        handler: async ({ params }) =>
          new RestResponse(await createRestUser(store, params as { username: string; email: string; password: string; roles?: Role[]; name?: string }), 201),
      },
    ],
  });
  rest.register({
    namespace: NAMESPACE,
    path: '/users/(?P<id>[\\d]+)',
    endpoints: [
      { methods: ['GET'], permission: 'manage_options', args: ID, handler: async ({ params }) => restUser(await findUserOrThrow(store, params.id as number)) },
      {
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_options',
        args: { ...ID, roles: ROLES_ARG, password: PASSWORD_ARG, name: NAME_ARG },
        requireJsonObject: true,
        rejectUnknownFields: true,
        readOnlyFields: ['username', 'registered_date', 'capabilities'],
        handler: ({ params, user }) =>
          updateRestUser(store, user!, params.id as number, { roles: params.roles as Role[] | undefined, password: params.password as string | undefined, name: params.name as string | undefined }),
      },
    ],
  });
  rest.register({
    namespace: NAMESPACE,
    path: '/users/(?P<id>[\\d]+)/application-passwords',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'read',
        args: ID,
        handler: async (request) => (await passwordOwner(store, request)).app_passwords.map((password) => restApplicationPassword(password, timeZone())),
      },
      {
        methods: ['POST'],
        permission: 'read',
        args: { ...ID, name: { type: 'string', description: 'The name of the application password.', required: true, minLength: 1, maxLength: 100 } },
        requireJsonObject: true,
        handler: async (request) =>
          new RestResponse(await createRestApplicationPassword(store, await passwordOwner(store, request), request.params.name as string, timeZone()), 201),
      },
    ],
  });
  rest.register({
    namespace: NAMESPACE,
    path: '/users/(?P<id>[\\d]+)/application-passwords/(?P<uuid>[\\w-]+)',
    endpoints: [
      {
        methods: ['DELETE'],
        permission: 'read',
        args: { ...ID, uuid: { type: 'string', required: true } },
        handler: async (request) => revokeApplicationPassword(store, await passwordOwner(store, request), request.params.uuid as string, timeZone()),
      },
    ],
  });
}
