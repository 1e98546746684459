/**
 * WooCommerce REST API keys: a consumer key `ck_…` and secret `cs_…` (40 random hex digits each, as WooCommerce makes
 * them), which connectors written for WooCommerce send over HTTP Basic. Stored as SHA-256 hashes: they are
 * high-entropy, so a fast hash is safe and keeps each API call cheap. A key acts as its user, with the user's
 * capabilities, narrowed by the key's permission level as WooCommerce does: a `read` key may only read, a `write` key
 * only write.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
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
): Promise<NewApiKeyCredentials> {
  const user = await store.users.findByLogin(login);
  if (!user) throw new StoreNotFoundError(`There is no user with the login "${login}".`);
  const consumerKey = `ck_${randomBytes(20).toString('hex')}`;
  const consumerSecret = `cs_${randomBytes(20).toString('hex')}`;
  await store.apiKeys.create({
    user_id: user.id, description, permissions, consumer_key_hash: sha256(consumerKey),
    consumer_secret_hash: sha256(consumerSecret), truncated_key: consumerKey.slice(-7), created_at: now.toISOString(),
  });
  return { consumerKey, consumerSecret };
}

/** Whether Basic credentials look like a WooCommerce key rather than a login. */
export function isConsumerKey(login: string): boolean {
  return /^ck_[0-9a-f]{40}$/.test(login);
}

/** The user behind a consumer key and secret with the key's permission level, or null when they match no stored key. */
export async function userOfApiKey(
  store: Store,
  consumerKey: string,
  consumerSecret: string,
): Promise<{ user: User; permissions: ApiKeyPermissions; description: string } | null> {
  const key = await store.apiKeys.findByConsumerKeyHash(sha256(consumerKey));
  if (!key) return null;
  const matches = timingSafeEqual(Buffer.from(sha256(consumerSecret), 'hex'), Buffer.from(key.consumer_secret_hash, 'hex'));
  const user = matches ? await store.users.findById(key.user_id) : null;
  return user ? { user, permissions: key.permissions, description: key.description } : null;
}

/**
 * WooCommerce's check of a key's level against the request method: reading needs `read` or `read_write`, anything
 * else `write` or `read_write`.
 */
export function keyAllows(permissions: ApiKeyPermissions, method: string): boolean {
  const reading = method === 'GET' || method === 'HEAD';
  return permissions === 'read_write' || (reading ? permissions === 'read' : permissions === 'write');
}
