/**
 * `vitrine/v1/api-keys`: the admin's REST API keys screen. A shop manager lists, creates (the consumer key and secret
 * answered this once) and revokes their own keys; an administrator sees and revokes everyone's. A key acts as the user
 * who made it, narrowed by its permission (server/auth/woo-api-keys.ts).
 */
import type { RestApiKey, RestNewApiKey } from '../../client/api/api-keys.js';
import { can } from '../auth/capabilities.js';
import { API_KEY_PERMISSIONS, createApiKey } from '../auth/woo-api-keys.js';
import { RestError } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import type { User } from '../store/schema.js';
import type { ApiKey, Store } from '../store/store.js';

const NAMESPACE = 'vitrine/v1';

const unknownKey = () => new RestError('vitrine_api_key_invalid_id', 'There is no such API key.', 404);

/** Administrators manage every key; other managers their own. */
const mayManage = (user: User, key: ApiKey) => key.user_id === user.id || can(user.roles, 'manage_options');

export function registerApiKeyRoutes(rest: RestRegistry, { store }: { store: Store }): void {
  const shape = async (key: ApiKey): Promise<RestApiKey> => ({
    id: key.id,
    description: key.description,
    permissions: key.permissions,
    truncated_key: key.truncated_key,
    user: (await store.users.findById(key.user_id))?.login ?? '',
    created_at: key.created_at,
    last_access: key.last_access,
  });

  rest.register({
    namespace: NAMESPACE,
    path: '/api-keys',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        handler: async ({ user }) => {
          const keys = (await store.apiKeys.list()).filter((key) => mayManage(user!, key));
          return Promise.all(keys.reverse().map(shape));
        },
      }),
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: {
          description: {
            type: 'string',
            description: 'What the key is for (the program or the person using it).',
            required: true,
            minLength: 1,
            maxLength: 200,
          },
          permissions: {
            type: 'string',
            description: 'What the key may do: read, write, or both.',
            enum: API_KEY_PERMISSIONS,
            default: 'read',
          },
        },
        handler: async ({ params, user }) => {
          const description = params.description.trim();
          if (!description)
            throw new RestError('rest_invalid_param', 'Invalid parameter(s): description', 400, {
              params: { description: 'Describe what the key is for.' },
            });
          const credentials = await createApiKey(store, user!.login, description, { permissions: params.permissions });
          const answer: RestNewApiKey = {
            ...(await shape(credentials.key)),
            consumer_key: credentials.consumerKey,
            consumer_secret: credentials.consumerSecret,
          };
          return new RestResponse(answer, 201);
        },
      }),
    ],
  });

  rest.register({
    namespace: NAMESPACE,
    path: '/api-keys/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['DELETE'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: { id: { type: 'integer', description: 'The key to revoke.', required: true } },
        handler: async ({ params, user }) => {
          const key = (await store.apiKeys.list()).find((candidate) => candidate.id === params.id);
          if (!key || !mayManage(user!, key)) throw unknownKey();
          const removed = await store.apiKeys.remove(key.id);
          if (!removed) throw unknownKey();
          return { deleted: true, previous: await shape(removed) };
        },
      }),
    ],
  });
}
