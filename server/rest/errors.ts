/**
 * REST errors as data, in WordPress's shape `{code, message, data: {status, params?, details?}}`.
 * Route handlers throw RestError; services throw domain errors (server/errors/domain-errors.ts), which
 * {@link restErrorOf} maps to statuses and codes here, in one place. The REST middleware turns either into the
 * response.
 */
import type { RestErrorBody } from '../../client/api/errors.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors/domain-errors.js';

export type { RestErrorBody };

export class RestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'RestError';
  }

  toBody(): RestErrorBody {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
  }
}

export const noRoute = (): RestError =>
  new RestError('rest_no_route', 'No route was found matching the URL and request method.', 404);

/** 401 when nobody is logged in, 403 when the user lacks the capability: clients decide whether to ask for a login. */
export const forbidden = (authenticated: boolean): RestError =>
  new RestError('rest_forbidden', 'Sorry, you are not allowed to do that.', authenticated ? 403 : 401);

export const missingParams = (names: string[]): RestError =>
  new RestError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, { params: names });

/**
 * Problems one answer lists at most, with the count of the others: a 1 MB body of bad fields
 * would otherwise earn an answer many times its size. Names and reasons are cut too, since a name can be any key.
 */
export const MAX_LISTED_PROBLEMS = 50;
const MAX_NAME_CHARS = 100;
const MAX_REASON_CHARS = 500;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * @param problems parameter name -> what is wrong with it, e.g. `{omnibus_days: 'omnibus_days must be ...'}`; past
 *   {@link MAX_LISTED_PROBLEMS}, `data.params_omitted` counts the rest
 */
export const invalidParams = (problems: Record<string, string>, details?: Record<string, unknown>): RestError => {
  const names = Object.keys(problems);
  const listed = names.slice(0, MAX_LISTED_PROBLEMS);
  const omitted = names.length - listed.length;
  const params = Object.fromEntries(
    listed.map((name) => [cut(name, MAX_NAME_CHARS), cut(problems[name]!, MAX_REASON_CHARS)]),
  );
  const more = omitted > 0 ? ` and ${omitted.toLocaleString('en')} more` : '';
  return new RestError('rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}${more}`, 400, {
    params,
    ...(omitted > 0 ? { params_omitted: omitted } : {}),
    ...(details ? { details } : {}),
  });
};

export const invalidJson = (reason: string): RestError =>
  new RestError('rest_invalid_json', 'Invalid JSON body passed.', 400, { details: { json_error_message: reason } });

export const internalError = (): RestError =>
  new RestError('internal_server_error', 'The server could not complete the request. It has been logged.', 500);

/**
 * The REST answer for anything a handler threw: a RestError as it is, a domain error by its kind (400 naming every bad
 * field, 404, 409), and for anything else the generic 500, which never carries an internal message.
 * @returns the error to answer with, and whether it was expected (anything unexpected is logged)
 */
export function restErrorOf(error: unknown): { restError: RestError; expected: boolean } {
  if (error instanceof RestError) return { restError: error, expected: true };
  if (error instanceof InvalidInputError) {
    const restError = invalidParams(error.problems, Object.keys(error.data).length ? error.data : undefined);
    return {
      restError: error.code ? new RestError(error.code, restError.message, 400, restError.data) : restError,
      expected: true,
    };
  }
  if (error instanceof NotFoundError)
    return { restError: new RestError(error.code ?? 'rest_not_found', error.message, 404, error.data), expected: true };
  if (error instanceof ConflictError)
    return { restError: new RestError(error.code ?? 'rest_conflict', error.message, 409, error.data), expected: true };
  return { restError: internalError(), expected: false };
}
