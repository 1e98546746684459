/**
 * Managing users and application passwords for `wp/v2/users` (the admin's Users screen): WordPress's answer shapes,
 * the rules that keep an administrator from locking themselves out, and errors named by field. Knows nothing of HTTP.
 */
import type {
  RestApplicationPassword,
  RestNewApplicationPassword,
  RestUser,
  RestUserView,
} from '../../client/api/users.js';
import { InvalidInputError, NotFoundError } from '../errors/domain-errors.js';
import { toLocalDateTime } from '../store/local-time.js';
import type { ApplicationPassword, Role, Session, User } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { createApplicationPassword } from '../auth/app-passwords.js';
import { capabilitiesOf } from '../auth/capabilities.js';
import { hashPassword } from '../auth/passwords.js';
import { createUser, UserInputError } from '../auth/users.js';
import { endOtherSessions } from './own-account.js';
import { adminLocale } from './admin-locale.js';

const slugOf = (user: User) => user.login.replace(/[^a-z0-9-]+/g, '-');

/** The user in WordPress's view context. */
export function restUserView(user: User): RestUserView {
  return { id: user.id, name: user.display_name, url: '', description: '', slug: slugOf(user) };
}

/** The user in WordPress's edit context. */
export function restUser(user: User): RestUser {
  return {
    id: user.id,
    username: user.login,
    name: user.display_name,
    email: user.email,
    slug: slugOf(user),
    roles: user.roles,
    registered_date: user.created_at,
    capabilities: Object.fromEntries(capabilitiesOf(user.roles).map((capability) => [capability, true])),
    locale: user.locale ?? '',
  };
}

export function restApplicationPassword(password: ApplicationPassword, timeZone: string): RestApplicationPassword {
  return {
    uuid: password.uuid,
    app_id: '',
    name: password.name,
    created: toLocalDateTime(password.created, timeZone),
    last_used: password.last_used ? toLocalDateTime(password.last_used, timeZone) : null,
    last_ip: password.last_ip,
  };
}

export const userNotFound = (): NotFoundError =>
  new NotFoundError('Invalid user ID.', { code: 'rest_user_invalid_id' });

export async function findUserOrThrow(store: Store, id: number): Promise<User> {
  const user = await store.users.findById(id);
  if (!user) throw userNotFound();
  return user;
}

/** The REST API's name for each field of `createUser`, so that the admin shows a refusal beside its field. */
const REST_FIELD = { login: 'username', email: 'email', password: 'password', role: 'roles', name: 'name' } as const;

/**
 * @throws InvalidInputError (400 `rest_invalid_param`) naming the field (a taken login or e-mail, a bad login)
 */
export async function createRestUser(
  store: Store,
  input: { username: string; email: string; password: string; roles?: Role[]; name?: string },
): Promise<RestUser> {
  try {
    const { user } = await createUser(store, {
      login: input.username,
      email: input.email,
      password: input.password,
      role: input.roles?.[0] ?? 'customer',
      displayName: input.name?.trim() || undefined,
    });
    return restUser(user);
  } catch (error) {
    if (error instanceof UserInputError) throw new InvalidInputError({ [REST_FIELD[error.userField]]: error.message });
    throw error;
  }
}

/**
 * Changes a user's role, password, name or admin language. An administrator cannot take the administrator role from themselves:
 * the shop would be left without anyone who can give it back. A new password ends the user's sessions.
 * @throws NotFoundError for an unknown user, InvalidInputError for the rule above
 */
export async function updateRestUser(
  store: Store,
  actor: User,
  id: number,
  changes: { roles?: Role[]; password?: string; name?: string; locale?: string },
  actorSession: Session | null = null,
): Promise<RestUser> {
  const user = await findUserOrThrow(store, id);
  if (
    changes.roles &&
    user.id === actor.id &&
    user.roles.includes('administrator') &&
    !changes.roles.includes('administrator')
  ) {
    throw new InvalidInputError({
      roles: 'You cannot take the administrator role from yourself; ask another administrator.',
    });
  }
  if (changes.name !== undefined && !changes.name.trim())
    throw new InvalidInputError({ name: 'name must not be empty.' });
  const updated = await store.users.update(user.id, {
    ...(changes.roles ? { roles: changes.roles } : {}),
    ...(changes.password !== undefined ? { password_hash: await hashPassword(changes.password) } : {}),
    ...(changes.name !== undefined ? { display_name: changes.name.trim() } : {}),
    ...(changes.locale !== undefined ? { locale: adminLocale(changes.locale) } : {}),
  });
  // A reset password signs the user out everywhere (but in the administrator's own session, when it is their own).
  if (changes.password !== undefined) await endOtherSessions(store, user, user.id === actor.id ? actorSession : null);
  return restUser(updated);
}

/** @returns the new password's record and, once, the password itself (`password`), as WordPress answers it */
export async function createRestApplicationPassword(
  store: Store,
  user: User,
  name: string,
  timeZone: string,
): Promise<RestNewApplicationPassword> {
  const trimmed = name.trim();
  if (!trimmed) throw new InvalidInputError({ name: 'name must not be empty.' });
  const created = createApplicationPassword(trimmed);
  await store.users.addApplicationPassword(user.id, created.record);
  return { ...restApplicationPassword(created.record, timeZone), password: created.plain };
}

/** @throws NotFoundError (`rest_application_password_not_found`) */
export async function revokeApplicationPassword(
  store: Store,
  user: User,
  uuid: string,
  timeZone: string,
): Promise<{ deleted: true; previous: RestApplicationPassword }> {
  const password = user.app_passwords.find((candidate) => candidate.uuid === uuid);
  if (!password || !(await store.users.deleteApplicationPassword(user.id, uuid))) {
    throw new NotFoundError('The application password could not be found.', {
      code: 'rest_application_password_not_found',
    });
  }
  return { deleted: true, previous: restApplicationPassword(password, timeZone) };
}
