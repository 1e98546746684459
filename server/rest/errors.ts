/**
 * REST errors as data, in WordPress's shape `{code, message, data: {status, params?, details?}}`.
 * Route handlers and services throw RestError; the REST middleware turns it into the response.
 */

export interface RestErrorBody {
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown };
}

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

/** @param problems parameter name -> what is wrong with it, e.g. `{omnibus_days: 'omnibus_days must be ...'}` */
export const invalidParams = (problems: Record<string, string>, details?: Record<string, unknown>): RestError =>
  new RestError('rest_invalid_param', `Invalid parameter(s): ${Object.keys(problems).join(', ')}`, 400, {
    params: problems,
    ...(details ? { details } : {}),
  });

export const invalidJson = (reason: string): RestError =>
  new RestError('rest_invalid_json', 'Invalid JSON body passed.', 400, { details: { json_error_message: reason } });

export const internalError = (): RestError =>
  new RestError('internal_server_error', 'The server could not complete the request. It has been logged.', 500);
