/**
 * A WooCommerce REST API key (`vitrine api-key create`): a consumer key `ck_…` and secret `cs_…` used over HTTP Basic
 * by connectors written for WooCommerce. Both are random and high-entropy, so they are stored as SHA-256 hashes.
 */
export interface ApiKey {
  id: number;
  user_id: number;
  description: string;
  /** WooCommerce's permission levels; `read` keys may only read. */
  permissions: 'read' | 'write' | 'read_write';
  consumer_key_hash: string;
  consumer_secret_hash: string;
  /** The key's last seven characters, to tell keys apart in lists. */
  truncated_key: string;
  created_at: string;
  /** When a request last authenticated with it (written at most once a minute), null before the first. */
  last_access: string | null;
}

export type NewApiKey = Omit<ApiKey, 'id' | 'last_access'>;

export interface ApiKeyRepository {
  /**
   * Stores a key of an existing user (the check and the write are one operation).
   * @throws StoreNotFoundError when the user does not exist; StoreConflictError naming `consumer_key` when taken
   */
  create(key: NewApiKey): Promise<ApiKey>;
  /** The key whose consumer key hashes to `hash`, if any. */
  findByConsumerKeyHash(hash: string): Promise<ApiKey | null>;
  /** Every key, by id (for `vitrine store copy` and the admin's list). */
  list(): Promise<ApiKey[]>;
  /** Revokes a key: requests with it are refused from then on. @returns the key removed, or null */
  remove(id: number): Promise<ApiKey | null>;
  /** Notes that a request authenticated with the key at `at` (ISO); a removed key is ignored. */
  recordAccess(id: number, at: string): Promise<void>;
  /**
   * Records that an OAuth 1.0a request signed with key `keyId` used `nonce`, unless a request already did and that
   * record has not expired: the check and the write are one operation, so that two instances cannot both accept a
   * replayed request. Records that expired by `now` are dropped.
   * @param expiresAt ISO time after which the nonce may be forgotten (the end of its timestamp's window)
   * @returns true for a nonce not seen before, false for a replay
   */
  useNonce(keyId: number, nonce: string, expiresAt: string, now: Date): Promise<boolean>;
}
