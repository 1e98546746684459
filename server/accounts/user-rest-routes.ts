/** `vitrine/v1/users/me`: who the credentials belong to, so the admin panel and integrators can check them. */
import { RestError } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { capabilitiesOf } from '../auth/capabilities.js';

export function registerUserRoutes(registry: RestRegistry): void {
  registry.register({
    namespace: 'vitrine/v1',
    path: '/users/me',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'public',
        handler: ({ user, nonce }) => {
          if (!user) throw new RestError('rest_not_logged_in', 'You are not currently logged in.', 401);
          return {
            id: user.id,
            login: user.login,
            display_name: user.display_name,
            roles: user.roles,
            capabilities: Object.fromEntries(capabilitiesOf(user.roles).map((capability) => [capability, true])),
            nonce,
          };
        },
      },
    ],
  });
}
