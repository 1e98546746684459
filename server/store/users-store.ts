import type { Enqueue } from './outbox.js';
import type { ApplicationPassword, ErasureRequest, User } from './schema.js';

/** A user as it is created; the store assigns the id. */
export type NewUser = Omit<User, 'id' | 'app_passwords'>;

export interface UserRepository {
  /** The user whose login or e-mail equals `loginOrEmail` (case-insensitive), if any. */
  findByLogin(loginOrEmail: string): Promise<User | null>;
  findById(id: number): Promise<User | null>;
  /** Every user, by id. */
  list(): Promise<User[]>;
  /**
   * Stores a new user, unless its login or e-mail is already taken by any user's login or e-mail (the check and the
   * write are one operation).
   * @param outbox the messages the registration causes (a welcome), stored in the same operation
   * @throws StoreConflictError naming `login` or `email`
   */
  create(user: NewUser, outbox?: Enqueue<User>): Promise<User>;
  /** @throws StoreNotFoundError when the user does not exist */
  addApplicationPassword(userId: number, password: ApplicationPassword): Promise<void>;
  /** Notes when and from where an application password was last used; a vanished password is ignored. */
  recordApplicationPasswordUse(userId: number, uuid: string, usedAt: string, ip: string): Promise<void>;
  /**
   * Changes a user's roles, password hash, display name, e-mail, login, saved addresses, admin language or erasure
   * request. A new e-mail or login must not be any other user's login or e-mail (checked and written in one operation).
   * @returns the updated user
   * @throws StoreNotFoundError when the user does not exist; StoreConflictError naming `email` or `login` when it is
   *   taken
   */
  update(userId: number, changes: UserChanges): Promise<User>;
  /**
   * Revokes one application password.
   * @returns whether it existed
   */
  deleteApplicationPassword(userId: number, uuid: string): Promise<boolean>;
  /**
   * Erases the person from an account in one operation: their login, e-mail, name and password become `identity`;
   * roles, saved addresses, application passwords, API keys and password resets go, so that no way into the account
   * is left but a session (the sessions repository's to end: `SessionRepository.deleteOfUser`). The account keeps
   * `record`, its erasure request as carried out, and the messages `outbox` writes from the account as it was before
   * (to the address it had), in the same operation.
   * @returns the anonymised user
   * @throws StoreNotFoundError when the user does not exist
   */
  anonymise(userId: number, identity: AnonymousIdentity, record: ErasureRequest, outbox?: Enqueue<User>): Promise<User>;
  /** Stores a password-reset request and the message that carries its link, in one operation. */
  createPasswordReset(reset: PasswordReset, outbox: Enqueue<PasswordReset>): Promise<void>;
  /**
   * Sets the password of the user whose unused, unexpired reset has `tokenHash`, and uses that reset up (with every
   * other open reset of the user), in one operation.
   * @returns the user, or null when the token is unknown, used or expired (nothing changed)
   */
  resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<User | null>;
  /** Whether a reset with `tokenHash` is still open (unused and unexpired at `now`), so that its link may be offered. */
  isPasswordResetOpen(tokenHash: string, now: Date): Promise<boolean>;
}

/** A request to reset a forgotten password: the link's token is known only by its hash. */
export interface PasswordReset {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** What `UserRepository.update` may change. */
export type UserChanges = Partial<
  Pick<
    User,
    'roles' | 'password_hash' | 'display_name' | 'email' | 'login' | 'addresses' | 'locale' | 'erasure_request'
  >
>;

/** What an erased account keeps in place of the person's identity (GDPR art. 17), so that its orders still name it. */
export interface AnonymousIdentity {
  login: string;
  email: string;
  display_name: string;
  /** A value no password verifies against. */
  password_hash: string;
}
