/**
 * Who is making a REST request, following WordPress: HTTP Basic with an application password, or the session
 * cookie together with a valid nonce; and following WooCommerce, its API keys (authenticate-api-key.ts). A cookie
 * without a nonce is anonymous (so a forged cross-site request gets nothing); a wrong nonce or wrong credentials are
 * errors even on public routes.
 */
import type { Hooks } from '../hooks/hooks.js';
import { RestError } from './errors.js';
import type { Store } from '../store/store.js';
import type { Session, User } from '../store/schema.js';
import { matchApplicationPassword, usageNeedsRecording } from '../auth/app-passwords.js';
import { createNonce, sessionNonceSubject, verifyNonce } from '../auth/nonces.js';
import { findUserByLogin } from '../auth/users.js';
import type { ApiKeyPermissions } from '../auth/woo-api-keys.js';
import { authenticateApiKey, type ApiKeyRequest } from './authenticate-api-key.js';

export interface RestCredentials {
  authorization?: string;
  nonce?: string;
  session: { user: User; session: Session } | null;
  ip: string;
  /** What a WooCommerce key may come with or sign: the method, the query, the addresses and the route. */
  request: Omit<ApiKeyRequest, 'authorization'>;
}

export interface RestIdentity {
  user: User | null;
  /** The permission level of the WooCommerce key the request came with, if it came with one (checked per method). */
  keyPermissions?: ApiKeyPermissions;
  /** The WooCommerce key the request came with: its description names it in an order's history. */
  apiKey?: { description: string };
  /** A nonce for the next request, sent back in `X-WP-Nonce` when cookie authentication succeeded. */
  freshNonce?: string;
  /** The login session, when cookie authentication succeeded. */
  session?: Session;
}

/** Filter through which extensions may accept other Basic credentials; receives `(null, {login, password, store})`. */
export const BASIC_CREDENTIALS_FILTER = 'auth/basic_credentials';

function parseBasic(header: string): { login: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const invalidCredentials = () =>
  new RestError('incorrect_password', 'The login or the application password is not valid.', 401);

async function authenticateBasic(
  credentials: { login: string; password: string },
  ip: string,
  store: Store,
  hooks: Hooks,
): Promise<RestIdentity> {
  const user = await findUserByLogin(store, credentials.login);
  const matched = user ? matchApplicationPassword(credentials.password, user.app_passwords) : undefined;
  if (user && matched) {
    if (usageNeedsRecording(matched, ip)) {
      await store.users.recordApplicationPasswordUse(user.id, matched.uuid, new Date().toISOString(), ip);
    }
    return { user };
  }
  const accepted = await hooks.applyFiltersAsync<User | null>(BASIC_CREDENTIALS_FILTER, null, {
    ...credentials,
    store,
  });
  if (accepted) return { user: accepted };
  throw invalidCredentials();
}

export async function authenticateRest(
  credentials: RestCredentials,
  store: Store,
  hooks: Hooks,
): Promise<RestIdentity> {
  const { authorization } = credentials;
  const isBasic = authorization?.toLowerCase().startsWith('basic ') ?? false;
  const basic = isBasic ? parseBasic(authorization!) : null;
  if (isBasic && !basic) throw invalidCredentials();
  const key = await authenticateApiKey(store, { ...credentials.request, authorization }, basic);
  if (key) return key;
  if (basic) return authenticateBasic(basic, credentials.ip, store, hooks);
  if (!credentials.session || !credentials.nonce) return { user: null };
  const { user } = credentials.session;
  const subject = sessionNonceSubject(credentials.session);
  if (!verifyNonce(store.site.data.secret, credentials.nonce, subject)) {
    throw new RestError(
      'rest_cookie_invalid_nonce',
      'Cookie check failed: the nonce is invalid or has expired. Reload the page.',
      403,
    );
  }
  return { user, session: credentials.session.session, freshNonce: createNonce(store.site.data.secret, subject) };
}
