/**
 * The manager's side of the customer's data rights, as WordPress's privacy tools have them:
 * `GET vitrine/v1/users/{id}/export` answers the customer's data (personal-data.ts) and `POST
 * vitrine/v1/users/{id}/erase` erases the account, keeping the orders tax law requires (account-erasure.ts). For
 * shop managers (`manage_shop`), on the accounts they may see (customers; administrators everyone).
 */
import type { RestUserErasure } from '../../../client/api/users.js';
import { mayViewUser } from '../../accounts/user-visibility.js';
import { RestError } from '../../rest/errors.js';
import type { RestRegistry } from '../../rest/registry.js';
import { endpoint, type RestRequest } from '../../rest/route.js';
import type { User } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import type { ShopMail } from '../../mail/shop-mail.js';
import { eraseAccount } from './account-erasure.js';
import { personalDataOf } from './personal-data.js';

const ID_ARG = { id: { type: 'integer', description: "The user's id.", required: true } } as const;

/** The user the request names, when its caller may see them; WordPress's 404 otherwise, so as to reveal nothing. */
async function namedUser(store: Store, request: RestRequest<{ id: number }>): Promise<User> {
  const user = await store.users.findById(request.params.id);
  if (!user || !request.user || !mayViewUser(request.user, user))
    throw new RestError('rest_user_invalid_id', 'Invalid user ID.', 404);
  return user;
}

export function registerPrivacyRestRoutes(registry: RestRegistry, store: Store, mail: ShopMail): void {
  registry.register({
    namespace: 'vitrine/v1',
    path: '/users/(?P<id>[\\d]+)/export',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: ID_ARG,
        handler: async (request) => personalDataOf(store, await namedUser(store, request)),
      }),
    ],
  });
  registry.register({
    namespace: 'vitrine/v1',
    path: '/users/(?P<id>[\\d]+)/erase',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: ID_ARG,
        handler: async (request): Promise<RestUserErasure> => {
          const user = await namedUser(store, request);
          const erased = await eraseAccount(store, mail, user);
          const kept = (await store.orders.listByUser(user.id)).length;
          return {
            id: erased.id,
            erased: true,
            items_retained: kept,
            messages: kept
              ? [
                  `${kept} order(s) are kept with their billing details, as tax law requires; the account is anonymised.`,
                ]
              : [],
          };
        },
      }),
    ],
  });
}
