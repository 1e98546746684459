/**
 * Signs requests with a WooCommerce consumer key the way WooCommerce's JavaScript client does, through the same
 * `oauth-1.0a` package: an independent reference for the server's signature check, with the timestamp, nonce and
 * signature method under the test's control.
 */
import { createHmac, randomBytes } from 'node:crypto';
import OAuth from 'oauth-1.0a';

export interface SigningOptions {
  method?: string;
  signatureMethod?: 'HMAC-SHA1' | 'HMAC-SHA256';
  /** Seconds since the epoch; now by default. */
  timestamp?: number;
  nonce?: string;
}

/** The `oauth_*` parameters that sign `url` (whose own query is part of what is signed). */
export function oauthParameters(
  url: string,
  key: { consumerKey: string; consumerSecret: string },
  options: SigningOptions = {},
): Record<string, string> {
  const signatureMethod = options.signatureMethod ?? 'HMAC-SHA256';
  const algorithm = signatureMethod === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  const oauth = new OAuth({
    consumer: { key: key.consumerKey, secret: key.consumerSecret },
    signature_method: signatureMethod,
    hash_function: (base, secret) => createHmac(algorithm, secret).update(base).digest('base64'),
  });
  oauth.getTimeStamp = () => options.timestamp ?? Math.floor(Date.now() / 1000);
  oauth.getNonce = () => options.nonce ?? randomBytes(16).toString('hex');
  const signed = oauth.authorize({ url, method: options.method ?? 'GET' });
  // authorize() also hands back the address's own query parameters; only the OAuth ones are added to it.
  return Object.fromEntries(
    Object.entries(signed)
      .filter(([name]) => name.startsWith('oauth_'))
      .map(([name, value]) => [name, String(value)]),
  );
}

/** `url` with its OAuth parameters appended to the query, as the client sends them over plain HTTP. */
export function signedUrl(
  url: string,
  key: { consumerKey: string; consumerSecret: string },
  options: SigningOptions = {},
): string {
  const query = new URLSearchParams(oauthParameters(url, key, options)).toString();
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** The same parameters as an `Authorization: OAuth …` header. */
export function oauthHeader(
  url: string,
  key: { consumerKey: string; consumerSecret: string },
  options: SigningOptions = {},
): string {
  const parameters = oauthParameters(url, key, options);
  return `OAuth ${Object.entries(parameters)
    .map(([name, value]) => `${name}="${encodeURIComponent(value)}"`)
    .join(', ')}`;
}
