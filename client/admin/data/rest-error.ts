/**
 * The admin's one reading of a failed REST call. Whatever failed (WordPress's error body, api-fetch's own "offline"
 * or "no valid response", a script error) becomes a RestRequestError: the message to show, the code and status to
 * branch on, and per field the reason to show beside it.
 */
import { __ } from '@wordpress/i18n';
import type { RestErrorBody } from '../../api/errors.js';

export class RestRequestError extends Error {
  override readonly name = 'RestRequestError';

  constructor(
    message: string,
    /** WordPress's code (`rest_invalid_param`, `fetch_error`...); '' when the failure had none. */
    readonly code: string,
    readonly status: number | null,
    /** Field -> why the server refused it; empty when the error names no field. */
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

/** A refused field comes with its reason; a missing one is only named, so it gets a sentence of ours. */
function reasonsByField(params: RestErrorBody['data']['params']): Record<string, string> {
  if (Array.isArray(params)) return Object.fromEntries(params.map((name) => [name, __('This field is required.')]));
  return { ...params };
}

/**
 * @example toRestRequestError({ code: 'rest_invalid_param', message: 'Invalid parameter(s): slug', data: { status: 400,
 * params: { slug: 'taken' } } }).fields // { slug: 'taken' }
 */
export function toRestRequestError(caught: unknown): RestRequestError {
  if (caught instanceof RestRequestError) return caught;
  const body = (caught ?? {}) as Partial<RestErrorBody>;
  return new RestRequestError(
    typeof body.message === 'string' ? body.message : String(caught),
    typeof body.code === 'string' ? body.code : '',
    body.data?.status ?? null,
    reasonsByField(body.data?.params),
  );
}

/** What to show for a failure that concerns no one field. */
export const errorMessage = (caught: unknown): string => toRestRequestError(caught).message;
