/**
 * WooCommerce REST API keys: a consumer key `ck_…` and secret `cs_…` (40 random hex digits each, as WooCommerce makes
 * them), which connectors written for WooCommerce send over HTTP Basic. Stored as SHA-256 hashes: they are
 * high-entropy, so a fast hash is safe and keeps each API call cheap. A key acts as its user, with the user's
 * capabilities (keys are created read-write; WooCommerce's read-only keys are not offered yet).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { User } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { StoreNotFoundError } from '../store/store.js';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export interface NewApiKeyCredentials {
  consumerKey: string;
  consumerSecret: string;
}

/**
 * Creates a key for the user with this login.
 * @throws StoreNotFoundError when there is no such user
 * @example const { consumerKey, consumerSecret } = await createApiKey(store, 'maria', 'ERP');
 */
export async function createApiKey(store: Store, login: string, description: string, now = new Date()): Promise<NewApiKeyCredentials> {
  const user = await store.users.findByLogin(login);
  if (!user) throw new StoreNotFoundError(`There is no user with the login "${login}".`);
  const consumerKey = `ck_${randomBytes(20).toString('hex')}`;
  const consumerSecret = `cs_${randomBytes(20).toString('hex')}`;
  await store.apiKeys.create({
    user_id: user.id, description, permissions: 'read_write', consumer_key_hash: sha256(consumerKey),
    consumer_secret_hash: sha256(consumerSecret), truncated_key: consumerKey.slice(-7), created_at: now.toISOString(),
  });
  return { consumerKey, consumerSecret };
}

/** Whether Basic credentials look like a WooCommerce key rather than a login. */
export function isConsumerKey(login: string): boolean {
  return /^ck_[0-9a-f]{40}$/.test(login);
}

/** The user behind a consumer key and secret, or null when they do not match a stored key. */
export async function userOfApiKey(store: Store, consumerKey: string, consumerSecret: string): Promise<User | null> {
  const key = await store.apiKeys.findByConsumerKeyHash(sha256(consumerKey));
  if (!key) return null;
  const matches = timingSafeEqual(Buffer.from(sha256(consumerSecret), 'hex'), Buffer.from(key.consumer_secret_hash, 'hex'));
  return matches ? store.users.findById(key.user_id) : null;
}
