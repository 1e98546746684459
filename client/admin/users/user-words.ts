/**
 * The Users screen's words: the labels of the wp/v2/users fields its forms show, the password rule stated before a
 * password is typed, and a sentence for each refusal the server gives (applied by data/field-sentences.ts).
 */
import { __, sprintf } from '@wordpress/i18n';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../api/users.js';
import type { FormWords } from '../data/field-sentences.js';

/** Shown under the password field before anything is typed. */
export const PASSWORD_RULE = sprintf(
  __(
    'At least %1$d and at most %2$d characters; letters, digits, spaces and signs all count. Pass it on to the user: it is not shown again.',
  ),
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
);

export const USER_WORDS: FormWords = {
  username: {
    label: __('Username'),
    sentence: (reason) =>
      /already exists/.test(reason)
        ? __('Another account already has this username or e-mail address: choose another.')
        : null,
  },
  login: {
    label: __('Username'),
    sentence: (reason) =>
      /already exists/.test(reason)
        ? __('Another account already has this username or e-mail address: choose another.')
        : __('Use only lower-case letters, digits and _ . @ -'),
  },
  email: { label: __('E-mail'), sentence: () => __('Enter an e-mail address such as name@example.com.') },
  name: { label: __('Name') },
  roles: { label: __('Role'), sentence: () => __('Choose one of the roles offered.') },
  role: { label: __('Role'), sentence: () => __('Choose one of the roles offered.') },
  password: {
    label: __('Password'),
    sentence: (reason) =>
      /at most/.test(reason)
        ? sprintf(
            __('Password must be at most %d characters long: type a shorter one, or generate one.'),
            PASSWORD_MAX_LENGTH,
          )
        : sprintf(
            __('Password must be at least %d characters long: type a longer one, or generate one.'),
            PASSWORD_MIN_LENGTH,
          ),
  },
};

/** The form field a refused REST field is shown beside: the API's `roles` and the service's `login` under theirs. */
export function userFieldOf(param: string): string {
  const formField: Record<string, string> = { roles: 'role', login: 'username' };
  return Object.hasOwn(formField, param) ? formField[param]! : param;
}
