/**
 * A customer's new e-mail address, confirmed from that address: the request seals what was asked (the account, its
 * address then, the new one) into a link sent to the new address; the link changes the address once, since the
 * account's address is no longer the one sealed after it did. Nothing is stored before the link is used.
 */
import { openToken, sealToken } from '../../auth/sealed-token.js';
import { checkedEmail } from '../../auth/users.js';
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
  const enqueue = await mail.recipients.limited(to, () => mail.emailChangeLink(to, token));
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
  try {
    return await store.users.update(user.id, { email: pending.to });
  } catch (error) {
    if (error instanceof StoreConflictError) return 'taken';
    throw error;
  }
}
