/**
 * The customers' erasure requests for managers: `GET vitrine/v1/erasure-requests` lists them with their state and
 * deadline (one month from the request), and `POST vitrine/v1/erasure-requests/{id}` carries out the request of the
 * account `id` once its customer has confirmed it, anonymising their orders (account-erasure.ts). For shop managers
 * (`manage_shop`), on the accounts they may see.
 */
import type { ErasureRequestState, RestErasureDone, RestErasureRequest } from '../../../client/api/users.js';
import { mayViewUser } from '../../accounts/user-visibility.js';
import { RestError } from '../../rest/errors.js';
import type { RestRegistry } from '../../rest/registry.js';
import { endpoint } from '../../rest/route.js';
import { toLocalDateTime } from '../../store/local-time.js';
import type { ErasureRequest, User } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import type { ShopMail } from '../../mail/shop-mail.js';
import { carryOutErasure, erasureDueOn } from './account-erasure.js';

const stateOf = (request: ErasureRequest): ErasureRequestState =>
  request.completed_at ? 'completed' : request.confirmed_at ? 'confirmed' : 'awaiting_confirmation';

/** The request of `user` as managers read it, as of `now`. */
export function managedErasureRequest(user: User, timeZone: string, now = new Date()): RestErasureRequest | null {
  const request = user.erasure_request;
  if (!request) return null;
  const dueOn = erasureDueOn(request, timeZone);
  return {
    id: user.id,
    email: user.email,
    name: user.display_name,
    state: stateOf(request),
    requested_at: request.requested_at,
    confirmed_at: request.confirmed_at,
    completed_at: request.completed_at,
    due_on: dueOn,
    overdue: !request.completed_at && toLocalDateTime(now.toISOString(), timeZone).slice(0, 10) > dueOn,
  };
}

export function registerErasureRequestRoutes(registry: RestRegistry, store: Store, mail: ShopMail): void {
  const timeZone = () => store.site.data.settings.general.timezone;
  registry.register({
    namespace: 'vitrine/v1',
    path: '/erasure-requests',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: {},
        handler: async (request): Promise<RestErasureRequest[]> => {
          const now = new Date();
          return (await store.users.list())
            .filter((user) => request.user && mayViewUser(request.user, user))
            .map((user) => managedErasureRequest(user, timeZone(), now))
            .filter((managed) => managed !== null)
            .sort((a, b) => b.requested_at.localeCompare(a.requested_at));
        },
      }),
    ],
  });
  registry.register({
    namespace: 'vitrine/v1',
    path: '/erasure-requests/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: { id: { type: 'integer', description: "The account's id.", required: true } },
        handler: async (request): Promise<RestErasureDone> => {
          const user = await store.users.findById(request.params.id);
          if (!user?.erasure_request || !request.user || !mayViewUser(request.user, user))
            throw new RestError(
              'vitrine_erasure_request_not_found',
              'There is no erasure request for this account.',
              404,
            );
          const erased = await carryOutErasure(store, mail, user);
          return {
            ...managedErasureRequest(erased, timeZone())!,
            items_retained: (await store.orders.listByUser(user.id)).length,
          };
        },
      }),
    ],
  });
}
