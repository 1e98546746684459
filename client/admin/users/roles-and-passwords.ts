/** The roles in words (translated where shown), and the passwords the Users screen proposes. */

/** Role (`RestUserRole`) -> its name. */
export const ROLE_LABELS: Record<string, string> = {
  administrator: 'Administrator',
  shop_manager: 'Shop manager',
  editor: 'Editor',
  customer: 'Customer',
};

/** A strong password for a new account or a reset, shown to the administrator to pass on. */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
