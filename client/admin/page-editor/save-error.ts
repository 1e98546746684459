/**
 * What a failed save means for the user: field errors shown next to their field, a lost session (the user must
 * log in again; the edit stays open), or a general message.
 */
import { __ } from '@wordpress/i18n';
import { toRestRequestError } from '../data/rest-error.js';

export interface SaveProblem {
  fields: Record<string, string>;
  sessionLost: boolean;
  message: string | null;
}

export function saveProblem(caught: unknown): SaveProblem {
  const { status, code, fields, message } = toRestRequestError(caught);
  if (status === 401 || code === 'rest_cookie_invalid_nonce' || code === 'rest_not_logged_in') {
    return { fields: {}, sessionLost: true, message: null };
  }
  if (Object.keys(fields).length > 0) return { fields, sessionLost: false, message: null };
  if (code === 'fetch_error') {
    return {
      fields: {},
      sessionLost: false,
      message: __('The server could not be reached. Your changes are still here; try again.'),
    };
  }
  return { fields: {}, sessionLost: false, message: message || __('The page could not be saved.') };
}
