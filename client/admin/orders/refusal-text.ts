/** A refused REST call in a manager's words: the reasons the server gave per field, else its message. */
import { toRestRequestError } from '../data/rest-error.js';

export function refusalText(caught: unknown): string {
  const error = toRestRequestError(caught);
  const reasons = Object.values(error.fields);
  return reasons.length ? reasons.join(' ') : error.message;
}
