/** Users: creation with validated login and e-mail, lookup, and application passwords. Knows nothing of HTTP. */
import type { Enqueue } from '../store/outbox.js';
import type { Store } from '../store/store.js';
import { ROLES, type Role, type User } from '../store/schema.js';
import { InvalidInputError } from '../errors/domain-errors.js';
import { PASSWORD_MIN_LENGTH, type AdminLocale } from '../../client/api/users.js';
import { StoreConflictError } from '../store/store.js';
import { createApplicationPassword } from './app-passwords.js';
import { generateLoginPassword, hashPassword } from './passwords.js';

/** A refusal naming the user field it is about, so that a form or an API answer shows it beside that field. */
export class UserInputError extends InvalidInputError {
  constructor(
    readonly userField: 'login' | 'email' | 'password' | 'role' | 'name',
    message: string,
  ) {
    super({ [userField]: message });
  }
}

export interface CreateUserInput {
  login: string;
  role: string;
  email?: string;
  password?: string;
  /** The password already hashed (a registration confirmed by e-mail carries only the hash); wins over `password`. */
  passwordHash?: string;
  displayName?: string;
  /** The user's language (WordPress's user `locale`): a customer's, the storefront language they registered in. */
  locale?: AdminLocale;
  /** The messages the new account causes (a customer's welcome), stored with it. */
  outbox?: Enqueue<User>;
}

export const LOGIN_PATTERN = /^[a-z0-9_.@-]{1,60}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An e-mail address trimmed, if it looks like one.
 * @throws UserInputError naming `email`
 */
export function checkedEmail(input: string): string {
  const email = input.trim();
  if (!EMAIL_PATTERN.test(email) || email.length > 254)
    throw new UserInputError('email', `"${email}" is not an e-mail address.`);
  return email;
}

/** The user whose login or e-mail is `login`, ignoring case. */
export function findUserByLogin(store: Store, login: string): Promise<User | null> {
  return store.users.findByLogin(login);
}

/**
 * @returns the user and the password in plain text, generated when none was given (shown to the operator once).
 * @throws UserInputError naming the bad field.
 */
export async function createUser(
  store: Store,
  input: CreateUserInput,
): Promise<{ user: User; password: string; generated: boolean }> {
  const login = input.login.trim().toLowerCase();
  if (!LOGIN_PATTERN.test(login)) {
    throw new UserInputError(
      'login',
      `The login "${input.login}" may hold only lower-case letters, digits and _ . @ - (1-60 characters).`,
    );
  }
  if (!ROLES.includes(input.role as Role)) {
    throw new UserInputError('role', `The role "${input.role}" is unknown. Use one of: ${ROLES.join(', ')}.`);
  }
  const email = checkedEmail(input.email ?? `${login.replace(/@.*/, '')}@example.com`);
  if (input.password !== undefined && input.password.length < PASSWORD_MIN_LENGTH) {
    throw new UserInputError('password', `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
  }
  const taken = () =>
    new UserInputError('login', `A user with the login "${login}" or the e-mail "${email}" already exists.`);
  // A cheap early answer; the store checks again in the same operation that writes, so two creations cannot both pass.
  if ((await store.users.findByLogin(login)) || (await store.users.findByLogin(email))) throw taken();
  const password = input.password ?? generateLoginPassword();
  const passwordHash = input.passwordHash ?? (await hashPassword(password));
  try {
    const user = await store.users.create(
      {
        login,
        email,
        display_name: input.displayName ?? login,
        roles: [input.role as Role],
        password_hash: passwordHash,
        created_at: new Date().toISOString(),
        ...(input.locale ? { locale: input.locale } : {}),
      },
      input.outbox,
    );
    return { user, password, generated: input.password === undefined && input.passwordHash === undefined };
  } catch (error) {
    if (error instanceof StoreConflictError) throw taken();
    throw error;
  }
}

/** @returns the new application password in plain text, in groups of four; it is not stored anywhere readable. */
export async function addApplicationPassword(store: Store, login: string, name: string): Promise<string> {
  const user = await store.users.findByLogin(login);
  if (!user) throw new UserInputError('login', `There is no user with the login "${login}".`);
  const trimmedName = name.trim();
  if (!trimmedName || trimmedName.length > 100)
    throw new UserInputError('name', 'The application password needs a name of 1-100 characters.');
  const created = createApplicationPassword(trimmedName);
  await store.users.addApplicationPassword(user.id, created.record);
  return created.plain;
}
