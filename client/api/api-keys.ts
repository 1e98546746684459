/** `vitrine/v1/api-keys`: WooCommerce REST API keys as the admin lists them (server/accounts/api-key-routes.ts). */

export type RestApiKeyPermissions = 'read' | 'write' | 'read_write';

export interface RestApiKey {
  id: number;
  description: string;
  permissions: RestApiKeyPermissions;
  /** The consumer key's last seven characters, to tell keys apart. */
  truncated_key: string;
  /** The login of the user the key acts as. */
  user: string;
  created_at: string;
  last_access: string | null;
}

/** The answer to creating a key: the only time its consumer key and secret are shown. */
export interface RestNewApiKey extends RestApiKey {
  consumer_key: string;
  consumer_secret: string;
}
