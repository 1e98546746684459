/**
 * `wp/v2/users` and `wp/v2/users/{id}/application-passwords`: the WordPress subset the admin's Users screen uses, in
 * WordPress's shapes. Everyone signed in reads their own record and manages the application passwords of their own
 * account, as in WordPress; shop managers list and view customers (user-visibility.ts); changing other users needs
 * `manage_options` (administrators). The same for oneself under `users/me`: user-me-routes.ts.
 */
import { RestError, forbidden } from '../rest/errors.js';
import type { ArgSchema, ArgSchemas, ParamsOf } from '../rest/args.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint, type RestRequest, type RouteDefinition } from '../rest/route.js';
import { ROLES, type User } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { can } from '../auth/capabilities.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../client/api/users.js';
import { ADMIN_LOCALE_ARG } from './admin-locale.js';
import {
  createRestApplicationPassword,
  createRestUser,
  findUserOrThrow,
  restApplicationPassword,
  restUser,
  restUserView,
  revokeApplicationPassword,
  updateRestUser,
} from './user-admin.js';
import { mayViewUser, visibleRoles } from './user-visibility.js';

const NAMESPACE = 'wp/v2';
const ID = {
  id: { type: 'integer', description: 'Unique identifier for the user.', required: true },
} as const satisfies ArgSchemas;
const ROLES_ARG = {
  type: 'array',
  description: 'Roles assigned to the user.',
  items: { type: 'string', enum: ROLES },
  minItems: 1,
  maxItems: 1,
} as const satisfies ArgSchema;
const PASSWORD_ARG = {
  type: 'string',
  description: 'Password for the user (never included in answers).',
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
} as const satisfies ArgSchema;
const NAME_ARG = {
  type: 'string',
  description: 'Display name for the user.',
  maxLength: 100,
} as const satisfies ArgSchema;
export const CONTEXT_ARG = {
  type: 'string',
  description: 'Scope under which the request is made; determines fields present in response.',
  enum: ['view', 'edit'],
  default: 'view',
} as const satisfies ArgSchema;
export const OWN_ACCOUNT_ARGS = {
  password: PASSWORD_ARG,
  name: NAME_ARG,
  locale: ADMIN_LOCALE_ARG,
} as const satisfies ArgSchemas;

/** A user in the context asked for: `view` (public fields) or `edit` (the whole record). */
export const userInContext = (user: User, context: 'view' | 'edit') =>
  context === 'edit' ? restUser(user) : restUserView(user);

const cannotView = () => new RestError('rest_user_cannot_view', 'Sorry, you are not allowed to view this user.', 403);

/**
 * The user named by the URL, if the caller may manage its application passwords: itself, or anyone for an
 * administrator.
 */
async function passwordOwner(store: Store, request: RestRequest<ParamsOf<typeof ID>>): Promise<User> {
  const caller = request.user!;
  const { id } = request.params;
  if (id !== caller.id && !can(caller.roles, 'manage_options')) throw forbidden(true);
  return id === caller.id ? caller : findUserOrThrow(store, id);
}

/**
 * The user named by the URL, if the caller may see it (user-visibility.ts): 403 before a look-up for users who see only
 * themselves.
 */
async function visibleUser(store: Store, caller: User, id: number): Promise<User> {
  if (id === caller.id) return caller;
  const roles = visibleRoles(caller);
  if (roles !== 'all' && roles.length === 0) throw cannotView();
  const user = await findUserOrThrow(store, id);
  if (!mayViewUser(caller, user)) throw cannotView();
  return user;
}

/**
 * The application-password routes under `base` (`/users/(?P<id>…)` or `/users/me`), whose owner `ownerOf` finds and
 * checks: one declaration for both addresses.
 */
export function applicationPasswordRoutes<P>(
  store: Store,
  base: string,
  urlArgs: ArgSchemas,
  ownerOf: (request: RestRequest<P>) => Promise<User>,
): RouteDefinition[] {
  const timeZone = () => store.site.data.settings.general.timezone;
  const owner = (request: RestRequest<unknown>) => ownerOf(request as RestRequest<P>);
  return [
    {
      namespace: NAMESPACE,
      path: `${base}/application-passwords`,
      endpoints: [
        endpoint({
          methods: ['GET'],
          permission: 'read',
          args: urlArgs,
          handler: async (request) =>
            (await owner(request)).app_passwords.map((password) => restApplicationPassword(password, timeZone())),
        }),
        endpoint({
          methods: ['POST'],
          permission: 'read',
          args: {
            ...urlArgs,
            name: {
              type: 'string',
              description: 'The name of the application password.',
              required: true,
              minLength: 1,
              maxLength: 100,
            },
          },
          requireJsonObject: true,
          handler: async (request) =>
            new RestResponse(
              await createRestApplicationPassword(store, await owner(request), request.params.name, timeZone()),
              201,
            ),
        }),
      ],
    },
    {
      namespace: NAMESPACE,
      path: `${base}/application-passwords/(?P<uuid>[\\w-]+)`,
      endpoints: [
        endpoint({
          methods: ['DELETE'],
          permission: 'read',
          args: { ...urlArgs, uuid: { type: 'string', required: true } },
          handler: async (request) =>
            revokeApplicationPassword(store, await owner(request), request.params.uuid, timeZone()),
        }),
      ],
    },
  ];
}

export function registerUserAdminRoutes(rest: RestRegistry, { store }: { store: Store }): void {
  rest.register({
    namespace: NAMESPACE,
    path: '/users',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: {
          context: CONTEXT_ARG,
          roles: {
            type: 'array',
            description: 'Limit result set to users matching at least one specific role provided.',
            items: { type: 'string', enum: ROLES },
          },
        },
        handler: async ({ params, user }) => {
          const visible = visibleRoles(user!);
          if (visible !== 'all' && params.roles?.some((role) => !visible.includes(role))) {
            throw new RestError(
              'rest_user_cannot_view',
              `Sorry, you are not allowed to filter users by role. You may list: ${visible.join(', ')}.`,
              403,
            );
          }
          const wanted = params.roles ?? (visible === 'all' ? undefined : visible);
          const users = (await store.users.list()).filter(
            (listed) => !wanted || listed.roles.some((role) => wanted.includes(role)),
          );
          return users.map((listed) => userInContext(listed, params.context));
        },
      }),
      endpoint({
        methods: ['POST'],
        permission: 'manage_options',
        args: {
          username: {
            type: 'string',
            description: 'Login name for the user.',
            required: true,
            minLength: 1,
            maxLength: 60,
          },
          email: {
            type: 'string',
            description: 'The email address for the user.',
            required: true,
            minLength: 3,
            maxLength: 254,
          },
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
      endpoint({
        methods: ['GET'],
        permission: 'read',
        args: { ...ID, context: CONTEXT_ARG },
        handler: async ({ params, user }) => userInContext(await visibleUser(store, user!, params.id), params.context),
      }),
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_options',
        args: { ...ID, roles: ROLES_ARG, ...OWN_ACCOUNT_ARGS },
        requireJsonObject: true,
        rejectUnknownFields: true,
        readOnlyFields: ['username', 'registered_date', 'capabilities'],
        handler: ({ params: { id, ...changes }, user, session }) => updateRestUser(store, user!, id, changes, session),
      }),
    ],
  });
  for (const route of applicationPasswordRoutes(
    store,
    '/users/(?P<id>[\\d]+)',
    ID,
    (request: RestRequest<ParamsOf<typeof ID>>) => passwordOwner(store, request),
  )) {
    rest.register(route);
  }
}
