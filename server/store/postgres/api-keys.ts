/**
 * `Store.apiKeys` on PostgreSQL: the `api_keys` table (migration 003), the database enforcing the user and uniqueness,
 * and the nonces of OAuth-signed requests in `oauth_nonces` (migration 012).
 */
import type pg from 'pg';
import {
  StoreConflictError,
  StoreNotFoundError,
  type ApiKey,
  type ApiKeyRepository,
  type NewApiKey,
} from '../store.js';
import { sqlState } from './connection.js';

const COLUMNS =
  'id, user_id, description, permissions, consumer_key_hash, consumer_secret_hash, truncated_key, created_at, last_access';

function toKey(row: Record<string, unknown>): ApiKey {
  // The pool may hand timestamps over as Date or as text (connection.ts): normalise both.
  return {
    ...(row as unknown as ApiKey),
    created_at: new Date(row.created_at as string).toISOString(),
    last_access: row.last_access === null ? null : new Date(row.last_access as string).toISOString(),
  };
}

/** Expired nonces of all keys are swept at most this often per process; a key's own are dropped at each use. */
const SWEEP_INTERVAL_MS = 60_000;

export class PostgresApiKeys implements ApiKeyRepository {
  #lastSweep = 0;

  constructor(private readonly pool: pg.Pool) {}

  async create(key: NewApiKey): Promise<ApiKey> {
    try {
      const { rows } = await this.pool.query(
        `INSERT INTO api_keys (user_id, description, permissions, consumer_key_hash, consumer_secret_hash, truncated_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [
          key.user_id,
          key.description,
          key.permissions,
          key.consumer_key_hash,
          key.consumer_secret_hash,
          key.truncated_key,
          key.created_at,
        ],
      );
      return toKey(rows[0]);
    } catch (error) {
      if (sqlState(error) === '23503') throw new StoreNotFoundError(`There is no user with the id ${key.user_id}.`);
      if (sqlState(error) === '23505')
        throw new StoreConflictError('consumer_key', 'This consumer key is already in use.');
      throw error;
    }
  }

  async list(): Promise<ApiKey[]> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM api_keys ORDER BY id`);
    return rows.map(toKey);
  }

  async remove(id: number): Promise<ApiKey | null> {
    const { rows } = await this.pool.query(`DELETE FROM api_keys WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
    return rows[0] ? toKey(rows[0]) : null;
  }

  async recordAccess(id: number, at: string): Promise<void> {
    await this.pool.query('UPDATE api_keys SET last_access = $2 WHERE id = $1', [id, at]);
  }

  async findByConsumerKeyHash(hash: string): Promise<ApiKey | null> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM api_keys WHERE consumer_key_hash = $1`, [hash]);
    return rows[0] ? toKey(rows[0]) : null;
  }

  async useNonce(keyId: number, nonce: string, expiresAt: string, now: Date): Promise<boolean> {
    if (now.getTime() - this.#lastSweep > SWEEP_INTERVAL_MS) {
      this.#lastSweep = now.getTime();
      await this.pool.query('DELETE FROM oauth_nonces WHERE expires_at <= $1', [now.toISOString()]);
    }
    // One statement: an expired record of the same nonce is taken over, an unexpired one makes the insert a no-op, and
    // the primary key settles two instances inserting at the same moment.
    const { rowCount } = await this.pool.query(
      `INSERT INTO oauth_nonces (key_id, nonce, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (key_id, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE oauth_nonces.expires_at <= $4`,
      [keyId, nonce, expiresAt, now.toISOString()],
    );
    return (rowCount ?? 0) > 0;
  }
}
