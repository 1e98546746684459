/**
 * What an app asks for in WooCommerce's app authorisation flow (`/wc-auth/v1/authorize`): its name, the permission
 * (`scope`), its own reference for the shop (`user_id`, handed back untouched), where to send the keys
 * (`callback_url`) and where to bring the manager back (`return_url`). The callback receives secrets, so, as in
 * WooCommerce, it must be `https://`; only a host the operator lists in `WEBHOOK_ALLOW_HOSTS` (a receiver beside the
 * shop) may use plain http. Its address then follows the webhook address policy.
 */
import type { ApiKeyPermissions } from '../../auth/woo-api-keys.js';
import { API_KEY_PERMISSIONS } from '../../auth/woo-api-keys.js';

export interface AuthorizationRequest {
  appName: string;
  scope: ApiKeyPermissions;
  userId: string;
  returnUrl: URL;
  callbackUrl: URL;
}

/** The fields of the request, as the approval form carries them on. */
export const AUTHORIZATION_FIELDS = ['app_name', 'scope', 'user_id', 'return_url', 'callback_url'] as const;

function webAddress(raw: string | undefined): URL | null {
  try {
    const url = new URL(raw ?? '');
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * @param fields the query (or the approval form's fields)
 * @param plainHttpHosts hosts whose callback may use http (`WEBHOOK_ALLOW_HOSTS`)
 * @returns the request, or the sentence that says what is wrong with it
 */
export function readAuthorizationRequest(
  fields: Record<string, string | undefined>,
  plainHttpHosts: readonly string[],
): AuthorizationRequest | string {
  const missing = AUTHORIZATION_FIELDS.filter((name) => !fields[name]?.trim());
  if (missing.length) return `The app's request lacks ${missing.join(', ')}.`;
  const scope = fields.scope!.trim() as ApiKeyPermissions;
  if (!API_KEY_PERMISSIONS.includes(scope)) return 'The scope must be read, write or read_write.';
  const appName = fields.app_name!.trim();
  if (appName.length > 100) return 'The app name is longer than 100 characters.';
  const returnUrl = webAddress(fields.return_url);
  if (!returnUrl) return 'The return_url is not a web address.';
  const callbackUrl = webAddress(fields.callback_url);
  if (!callbackUrl) return 'The callback_url is not a web address.';
  const host = callbackUrl.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (callbackUrl.protocol !== 'https:' && !plainHttpHosts.some((allowed) => allowed.trim().toLowerCase() === host))
    return 'The callback_url must use HTTPS: the keys are sent to it.';
  return { appName, scope, userId: fields.user_id!.trim().slice(0, 200), returnUrl, callbackUrl };
}

/** Where the manager goes after deciding: the app's return_url with `success` and the app's `user_id`. */
export function returnAddress(request: AuthorizationRequest, success: boolean): string {
  const url = new URL(request.returnUrl);
  url.searchParams.set('success', success ? '1' : '0');
  url.searchParams.set('user_id', request.userId);
  return url.href;
}
