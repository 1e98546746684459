/** The admin's languages a user may choose, as the Profile screen offers them and the Users screen lists them. */
import { __ } from '@wordpress/i18n';
import type { AdminLocale } from '../../api/users.js';

/**
 * Each language is named in itself, as WordPress lists them, so that anyone finds their own; '' follows the shop's
 * locale.
 */
export const ADMIN_LOCALE_OPTIONS: { value: AdminLocale; label: string }[] = [
  { value: '', label: __('The shop’s language') },
  { value: 'en_US', label: 'English (United States)' },
  { value: 'pl_PL', label: 'Polski' },
  { value: 'de_DE', label: 'Deutsch' },
];
