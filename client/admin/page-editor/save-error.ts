/**
 * What a failed save means for the user: field errors shown next to their field, a lost session (the user must
 * log in again; the edit stays open), or a general message.
 */
import { __ } from '@wordpress/i18n';
import type { RestErrorBody } from '../data/types.js';

export interface SaveProblem {
  fields: Record<string, string>;
  sessionLost: boolean;
  message: string | null;
}

export function saveProblem(error: unknown): SaveProblem {
  const body = (error ?? {}) as Partial<RestErrorBody>;
  const status = body.data?.status;
  if (status === 401 || body.code === 'rest_cookie_invalid_nonce' || body.code === 'rest_not_logged_in') {
    return { fields: {}, sessionLost: true, message: null };
  }
  if (body.data?.params && Object.keys(body.data.params).length > 0) {
    return { fields: body.data.params, sessionLost: false, message: null };
  }
  if (body.code === 'fetch_error') {
    return { fields: {}, sessionLost: false, message: __('The server could not be reached. Your changes are still here; try again.') };
  }
  return { fields: {}, sessionLost: false, message: body.message ?? __('The page could not be saved.') };
}
