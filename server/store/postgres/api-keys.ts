/** `Store.apiKeys` on PostgreSQL: the `api_keys` table (migration 003); the database enforces the user and uniqueness. */
import type pg from 'pg';
import { StoreConflictError, StoreNotFoundError, type ApiKey, type ApiKeyRepository, type NewApiKey } from '../store.js';
import { sqlState } from './connection.js';

const COLUMNS = 'id, user_id, description, permissions, consumer_key_hash, consumer_secret_hash, truncated_key, created_at';

function toKey(row: Record<string, unknown>): ApiKey {
  // The pool may hand timestamps over as Date or as text (connection.ts): normalise both.
  return { ...(row as unknown as ApiKey), created_at: new Date(row.created_at as string).toISOString() };
}

export class PostgresApiKeys implements ApiKeyRepository {
  constructor(private readonly pool: pg.Pool) {}

  async create(key: NewApiKey): Promise<ApiKey> {
    try {
      const { rows } = await this.pool.query(
        `INSERT INTO api_keys (user_id, description, permissions, consumer_key_hash, consumer_secret_hash, truncated_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [key.user_id, key.description, key.permissions, key.consumer_key_hash, key.consumer_secret_hash, key.truncated_key, key.created_at],
      );
      return toKey(rows[0]);
    } catch (error) {
      if (sqlState(error) === '23503') throw new StoreNotFoundError(`There is no user with the id ${key.user_id}.`);
      if (sqlState(error) === '23505') throw new StoreConflictError('consumer_key', 'This consumer key is already in use.');
      throw error;
    }
  }

  async list(): Promise<ApiKey[]> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM api_keys ORDER BY id`);
    return rows.map(toKey);
  }

  async findByConsumerKeyHash(hash: string): Promise<ApiKey | null> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM api_keys WHERE consumer_key_hash = $1`, [hash]);
    return rows[0] ? toKey(rows[0]) : null;
  }
}
