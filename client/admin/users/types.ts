/** The wp/v2 shapes the Users screen reads (server/auth/user-admin.ts). */
export interface RestUser {
  id: number;
  username: string;
  name: string;
  email: string;
  roles: string[];
  registered_date: string;
}

export interface RestApplicationPassword {
  uuid: string;
  name: string;
  created: string;
  last_used: string | null;
  last_ip: string | null;
}

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
