/**
 * Erasing a customer's account (GDPR art. 17) as far as the law allows: the person's login, e-mail, name, password,
 * saved addresses, keys and sessions go; their orders stay with the billing and delivery addresses tax law requires
 * the shop to keep (invoices and the records behind them, Polish VAT Act art. 112; the delivery address decides the
 * place of supply), no longer tied to a person who can sign in. A finished order loses its e-mail address and phone
 * number, which no law asks to keep; an open one keeps them until it is done, as the shop still has to deliver it. The consent log keeps its records, which prove the consent given (art. 7(1)) and hold no name or e-mail: only
 * the account's number and a shortened IP address.
 *
 * A customer asks from their account and confirms by a link sent to the account's address (a sealed token naming the
 * account, its address then and the request, so that it works once); the request is then the manager's, who carries
 * it out within a month of the request (GDPR art. 12(3)) from the admin or `vitrine/v1/erasure-requests`. A manager
 * may also erase an account at once (`vitrine/v1/users/{id}/erase`, for a request received another way). The account
 * keeps its request as the record of what was done.
 */
import { openToken, sealToken } from '../../auth/sealed-token.js';
import { ConflictError, InvalidInputError } from '../../errors/domain-errors.js';
import { ACCOUNT_LINK_HOURS } from '../../mail/messages/account-privacy-messages.js';
import type { ShopMail } from '../../mail/shop-mail.js';
import type { OrderStatus } from '../../../client/api/orders.js';
import type { ErasureRequest, Order, User } from '../../store/schema.js';
import { toLocalDateTime } from '../../store/local-time.js';
import type { AnonymousIdentity, Store } from '../../store/store.js';

const PURPOSE = 'account-erasure';

interface PendingErasure {
  user_id: number;
  email: string;
  requested_at: string;
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

/** The request of `user` still to be carried out, if any. */
export const openRequestOf = (user: User): ErasureRequest | null =>
  user.erasure_request && user.erasure_request.completed_at === null ? user.erasure_request : null;

/**
 * Records the customer's request (a request asked again keeps its first time, from which the month runs) and e-mails
 * the account's address the link that confirms it. A request already confirmed is left as it is.
 * @returns the request as it stands
 */
export async function requestErasure(
  store: Store,
  mail: ShopMail,
  user: User,
  now = new Date(),
): Promise<ErasureRequest> {
  const open = openRequestOf(user);
  if (open?.confirmed_at) return open;
  const request: ErasureRequest = {
    requested_at: open?.requested_at ?? now.toISOString(),
    confirmed_at: null,
    completed_at: null,
  };
  await store.users.update(user.id, { erasure_request: request });
  const pending: PendingErasure = { user_id: user.id, email: user.email, requested_at: request.requested_at };
  const expires = new Date(now.getTime() + ACCOUNT_LINK_HOURS * 3_600_000);
  const token = sealToken(store.site.data.secret, PURPOSE, pending, expires);
  await store.outbox.enqueue(mail.erasureLink(user, token));
  return request;
}

/**
 * The account whose request an erasure link may still confirm, or null (damaged, expired, already confirmed, or not
 * a customer's account).
 */
export async function openErasure(store: Store, token: string, now = new Date()): Promise<User | null> {
  if (!token || token.length > 4000) return null;
  const pending = openToken(store.site.data.secret, PURPOSE, token, now) as PendingErasure | null;
  if (!pending || typeof pending.user_id !== 'number') return null;
  const user = await store.users.findById(pending.user_id);
  if (!user || user.email !== pending.email || !isErasable(user)) return null;
  const open = openRequestOf(user);
  return open && !open.confirmed_at && open.requested_at === pending.requested_at ? user : null;
}

/**
 * The customer has confirmed their request from the account's address: it now waits for a manager, and the address is
 * told by when it will be carried out.
 */
export async function confirmErasure(
  store: Store,
  mail: ShopMail,
  user: User,
  now = new Date(),
): Promise<ErasureRequest> {
  const request = { ...openRequestOf(user)!, confirmed_at: now.toISOString() };
  const confirmed = await store.users.update(user.id, { erasure_request: request });
  await store.outbox.enqueue(
    mail.erasureRequested(confirmed, erasureDueOn(request, store.site.data.settings.general.timezone)),
  );
  return request;
}

/**
 * The last day (`YYYY-MM-DD`, the shop's time zone) for carrying out a request: one month from the day of the request
 * (GDPR art. 12(3)), the same day of the next month, or that month's last day when it has no such day.
 * @example erasureDueOn({ requested_at: '2026-01-31T09:00:00Z', … }, 'Europe/Warsaw') === '2026-02-28'
 */
export function erasureDueOn(request: ErasureRequest, timeZone: string): string {
  const [year, month, day] = toLocalDateTime(request.requested_at, timeZone).slice(0, 10).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  // `month` counts from 1, so as a Date's month index it is already the next month.
  const lastDayOfNext = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDayOfNext))).toISOString().slice(0, 10);
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
 * Erases the person from the account `user`, carrying out its request (or recording one made now, for a request that
 * reached the shop another way). The orders go first, so that an interrupted erasure can be run again while the
 * account still has its address; sessions end before and after the account changes, so that none outlives it on a
 * store that keeps them apart from the accounts. The message that tells the person it is done is queued in the same
 * store operation as the erasure, written to the address the account had: never lost, never sent for an erasure
 * that did not happen.
 * @throws InvalidInputError when the account is not a customer's
 */
export async function eraseAccount(store: Store, mail: ShopMail, user: User, now = new Date()): Promise<User> {
  if (!isErasable(user))
    throw new InvalidInputError(
      { id: 'Only a customer account can be erased; change the roles of a staff account first.' },
      { code: 'vitrine_user_not_erasable' },
    );
  const identity = anonymousIdentity(user.id);
  const asked = openRequestOf(user) ?? { requested_at: now.toISOString(), confirmed_at: null };
  await anonymiseFinishedOrders(store, user, identity.email);
  await store.sessions.deleteOfUser(user.id);
  const erased = await store.users.anonymise(
    user.id,
    identity,
    { ...asked, completed_at: now.toISOString() },
    mail.erasureDone,
  );
  await store.sessions.deleteOfUser(user.id);
  return erased;
}

/**
 * Carries out the request the customer of `user` confirmed.
 * @throws ConflictError when there is no open request, or the customer has not confirmed it from their address
 */
export async function carryOutErasure(store: Store, mail: ShopMail, user: User, now = new Date()): Promise<User> {
  const open = openRequestOf(user);
  if (!open)
    throw new ConflictError('This account has no erasure request to carry out.', {
      code: 'vitrine_erasure_not_requested',
    });
  if (!open.confirmed_at)
    throw new ConflictError(
      "The customer has not yet confirmed this request from the account's e-mail address; it cannot be carried out.",
      { code: 'vitrine_erasure_not_confirmed' },
    );
  return eraseAccount(store, mail, user, now);
}
