/**
 * The admin's REST client: typed calls over @wordpress/api-fetch (set up in api/setup-api-fetch.ts with the nonce
 * and the REST root). Every call goes through `send`, whose one catch rejects with a RestRequestError, so a screen
 * shows `error.message` and `error.fields` whatever went wrong. The per-resource modules beside this one name the
 * paths and the answer types; screens call those, never api-fetch.
 */
import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';
import { currentRestNonce, errorBodyOf, restRoot } from '../api/setup-api-fetch.js';
import { toRestRequestError } from './rest-error.js';

async function send<T>(options: APIFetchOptions<true>, read?: (response: Response) => Promise<T>): Promise<T> {
  try {
    if (!read) return await apiFetch<T>(options);
    return await read(await apiFetch<T, false>({ ...options, parse: false }));
  } catch (caught) {
    // Unparsed requests are refused with the Response itself, as api-fetch does: its body is read here.
    throw toRestRequestError(caught instanceof Response ? await errorBodyOf(caught) : caught);
  }
}

export const restGet = <T>(path: string) => send<T>({ path });
export const restPost = <T>(path: string, data?: object) => send<T>({ path, method: 'POST', data });
export const restPut = <T>(path: string, data: object) => send<T>({ path, method: 'PUT', data });
export const restDelete = <T>(path: string) => send<T>({ path, method: 'DELETE' });

/** Sends a file as the raw body, as WordPress's media and our CSV import take it: no form encoding, no JSON. */
export const restUpload = <T>(path: string, body: Blob, headers: Record<string, string>) =>
  send<T>({ path, method: 'POST', body, headers });

export interface RestListPage<T> {
  items: T[];
  total: number;
  totalPages: number;
}

/** One page of a list paged by the server, with its totals from `X-WP-Total` and `X-WP-TotalPages`. */
export function restGetPage<T>(path: string): Promise<RestListPage<T>> {
  return send({ path }, async (response) => {
    const items = (await response.json()) as T[];
    return {
      items,
      total: Number(response.headers.get('X-WP-Total') ?? items.length),
      totalPages: Number(response.headers.get('X-WP-TotalPages') ?? 1),
    };
  });
}

/** @example withQuery('/compliance/v1/consent-log', { page: 2 }) // '/compliance/v1/consent-log?page=2' */
export function withQuery(path: string, args: Record<string, string | number | boolean>): string {
  const query = new URLSearchParams(Object.entries(args).map(([key, value]) => [key, String(value)])).toString();
  return query ? `${path}?${query}` : path;
}

/** A link the browser follows itself (a download): the nonce goes in the address, as it cannot send the header. */
export const restDownloadUrl = (path: string, args: Record<string, string> = {}) =>
  withQuery(`${restRoot()}${path.replace(/^\//, '')}`, { ...args, _wpnonce: currentRestNonce() });
