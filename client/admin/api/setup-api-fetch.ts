/**
 * How the admin reaches the server: @wordpress/api-fetch (called by data/rest-client.ts and by WordPress's own
 * packages) against the REST root, authenticated by the session cookie and the REST nonce (X-WP-Nonce). Every
 * response may carry a fresh nonce in its X-WP-Nonce header, which we keep, so a long editing session never sends a
 * stale one. When the nonce has expired anyway, api-fetch asks `nonceEndpoint` (/rest-nonce) for a new one and
 * retries; when the session itself is gone, the error reaches the screen, which asks the user to log in again in
 * another tab while the edit stays open.
 */
import apiFetch, { type APIFetchMiddleware } from '@wordpress/api-fetch';

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
}

/** WordPress's error body of a refused request; a body that is not JSON (a proxy's page) becomes one like it. */
export function errorBodyOf(response: Response): Promise<unknown> {
  return response
    .json()
    .catch(() => ({ code: 'invalid_json', message: response.statusText, data: { status: response.status } }));
}

let nonceMiddleware: ReturnType<typeof apiFetch.createNonceMiddleware> | null = null;

/** The REST root, e.g. `/wp-json/`, for links that the browser follows itself (a CSV download). */
export function restRoot(): string {
  return meta('rest-root');
}

/** The freshest REST nonce, for such links (`_wpnonce`): they cannot send the X-WP-Nonce header. */
export function currentRestNonce(): string {
  return nonceMiddleware?.nonce ?? meta('rest-nonce');
}

export function setupApiFetch(): void {
  const middleware = apiFetch.createNonceMiddleware(meta('rest-nonce'));
  nonceMiddleware = middleware;
  // Registered first, so it runs last: it sees the raw response before api-fetch parses it.
  const keepFreshNonce: APIFetchMiddleware = async (options, next) => {
    const parse = options.parse !== false;
    const remember = (response: Response) => {
      const fresh = response.headers?.get('X-WP-Nonce');
      if (fresh) middleware.nonce = fresh;
    };
    try {
      const response = (await next({ ...options, parse: false })) as Response;
      remember(response);
      if (!parse) return response;
      return response.status === 204 ? null : response.json();
    } catch (error) {
      if (!(error instanceof Response)) throw error;
      remember(error);
      if (!parse) throw error;
      throw await errorBodyOf(error);
    }
  };
  apiFetch.use(keepFreshNonce);
  apiFetch.use(middleware);
  apiFetch.use(apiFetch.createRootURLMiddleware(meta('rest-root')));
  // api-fetch's own recovery for `rest_cookie_invalid_nonce`: fetch a new nonce here, then retry once.
  (apiFetch as unknown as { nonceEndpoint: string; nonceMiddleware: unknown }).nonceEndpoint = '/rest-nonce';
  (apiFetch as unknown as { nonceMiddleware: unknown }).nonceMiddleware = middleware;
}
