/** `vitrine/v1/api-keys`: WooCommerce REST API keys (server/accounts/api-key-routes.ts). */
import type { RestApiKey, RestApiKeyPermissions, RestNewApiKey } from '../../api/api-keys.js';
import type { RestDeleted } from '../../api/errors.js';
import { restDelete, restGet, restPost } from './rest-client.js';

export const listApiKeys = () => restGet<RestApiKey[]>('/vitrine/v1/api-keys');

/** The answer holds the consumer key and secret, shown this once. */
export const createApiKey = (description: string, permissions: RestApiKeyPermissions) =>
  restPost<RestNewApiKey>('/vitrine/v1/api-keys', { description, permissions });

export const revokeApiKey = (id: number) => restDelete<RestDeleted<RestApiKey>>(`/vitrine/v1/api-keys/${id}`);
