/**
 * `wp/v2/users/me` and `wp/v2/users/me/application-passwords`, as WordPress has them: the signed-in user's own record
 * (clients such as wpapi's `.users().me()` use it to find who they are), changed by the user (name, e-mail, password),
 * and their application passwords, for every signed-in user, customers too. Nobody signed in: 401 `rest_not_logged_in`.
 */
import type { RestRegistry } from '../rest/registry.js';
import { RestError } from '../rest/errors.js';
import { endpoint, type RestRequest } from '../rest/route.js';
import type { User } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { restUser } from './user-admin.js';
import { applicationPasswordRoutes, CONTEXT_ARG, OWN_ACCOUNT_ARGS, userInContext } from './user-admin-routes.js';
import { updateOwnAccount } from './own-account.js';

const NAMESPACE = 'wp/v2';

/** WordPress's answer on `users/me` to a request that is not signed in. */
const notLoggedIn = () => new RestError('rest_not_logged_in', 'You are not currently logged in.', 401);

function signedInUser(request: RestRequest<unknown>): User {
  if (!request.user) throw notLoggedIn();
  return request.user;
}

export function registerOwnAccountRoutes(rest: RestRegistry, { store }: { store: Store }): void {
  rest.register({
    namespace: NAMESPACE,
    path: '/users/me',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'public',
        args: { context: CONTEXT_ARG },
        withoutCatalog: true,
        handler: (request) => userInContext(signedInUser(request), request.params.context),
      }),
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'public',
        args: {
          ...OWN_ACCOUNT_ARGS,
          email: { type: 'string', description: 'The email address for the user.', minLength: 3, maxLength: 254 },
        },
        requireJsonObject: true,
        rejectUnknownFields: true,
        readOnlyFields: ['id', 'username', 'registered_date', 'capabilities'],
        withoutCatalog: true,
        handler: async (request) =>
          restUser(await updateOwnAccount(store, signedInUser(request), request.params, request.session)),
      }),
    ],
  });
  // Public at the route, so that nobody signed in hears WordPress's `rest_not_logged_in` rather than `rest_forbidden`.
  for (const route of applicationPasswordRoutes(store, '/users/me', {}, async (request) => signedInUser(request))) {
    rest.register({
      ...route,
      endpoints: route.endpoints.map((definition) => ({ ...definition, permission: 'public', withoutCatalog: true })),
    });
  }
}
