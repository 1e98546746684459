/**
 * WooCommerce API keys on REST requests, the three ways WooCommerce accepts them: HTTP Basic with the consumer key and
 * secret, the `consumer_key` and `consumer_secret` query parameters (both over HTTPS only, where the secret travels
 * encrypted: over plain HTTP they are not looked at, as WooCommerce does), and one-legged OAuth 1.0a signatures, which
 * prove the secret without sending it (what WooCommerce's own JavaScript client sends to an `http://` shop). Errors
 * carry WooCommerce's codes and messages, with 401.
 *
 * A key acts only in WooCommerce's namespaces (`wc/…`, and `wc-…` for extensions that want key authentication), as in
 * WooCommerce: a key handed to an ERP must not read the consent log or the customers' messages, nor mint an
 * application password (a full login) for its user.
 */
import {
  OAUTH_SIGNATURE_METHODS,
  REQUIRED_OAUTH_PARAMETERS,
  oauthParametersOf,
  signatureMatches,
  type OAuthSignatureMethod,
  type SignableRequest,
} from '../auth/oauth-signature.js';
import {
  consumerSecretMatches,
  findApiKey,
  isConsumerKey,
  signingSecretOf,
  type ApiKeyPermissions,
  type FoundApiKey,
  recordApiKeyAccess,
} from '../auth/woo-api-keys.js';
import type { User } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { RestError } from './errors.js';

/** How far a signed request's timestamp may be from the server's clock, either way (WooCommerce's 15 minutes). */
export const OAUTH_TIMESTAMP_WINDOW_SECONDS = 15 * 60;
/** Nonces are stored; WooCommerce asks for 32 characters, this bounds what a client can make the store keep. */
const MAX_NONCE_LENGTH = 255;

export interface ApiKeyRequest extends SignableRequest {
  /** The decoded query parameters. */
  query: Record<string, string | string[] | undefined>;
  /** The addresses (scheme, host, path; no query) a client may have signed: as received, and under SITE_URL. */
  urls: readonly string[];
  /** The REST route asked for, e.g. `/wc/v3/products`. */
  restPath: string;
  /** Whether it came over HTTPS (directly, or through a trusted proxy that says so with `X-Forwarded-Proto`). */
  secure: boolean;
}

/**
 * A key and secret sent in the clear over plain HTTP: WooCommerce does not look at them (its `is_ssl()` check), so
 * the request goes on as nobody's and the route answers as it answers anyone (401 where a login is needed).
 */
const KEY_IN_THE_CLEAR_IGNORED = { user: null } as const;

export interface ApiKeyIdentity {
  user: User;
  keyPermissions: ApiKeyPermissions;
  /** The key's description names it where its changes are recorded (an order's history). */
  apiKey: { description: string };
}

const authenticationError = (message: string, code = 'woocommerce_rest_authentication_error') =>
  new RestError(code, message, 401);

/** WooCommerce's test for the namespaces its keys may authenticate. */
export function isWooCommerceRoute(restPath: string): boolean {
  return restPath.startsWith('/wc/') || restPath.startsWith('/wc-');
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A key and secret sent in the clear (Basic or query parameters). */
async function keyWithSecret(store: Store, consumerKey: string, consumerSecret: string): Promise<FoundApiKey> {
  const found = await findApiKey(store, consumerKey);
  if (!found) throw authenticationError('Consumer key is invalid.');
  if (!consumerSecretMatches(found.key, consumerSecret)) throw authenticationError('Consumer secret is invalid.');
  return found;
}

/** @returns null when the request carries no OAuth parameter at all */
async function keyOfSignedRequest(store: Store, request: ApiKeyRequest, now: Date): Promise<FoundApiKey | null> {
  const parameters = oauthParametersOf(request).flat;
  const missing = REQUIRED_OAUTH_PARAMETERS.filter((name) => !parameters.get(name));
  if (missing.length === REQUIRED_OAUTH_PARAMETERS.length) return null;
  if (missing.length > 0) {
    throw authenticationError(
      `Missing OAuth parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
      'woocommerce_rest_authentication_missing_parameter',
    );
  }
  const consumerKey = parameters.get('oauth_consumer_key')!;
  const found = await findApiKey(store, consumerKey);
  if (!found) throw authenticationError('Consumer key is invalid.');
  const method = parameters.get('oauth_signature_method')!;
  if (!OAUTH_SIGNATURE_METHODS.includes(method as OAuthSignatureMethod)) {
    throw authenticationError('Invalid signature - signature method is invalid. Use HMAC-SHA1 or HMAC-SHA256.');
  }
  const secret = signingSecretOf(store.site.data.secret, found.key, consumerKey);
  if (!secret) {
    throw authenticationError(
      'Invalid signature - this key was made before signed requests were supported. Create a new key with `vitrine api-key create`, or send this one over HTTPS with Basic authentication.',
    );
  }
  if (
    !signatureMatches(request, request.urls, method as OAuthSignatureMethod, parameters.get('oauth_signature')!, secret)
  ) {
    throw authenticationError('Invalid signature - provided signature does not match.');
  }
  const timestamp = parameters.get('oauth_timestamp')!;
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!(Math.abs(now.getTime() / 1000 - seconds) <= OAUTH_TIMESTAMP_WINDOW_SECONDS))
    throw authenticationError('Invalid timestamp.');
  const nonce = parameters.get('oauth_nonce')!;
  if (nonce.length > MAX_NONCE_LENGTH)
    throw authenticationError(`Invalid nonce - a nonce has at most ${MAX_NONCE_LENGTH} characters.`);
  // Remembered until its timestamp leaves the window: after that the timestamp alone refuses a replay.
  const forgetAt = new Date((seconds + OAUTH_TIMESTAMP_WINDOW_SECONDS) * 1000).toISOString();
  if (!(await store.apiKeys.useNonce(found.key.id, nonce, forgetAt, now)))
    throw authenticationError('Invalid nonce - nonce has already been used.');
  return found;
}

function carriesKey(request: ApiKeyRequest, basicLogin: string | undefined): boolean {
  if (basicLogin !== undefined && isConsumerKey(basicLogin)) return true;
  if (request.query.consumer_key !== undefined || request.query.consumer_secret !== undefined) return true;
  // Most requests carry no OAuth at all: a glance at the raw text spares them the parsing.
  if (!request.rawQuery.includes('oauth_') && !request.authorization?.startsWith('OAuth ')) return false;
  const parameters = oauthParametersOf(request).flat;
  return REQUIRED_OAUTH_PARAMETERS.some((name) => parameters.has(name));
}

/**
 * The user and permission level of the WooCommerce key a request carries.
 * @param basic the request's Basic credentials, if any
 * @returns null when the request carries no key, so that other methods apply; an identity of nobody for a key sent
 *   in the clear over plain HTTP
 * @throws RestError 401 for a key that is wrong, a signature that does not verify, a replay, or a route outside
 * WooCommerce's namespaces
 */
export async function authenticateApiKey(
  store: Store,
  request: ApiKeyRequest,
  basic: { login: string; password: string } | null,
  now = new Date(),
): Promise<ApiKeyIdentity | typeof KEY_IN_THE_CLEAR_IGNORED | null> {
  if (!carriesKey(request, basic?.login)) return null;
  // Before the key is checked, so that a request outside the namespaces spends no nonce and learns nothing of the key.
  if (!isWooCommerceRoute(request.restPath))
    throw authenticationError('The provided API key cannot be used to access this endpoint.');
  let found: FoundApiKey | null;
  const inTheClear =
    (basic !== null && isConsumerKey(basic.login)) ||
    request.query.consumer_key !== undefined ||
    request.query.consumer_secret !== undefined;
  if (inTheClear && !request.secure) {
    // Whoever saw the request saw the secret: over http only a signature (which never sends it) is believed.
    found = await keyOfSignedRequest(store, request, now);
    if (found) await recordApiKeyAccess(store, found.key, now);
    return found ? identityOf(found) : KEY_IN_THE_CLEAR_IGNORED;
  }
  if (basic && isConsumerKey(basic.login)) {
    found = await keyWithSecret(store, basic.login, basic.password);
  } else if (request.query.consumer_key !== undefined || request.query.consumer_secret !== undefined) {
    const consumerKey = single(request.query.consumer_key);
    const consumerSecret = single(request.query.consumer_secret);
    if (!consumerKey || !consumerSecret) {
      throw authenticationError(
        `Missing parameter ${consumerKey ? 'consumer_secret' : 'consumer_key'}: send both, once each.`,
        'woocommerce_rest_authentication_missing_parameter',
      );
    }
    found = await keyWithSecret(store, consumerKey, consumerSecret);
  } else {
    found = await keyOfSignedRequest(store, request, now);
  }
  if (found) await recordApiKeyAccess(store, found.key, now);
  return found ? identityOf(found) : null;
}

function identityOf(found: FoundApiKey): ApiKeyIdentity {
  return { user: found.user, keyPermissions: found.key.permissions, apiKey: { description: found.key.description } };
}
