/** `Store.sessions` on PostgreSQL. */
import type pg from 'pg';
import type { Session, User } from '../schema.js';
import { StoreNotFoundError, type SessionRepository } from '../store.js';
import { sqlState } from './connection.js';
import { USER_COLUMNS, userFromRow } from './users.js';

/** Expired sessions are swept at most this often per process, so that logins do not each pay for a DELETE. */
const SWEEP_INTERVAL_MS = 60_000;

export class PostgresSessions implements SessionRepository {
  #lastSweep = 0;

  constructor(private readonly pool: pg.Pool) {}

  async create(session: Session): Promise<void> {
    try {
      await this.pool.query(
        'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
        [session.token_hash, session.user_id, session.created_at, session.expires_at],
      );
    } catch (error) {
      if (sqlState(error) === '23503') throw new StoreNotFoundError(`There is no user with the id ${session.user_id}.`);
      throw error;
    }
    if (Date.now() - this.#lastSweep > SWEEP_INTERVAL_MS) {
      this.#lastSweep = Date.now();
      // Uses the expires_at index; find() ignores expired rows anyway, so this is housekeeping only.
      await this.pool.query('DELETE FROM sessions WHERE expires_at <= now()');
    }
  }

  async find(tokenHash: string, now: Date): Promise<{ session: Session; user: User } | null> {
    const { rows } = await this.pool.query(
      `SELECT s.token_hash AS s_token_hash, s.user_id AS s_user_id, s.created_at AS s_created_at, s.expires_at AS s_expires_at,
         ${USER_COLUMNS}
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.expires_at > $2`,
      [tokenHash, now.toISOString()],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      session: {
        token_hash: row.s_token_hash,
        user_id: row.s_user_id,
        created_at: row.s_created_at,
        expires_at: row.s_expires_at,
      },
      user: userFromRow(row),
    };
  }

  async delete(tokenHash: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async deleteOfUser(userId: number, exceptTokenHash?: string): Promise<number> {
    const { rowCount } = await this.pool.query(
      'DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2',
      [userId, exceptTokenHash ?? null],
    );
    return rowCount ?? 0;
  }

  async list(now: Date): Promise<Session[]> {
    const { rows } = await this.pool.query<Session>(
      'SELECT token_hash, user_id, created_at, expires_at FROM sessions WHERE expires_at > $1 ORDER BY created_at, token_hash',
      [now.toISOString()],
    );
    return rows;
  }
}
