/**
 * A customer's new e-mail address, confirmed from that address: the request seals what was asked (the account, its
 * address then, the new one) into a link sent to the new address; the link changes the address once, since the
 * account's address is no longer the one sealed after it did. Nothing is stored before the link is used.
 */
import { openToken, sealToken } from '../../auth/sealed-token.js';
import { checkedEmail, LOGIN_PATTERN } from '../../auth/users.js';
import { ACCOUNT_LINK_HOURS } from '../../mail/messages/account-privacy-messages.js';
import type { ShopMail } from '../../mail/shop-mail.js';
import type { User } from '../../store/schema.js';
import { StoreConflictError, type Store } from '../../store/store.js';

const PURPOSE = 'account-email-change';

interface PendingEmailChange {
  user_id: number;
  from: string;
  to: string;
}

/** Whether the account's login is its e-mail address (as registration makes it), so that it follows the address. */
export const signsInWithEmail = (user: User) => user.login.toLowerCase() === user.email.toLowerCase();

/**
 * E-mails the link that makes `newEmail` the account's. The message counts against the new address's limit (held back
 * over it), as any message to an address someone typed.
 * @throws UserInputError when `newEmail` is malformed
 */
export async function requestEmailChange(
  store: Store,
  mail: ShopMail,
  user: User,
  newEmail: string,
  now = new Date(),
): Promise<void> {
  const to = checkedEmail(newEmail);
  const pending: PendingEmailChange = { user_id: user.id, from: user.email, to };
  const expires = new Date(now.getTime() + ACCOUNT_LINK_HOURS * 3_600_000);
  const token = sealToken(store.site.data.secret, PURPOSE, pending, expires);
  const enqueue = await mail.recipients.limited(to, () => mail.emailChangeLink(user, to, token));
  await store.outbox.enqueue(enqueue(null));
}

/**
 * Uses an e-mail change link.
 * @returns the account with its new address; `closed` for a damaged, expired or used link; `taken` when another
 *   account uses the address by now (nothing changed either way)
 */
export async function confirmEmailChange(
  store: Store,
  token: string,
  now = new Date(),
): Promise<User | 'closed' | 'taken'> {
  if (!token || token.length > 4000) return 'closed';
  const pending = openToken(store.site.data.secret, PURPOSE, token, now) as PendingEmailChange | null;
  if (!pending || typeof pending.user_id !== 'number' || typeof pending.to !== 'string') return 'closed';
  const user = await store.users.findById(pending.user_id);
  if (!user || user.email !== pending.from) return 'closed';
  // A customer who signs in with their address (registration makes it the login) signs in with the new one now.
  const login =
    signsInWithEmail(user) && LOGIN_PATTERN.test(pending.to.toLowerCase()) ? { login: pending.to.toLowerCase() } : {};
  try {
    return await store.users.update(user.id, { email: pending.to, ...login });
  } catch (error) {
    if (error instanceof StoreConflictError) return 'taken';
    throw error;
  }
}
