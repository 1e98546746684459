/**
 * A signed-in user changing their own account (`wp/v2/users/me`): display name, e-mail, password and admin language. As in WordPress,
 * the current password is not asked for, since the request is already authenticated; a new password ends the user's
 * other sessions, so that whoever knew the old one is signed out everywhere but here. Knows nothing of HTTP.
 */
import { InvalidInputError } from '../errors/domain-errors.js';
import type { Session, User } from '../store/schema.js';
import { StoreConflictError, type Store, type UserChanges } from '../store/store.js';
import { hashPassword } from '../auth/passwords.js';
import { checkedEmail, UserInputError } from '../auth/users.js';
import { adminLocale } from './admin-locale.js';

export interface OwnAccountChanges {
  name?: string;
  email?: string;
  /** At least 8 characters (checked by the route's arguments, as for `wp/v2/users`). */
  password?: string;
  /** The admin's language: one of the route's `locale` values. */
  locale?: string;
}

/** WordPress's code for an e-mail that is malformed or someone else's; the field is named in `data.params` too. */
const invalidEmail = (message: string) =>
  new InvalidInputError({ email: message }, { code: 'rest_user_invalid_email' });

/**
 * Ends every session of the user but `keep` (the one the change came through, if it came through one).
 * @returns how many sessions ended
 */
export function endOtherSessions(store: Store, user: User, keep: Session | null): Promise<number> {
  return store.sessions.deleteOfUser(user.id, keep?.token_hash);
}

/**
 * @param session the login session the request came with, which stays signed in; null when it came with other
 * credentials
 * @throws InvalidInputError naming every bad field (an empty name, a malformed or taken e-mail); nothing is changed
 * then
 */
export async function updateOwnAccount(
  store: Store,
  user: User,
  changes: OwnAccountChanges,
  session: Session | null,
): Promise<User> {
  const problems: Record<string, string> = {};
  const update: UserChanges = {};
  if (changes.name !== undefined) {
    if (changes.name.trim()) update.display_name = changes.name.trim();
    else problems.name = 'name must not be empty.';
  }
  if (changes.email !== undefined) {
    try {
      update.email = checkedEmail(changes.email);
    } catch (error) {
      if (!(error instanceof UserInputError)) throw error;
      problems.email = error.message;
    }
  }
  if (Object.keys(problems).length)
    throw Object.hasOwn(problems, 'email') && Object.keys(problems).length === 1
      ? invalidEmail(problems.email!)
      : new InvalidInputError(problems);
  if (changes.password !== undefined) update.password_hash = await hashPassword(changes.password);
  if (changes.locale !== undefined) update.locale = adminLocale(changes.locale);
  let updated: User;
  try {
    updated = await store.users.update(user.id, update);
  } catch (error) {
    if (error instanceof StoreConflictError && error.field === 'email') throw invalidEmail(error.message);
    throw error;
  }
  if (changes.password !== undefined) await endOtherSessions(store, user, session);
  return updated;
}
