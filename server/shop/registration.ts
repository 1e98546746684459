/**
 * A customer registration in two steps, so that `/register` tells no one whether an address has an account: the form
 * only e-mails the address (the link that creates the account, or to an owner the news that it has one), and the link,
 * a sealed token holding what was typed with the password already hashed, creates the account. Nothing is stored
 * before the owner of the address answers.
 */
import { openToken, sealToken } from '../auth/sealed-token.js';
import { hashPassword } from '../auth/passwords.js';
import { createUser, UserInputError } from '../auth/users.js';
import type { ShopMail } from '../mail/shop-mail.js';
import { REGISTRATION_LINK_HOURS } from '../mail/messages/registration-messages.js';
import type { ConsentRecord, User } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { localeOfLanguage, requestLanguage } from '../site/storefront-languages.js';

const PURPOSE = 'registration';

/** What the form asked for, kept inside the link until the link is used. */
export interface PendingRegistration {
  display_name: string;
  email: string;
  password_hash: string;
  /** The registration checkboxes as shown and answered, recorded when the account is created. */
  consent: ConsentRecord[];
  redirect_to: string;
}

/**
 * E-mails `email` the link that creates the account, or the news that it has one. Both ways the password is hashed,
 * a token sealed and one message queued, so that the answer takes as long whoever asks. The message counts against
 * the address's limit (held back over it), since anyone can type any address here.
 */
export async function requestRegistration(
  store: Store,
  mail: ShopMail,
  input: Omit<PendingRegistration, 'password_hash'> & { password: string },
  now = new Date(),
): Promise<void> {
  const { password, ...typed } = input;
  const pending: PendingRegistration = { ...typed, password_hash: await hashPassword(password) };
  const token = sealToken(
    store.site.data.secret,
    PURPOSE,
    pending,
    new Date(now.getTime() + REGISTRATION_LINK_HOURS * 3_600_000),
  );
  const known = await store.users.findByLogin(input.email.toLowerCase());
  const messages = known ? mail.accountExists(known, input.email) : mail.registrationLink(input.email, token);
  const enqueue = await mail.recipients.limited(input.email, () => messages);
  await store.outbox.enqueue(enqueue(null));
}

/** What a registration link holds, or null when it is damaged, forged or expired. */
export function openRegistration(store: Store, token: string, now = new Date()): PendingRegistration | null {
  if (!token || token.length > 8000) return null;
  const pending = openToken(store.site.data.secret, PURPOSE, token, now) as PendingRegistration | null;
  return pending && typeof pending.email === 'string' && typeof pending.password_hash === 'string' ? pending : null;
}

/**
 * Creates the account of a confirmed registration and records its consent.
 * @returns the new customer, or null when the address has an account by now (the link was used already)
 */
export async function completeRegistration(
  store: Store,
  mail: ShopMail,
  pending: PendingRegistration,
): Promise<User | null> {
  let user: User;
  try {
    ({ user } = await createUser(store, {
      login: pending.email.toLowerCase(),
      email: pending.email,
      role: 'customer',
      passwordHash: pending.password_hash,
      displayName: pending.display_name,
      locale: localeOfLanguage(requestLanguage(store)),
      outbox: mail.welcome,
    }));
  } catch (error) {
    if (error instanceof UserInputError && /already exists/.test(error.message)) return null;
    throw error;
  }
  await store.consent.record(pending.consent.map((record) => ({ ...record, reference: `user:${user.id}` })));
  return user;
}
