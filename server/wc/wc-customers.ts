/**
 * `wc/v3/customers` over the shop's users: WooCommerce's customer shape made of a user and their orders, and the
 * create and update WooCommerce's customers controller performs, with its error codes. Knows nothing of Koa.
 *
 * The shop keeps a user's name as one display name, so `first_name` is the display name's first word and `last_name`
 * the rest (both empty while the display name is the login). `billing`/`shipping` are the customer's address book,
 * read and written as wc-customer-addresses.ts says. Password hashes, sessions and application passwords never leave
 * this file.
 */
import type { WcCustomer } from '../../client/api/wc-store.js';
import { PASSWORD_MIN_LENGTH } from '../../client/api/users.js';
import { endOtherSessions } from '../accounts/own-account.js';
import { hashPassword } from '../auth/passwords.js';
import { checkedEmail, createUser, UserInputError } from '../auth/users.js';
import { foldText } from '../catalog/model.js';
import { InvalidInputError } from '../errors/domain-errors.js';
import { RestError } from '../rest/errors.js';
import { toLocalDateTime } from '../store/local-time.js';
import type { Enqueue } from '../store/outbox.js';
import type { Order, User } from '../store/schema.js';
import { StoreConflictError, type Store, type UserChanges } from '../store/store.js';
import { cannotEdit, invalidCustomerId } from './wc-errors.js';
import { addressBookOfWrite, wcCustomerAddresses } from './wc-customer-addresses.js';

export const CUSTOMER_ORDERBY = ['id', 'include', 'name', 'registered_date'] as const;

export interface CustomerQuery {
  search?: string;
  email?: string;
  /** `all`, or one role; WooCommerce lists customers unless asked otherwise. */
  role: string;
  orderby: (typeof CUSTOMER_ORDERBY)[number];
  order: 'asc' | 'desc';
  include?: number[];
  exclude?: number[];
}

/** What a create or update body sets; an absent field is left as it is. */
export interface CustomerInput {
  email?: string;
  /** WooCommerce's address objects, checked by wc-customer-addresses.ts. */
  billing?: unknown;
  shipping?: unknown;
  first_name?: string;
  last_name?: string;
  username?: string;
  password?: string;
}

const registrationError = (code: string, message: string) => new RestError(code, message, 400);
const emailExists = () =>
  registrationError(
    'registration-error-email-exists',
    'An account is already registered with your email address. Please log in.',
  );
const usernameExists = () =>
  registrationError(
    'registration-error-username-exists',
    'An account is already registered with that username. Please choose another.',
  );

const gmt = (iso: string) => iso.slice(0, 19);

/** The shop's default country and locale, which an address is checked by. */
const addressRules = (store: Store): [string, string] => [
  store.site.data.settings.checkout.default_country || 'PL',
  store.site.data.settings.general.locale,
];

/** The display name as WooCommerce's two name fields; a display name that is only the login names nobody. */
export function namesOf(user: Pick<User, 'display_name' | 'login'>): { first_name: string; last_name: string } {
  const name = user.display_name.trim();
  if (name === '' || name === user.login) return { first_name: '', last_name: '' };
  const space = name.indexOf(' ');
  return space === -1
    ? { first_name: name, last_name: '' }
    : { first_name: name.slice(0, space), last_name: name.slice(space + 1).trim() };
}

/**
 * @param orders the user's orders, newest first: the newest gives the addresses of a customer who saved none, any paid
 *   one makes a paying customer
 */
export function wcCustomer(user: User, orders: readonly Order[], timeZone: string): WcCustomer {
  return {
    id: user.id,
    date_created: toLocalDateTime(user.created_at, timeZone),
    date_created_gmt: gmt(user.created_at),
    date_modified: null,
    date_modified_gmt: null,
    email: user.email,
    ...namesOf(user),
    role: user.roles[0] ?? 'customer',
    username: user.login,
    ...wcCustomerAddresses(user, orders[0]),
    is_paying_customer: orders.some((order) => order.date_paid !== null),
    // WooCommerce answers a Gravatar address, which hands a hash of the customer's e-mail to a third party whenever a
    // tool shows it; the shop has no avatars of its own, so it answers none.
    avatar_url: '',
    meta_data: [],
  };
}

/** The users a list asks for, in its order (WooCommerce's `WP_User_Query` over logins, e-mails and display names). */
export function queryCustomers(users: readonly User[], query: CustomerQuery): User[] {
  const words = query.search ? foldText(query.search) : '';
  const email = query.email?.trim().toLowerCase();
  const found = users.filter(
    (user) =>
      (query.role === 'all' || user.roles.includes(query.role as User['roles'][number])) &&
      (!email || user.email.toLowerCase() === email) &&
      (!query.include?.length || query.include.includes(user.id)) &&
      (!query.exclude?.length || !query.exclude.includes(user.id)) &&
      (!words || [user.login, user.email, user.display_name].some((field) => foldText(field).includes(words))),
  );
  const byId = (a: User, b: User) => a.id - b.id;
  const compare: Record<CustomerQuery['orderby'], (a: User, b: User) => number> = {
    id: byId,
    include: (a, b) => (query.include ? query.include.indexOf(a.id) - query.include.indexOf(b.id) : byId(a, b)),
    name: (a, b) => a.display_name.localeCompare(b.display_name) || byId(a, b),
    registered_date: (a, b) => a.created_at.localeCompare(b.created_at) || byId(a, b),
  };
  found.sort(compare[query.orderby]);
  return query.order === 'desc' ? found.reverse() : found;
}

const displayNameOf = (input: CustomerInput, fallback: { first_name: string; last_name: string }) =>
  [input.first_name ?? fallback.first_name, input.last_name ?? fallback.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

/** WooCommerce makes a username of the e-mail's local part when none is given, and numbers it when it is taken. */
async function freeUsername(store: Store, email: string): Promise<string> {
  const base =
    email
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9_.-]+/g, '')
      .slice(0, 50) || 'customer';
  for (let suffix = 1; ; suffix++) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    if (!(await store.users.findByLogin(candidate))) return candidate;
  }
}

/**
 * Creates a user with the role customer; a password not given is generated and never answered (the customer sets
 * one through the password reset, as a WooCommerce shop that generates passwords mails a link).
 * @throws RestError with WooCommerce's registration codes (a taken e-mail or username, a bad one)
 */
export async function createCustomer(
  store: Store,
  input: CustomerInput & { email: string },
  welcome?: Enqueue<User>,
): Promise<User> {
  let email: string;
  try {
    email = checkedEmail(input.email);
  } catch {
    throw registrationError('registration-error-invalid-email', 'Please provide a valid email address.');
  }
  if (await store.users.findByLogin(email)) throw emailExists();
  const username = input.username?.trim() ? input.username.trim().toLowerCase() : await freeUsername(store, email);
  if (input.username?.trim() && (await store.users.findByLogin(username))) throw usernameExists();
  const names = displayNameOf(input, { first_name: '', last_name: '' });
  const nobody: User = {
    id: 0,
    login: username,
    email,
    display_name: names,
    roles: [],
    password_hash: '',
    app_passwords: [],
    created_at: '',
  };
  const addresses = addressBookOfWrite(input, nobody, undefined, email, ...addressRules(store));
  try {
    const { user } = await createUser(store, {
      login: username,
      email,
      role: 'customer',
      password: input.password,
      displayName: names || undefined,
      outbox: welcome,
    });
    return addresses ? await store.users.update(user.id, { addresses }) : user;
  } catch (error) {
    if (!(error instanceof UserInputError)) throw error;
    if (error.userField === 'login' && /already exists/.test(error.message)) throw emailExists();
    if (error.userField === 'login')
      throw registrationError('registration-error-invalid-username', 'Please enter a valid account username.');
    if (error.userField === 'email')
      throw registrationError('registration-error-invalid-email', 'Please provide a valid email address.');
    throw error;
  }
}

/**
 * Changes a customer's e-mail, name or password (which signs them out everywhere). Only customers: a shop manager's
 * key must not reset an administrator's password (WooCommerce lets a shop manager edit customers only).
 * @throws RestError: an unknown id (400, as WooCommerce updates answer), another role (403), a changed username,
 *   a bad or taken e-mail
 */
export async function updateCustomer(store: Store, id: number, input: CustomerInput): Promise<User> {
  const user = await store.users.findById(id);
  if (!user) throw invalidCustomerId(400);
  if (!user.roles.includes('customer')) throw cannotEdit(true);
  if (
    input.username !== undefined &&
    input.username.trim() !== '' &&
    input.username.trim().toLowerCase() !== user.login
  ) {
    throw new RestError('woocommerce_rest_customer_invalid_argument', "Username isn't editable.", 400);
  }
  const changes: UserChanges = {};
  if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
    try {
      changes.email = checkedEmail(input.email);
    } catch {
      throw new RestError('woocommerce_rest_customer_invalid_email', 'Email address is invalid.', 400);
    }
  }
  if (input.first_name !== undefined || input.last_name !== undefined)
    changes.display_name = displayNameOf(input, namesOf(user)) || user.login;
  const newest = (await store.orders.listByUser(user.id))[0];
  const addresses = addressBookOfWrite(input, user, newest, changes.email ?? user.email, ...addressRules(store));
  if (addresses) changes.addresses = addresses;
  if (input.password !== undefined) {
    if (input.password.length < PASSWORD_MIN_LENGTH)
      throw new InvalidInputError({
        password: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
      });
    changes.password_hash = await hashPassword(input.password);
  }
  if (Object.keys(changes).length === 0) return user;
  try {
    const updated = await store.users.update(user.id, changes);
    if (changes.password_hash) await endOtherSessions(store, updated, null);
    return updated;
  } catch (error) {
    if (error instanceof StoreConflictError) throw emailExists();
    throw error;
  }
}
