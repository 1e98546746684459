/**
 * WooCommerce REST API keys: a consumer key `ck_…` and secret `cs_…` (40 hex digits each, as WooCommerce makes them),
 * which connectors written for WooCommerce send over HTTP Basic, as query parameters or as the key of an OAuth 1.0a
 * signature. Stored as SHA-256 hashes: they are high-entropy, so a fast hash is safe and keeps each API call cheap.
 *
 * An OAuth signature is an HMAC keyed with the secret, so the server must be able to know the secret, which a hash
 * does not allow (WooCommerce keeps secrets in plain text for this). Here the secret is derived from the consumer key
 * with the per-install secret instead, so it is never stored anywhere; keys made before that (whose secret was drawn
 * at random) still work over Basic and query parameters, but cannot sign.
 *
 * A key acts as its user, with the user's capabilities, narrowed by the key's permission level as WooCommerce does: a
 * `read` key may only read, a `write` key only write.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { User } from '../store/schema.js';
import type { ApiKey, Store } from '../store/store.js';
import { StoreNotFoundError } from '../store/store.js';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export interface NewApiKeyCredentials {
  consumerKey: string;
  consumerSecret: string;
}

export type ApiKeyPermissions = ApiKey['permissions'];
export const API_KEY_PERMISSIONS: readonly ApiKeyPermissions[] = ['read', 'write', 'read_write'];

/**
 * Creates a key for the user with this login.
 * @throws StoreNotFoundError when there is no such user
 * @example const { consumerKey, consumerSecret } = await createApiKey(store, 'maria', 'ERP', { permissions: 'read' });
 */
export async function createApiKey(
  store: Store,
  login: string,
  description: string,
  { permissions = 'read_write', now = new Date() }: { permissions?: ApiKeyPermissions; now?: Date } = {},
): Promise<NewApiKeyCredentials & { key: ApiKey }> {
  const user = await store.users.findByLogin(login);
  if (!user) throw new StoreNotFoundError(`There is no user with the login "${login}".`);
  const consumerKey = `ck_${randomBytes(20).toString('hex')}`;
  const consumerSecret = derivedConsumerSecret(store.site.data.secret, consumerKey);
  const key = await store.apiKeys.create({
    user_id: user.id,
    description,
    permissions,
    consumer_key_hash: sha256(consumerKey),
    consumer_secret_hash: sha256(consumerSecret),
    truncated_key: consumerKey.slice(-7),
    created_at: now.toISOString(),
  });
  return { consumerKey, consumerSecret, key };
}

/** A key's last access is written at most this often: a busy connector would otherwise write on every request. */
const ACCESS_RECORD_INTERVAL_MS = 60_000;

/** Notes that a request authenticated with `key` at `now`, unless that was noted less than a minute before. */
export async function recordApiKeyAccess(store: Store, key: ApiKey, now: Date): Promise<void> {
  if (key.last_access && now.getTime() - Date.parse(key.last_access) < ACCESS_RECORD_INTERVAL_MS) return;
  await store.apiKeys.recordAccess(key.id, now.toISOString());
}

/** Whether Basic credentials look like a WooCommerce key rather than a login. */
export function isConsumerKey(login: string): boolean {
  return /^ck_[0-9a-f]{40}$/.test(login);
}

/**
 * The secret of a consumer key made by {@link createApiKey}: an HMAC of the key under the per-install secret (with a
 * label of its own, apart from the other uses of that secret), cut to WooCommerce's 40 hex digits.
 */
function derivedConsumerSecret(installSecret: string, consumerKey: string): string {
  return `cs_${createHmac('sha256', installSecret).update(`woocommerce-consumer-secret\n${consumerKey}`).digest('hex').slice(0, 40)}`;
}

/** A stored key with its user, as found by its consumer key. */
export interface FoundApiKey {
  key: ApiKey;
  user: User;
}

/** The stored key of a consumer key and its user, or null when no key (or no longer its user) matches. */
export async function findApiKey(store: Store, consumerKey: string): Promise<FoundApiKey | null> {
  const key = await store.apiKeys.findByConsumerKeyHash(sha256(consumerKey));
  const user = key ? await store.users.findById(key.user_id) : null;
  return key && user ? { key, user } : null;
}

/** Whether a secret sent in the clear (Basic, query parameters) is the key's, compared in constant time. */
export function consumerSecretMatches(key: ApiKey, consumerSecret: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(consumerSecret), 'hex'), Buffer.from(key.consumer_secret_hash, 'hex'));
}

/**
 * The secret that OAuth signatures of this key are keyed with.
 * @returns null for a key made before secrets were derived: its secret is known only as a hash
 */
export function signingSecretOf(installSecret: string, key: ApiKey, consumerKey: string): string | null {
  const secret = derivedConsumerSecret(installSecret, consumerKey);
  return consumerSecretMatches(key, secret) ? secret : null;
}

/**
 * WooCommerce's check of a key's level against the request method: reading needs `read` or `read_write`, anything
 * else `write` or `read_write`.
 */
export function keyAllows(permissions: ApiKeyPermissions, method: string): boolean {
  const reading = method === 'GET' || method === 'HEAD';
  return permissions === 'read_write' || (reading ? permissions === 'read' : permissions === 'write');
}
