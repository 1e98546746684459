/**
 * Forgotten passwords: a request stores a random token's hash and the message with its link in one store operation;
 * the link sets a new password once, within the hour, and every session of the user ends with it.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords.js';
import { hashToken } from '../auth/sessions.js';
import { RESET_LINK_MINUTES } from '../mail/messages/account-messages.js';
import type { ShopMail } from '../mail/shop-mail.js';
import type { User } from '../store/schema.js';
import type { Store } from '../store/store.js';

export const MIN_PASSWORD_LENGTH = 8;

/**
 * Sends a reset link to the user whose e-mail is `email`; does nothing when there is none (the caller answers the
 * same either way, so that the form does not tell who has an account).
 */
export async function requestPasswordReset(
  store: Store,
  mail: ShopMail,
  email: string,
  now = new Date(),
): Promise<void> {
  const user = await store.users.findByLogin(email);
  // The address must be the account's e-mail: a login typed here must not send mail to whoever owns that login.
  if (!user || user.email.toLowerCase() !== email.trim().toLowerCase()) return;
  const token = randomBytes(32).toString('base64url');
  await store.users.createPasswordReset(
    {
      token_hash: hashToken(token),
      user_id: user.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
      used_at: null,
    },
    mail.passwordReset(user, token),
  );
}

/** Whether the reset link's `token` may still set a password (unknown, used or expired: no). */
export function isResetLinkOpen(store: Store, token: string, now = new Date()): Promise<boolean> {
  if (!token || token.length > 100) return Promise.resolve(false);
  return store.users.isPasswordResetOpen(hashToken(token), now);
}

/**
 * Sets `password` for the user of the reset link's `token`, uses the link up and ends every session of the user.
 * @returns the user, or null when the link is unknown, used or expired (nothing changed)
 */
export async function completePasswordReset(
  store: Store,
  token: string,
  password: string,
  now = new Date(),
): Promise<User | null> {
  if (!token || token.length > 100) return null;
  const user = await store.users.resetPassword(hashToken(token), await hashPassword(password), now);
  if (user) await store.sessions.deleteOfUser(user.id);
  return user;
}
