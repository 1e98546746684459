/**
 * Erasing a customer's account (GDPR art. 17) as far as the law allows: the person's login, e-mail, name, password,
 * saved addresses, keys and sessions go; their orders stay with the billing and delivery addresses tax law requires
 * the shop to keep (invoices and the records behind them, Polish VAT Act art. 112; the delivery address decides the
 * place of supply), no longer tied to a person who can sign in. A finished order loses its e-mail address and phone
 * number, which no law asks to keep; an open one keeps them until it is done, as the shop still has to deliver it. The consent log keeps its records, which prove the consent given (art. 7(1)) and hold no name or e-mail: only
 * the account's number and a shortened IP address.
 *
 * A customer asks from their account and confirms by a link sent to the account's address (a sealed token naming the
 * account and its address then, so that it works once); a manager erases through `vitrine/v1/users/{id}/erase`.
 */
import { openToken, sealToken } from '../../auth/sealed-token.js';
import { InvalidInputError } from '../../errors/domain-errors.js';
import { ACCOUNT_LINK_HOURS } from '../../mail/messages/account-privacy-messages.js';
import type { ShopMail } from '../../mail/shop-mail.js';
import type { OrderStatus } from '../../../client/api/orders.js';
import type { Order, User } from '../../store/schema.js';
import type { AnonymousIdentity, Store } from '../../store/store.js';

const PURPOSE = 'account-erasure';

interface PendingErasure {
  user_id: number;
  email: string;
}

/** Only customers' accounts are erased here: a staff account is closed by an administrator, with its roles. */
export const isErasable = (user: User) => user.roles.length === 1 && user.roles[0] === 'customer';

/** What an erased account is called instead: unique per account, at a domain that cannot receive mail (RFC 2606). */
export function anonymousIdentity(userId: number): AnonymousIdentity {
  return {
    login: `erased-${userId}`,
    email: `erased-${userId}@erased.invalid`,
    display_name: '',
    // Not a scrypt hash, so verifyPassword refuses every password.
    password_hash: '!erased',
  };
}

/** E-mails the account's address the link to the page that erases the account. */
export async function requestErasure(store: Store, mail: ShopMail, user: User, now = new Date()): Promise<void> {
  const pending: PendingErasure = { user_id: user.id, email: user.email };
  const expires = new Date(now.getTime() + ACCOUNT_LINK_HOURS * 3_600_000);
  const token = sealToken(store.site.data.secret, PURPOSE, pending, expires);
  await store.outbox.enqueue(mail.erasureLink(user.email, token));
}

/** The account an erasure link may still erase, or null (damaged, expired, used, or not a customer's account). */
export async function openErasure(store: Store, token: string, now = new Date()): Promise<User | null> {
  if (!token || token.length > 4000) return null;
  const pending = openToken(store.site.data.secret, PURPOSE, token, now) as PendingErasure | null;
  if (!pending || typeof pending.user_id !== 'number') return null;
  const user = await store.users.findById(pending.user_id);
  return user && user.email === pending.email && isErasable(user) ? user : null;
}

/** Orders the shop has no more reason to contact their customer about. */
const FINISHED_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled', 'refunded'];

const isPersonsOrder = (user: User, order: Order) =>
  order.user_id === user.id || order.email.toLowerCase() === user.email.toLowerCase();

/**
 * Takes the e-mail address and phone number out of the person's finished orders (those of the account or placed
 * with its address), each checked on its freshest state.
 * @returns how many orders were changed
 */
async function anonymiseFinishedOrders(store: Store, user: User, anonymousEmail: string): Promise<number> {
  let changed = 0;
  const finished = (await store.orders.list()).filter(
    (candidate) => FINISHED_STATUSES.includes(candidate.status) && isPersonsOrder(user, candidate),
  );
  for (const order of finished) {
    changed += await store.orders.change(order.id, (fresh) =>
      FINISHED_STATUSES.includes(fresh.status) && isPersonsOrder(user, fresh)
        ? { order: { ...fresh, email: anonymousEmail, billing: { ...fresh.billing, phone: '' } }, result: 1 }
        : { order: fresh, result: 0 },
    );
  }
  return changed;
}

/**
 * Erases the person from the account `user`. The orders go first, so that an interrupted erasure can be run again
 * while the account still has its address; sessions end before and after the account changes, so that none outlives
 * it on a store that keeps them apart from the accounts.
 * @throws InvalidInputError when the account is not a customer's
 */
export async function eraseAccount(store: Store, user: User): Promise<User> {
  if (!isErasable(user))
    throw new InvalidInputError(
      { id: 'Only a customer account can be erased; change the roles of a staff account first.' },
      { code: 'vitrine_user_not_erasable' },
    );
  const identity = anonymousIdentity(user.id);
  await anonymiseFinishedOrders(store, user, identity.email);
  await store.sessions.deleteOfUser(user.id);
  const erased = await store.users.anonymise(user.id, identity);
  await store.sessions.deleteOfUser(user.id);
  return erased;
}
