/** The roles in words, and the passwords the Users screen proposes. */
import { __ } from '@wordpress/i18n';

/** Role (`RestUserRole`) -> its name, in the admin's language (loaded before any screen module: i18n/). */
export const ROLE_LABELS: Record<string, string> = {
  administrator: __('Administrator'),
  shop_manager: __('Shop manager'),
  editor: __('Editor'),
  customer: __('Customer'),
};

/** A strong password for a new account or a reset, shown to the administrator to pass on. */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
