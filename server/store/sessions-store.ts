import type { Session, User } from './schema.js';

export interface SessionRepository {
  /** Stores a session of an existing user; expired sessions may be dropped at the same time. */
  create(session: Session): Promise<void>;
  /** The unexpired session with this token hash and its user; null when there is none. */
  find(tokenHash: string, now: Date): Promise<{ session: Session; user: User } | null>;
  delete(tokenHash: string): Promise<void>;
  /**
   * Ends every session of a user but the one with `exceptTokenHash` (after a password change: whoever knew the old
   * password is signed out everywhere else).
   * @returns how many sessions ended
   */
  deleteOfUser(userId: number, exceptTokenHash?: string): Promise<number>;
  /** Every session unexpired at `now`, oldest first (for `vitrine store copy`). */
  list(now: Date): Promise<Session[]>;
}
