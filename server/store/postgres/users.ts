/** `Store.users` on PostgreSQL: users and their application passwords. */
import type pg from 'pg';
import type { ApplicationPassword, ErasureRequest, User } from '../schema.js';
import type { Enqueue } from '../outbox.js';
import {
  StoreConflictError,
  StoreNotFoundError,
  type AnonymousIdentity,
  type NewUser,
  type PasswordReset,
  type UserChanges,
  type UserRepository,
} from '../store.js';
import { insertOutbox } from './outbox.js';
import { LOCKS, sqlState, withTransaction, type Queryable } from './connection.js';

/** A user with its application passwords in the order they were added. Also used by the session lookup. */
export const USER_COLUMNS = `u.id, u.login, u.email, u.display_name, u.roles, u.password_hash, u.created_at, u.addresses, u.locale,
  u.erasure_request,
  COALESCE((SELECT json_agg(json_build_object('uuid', a.uuid, 'name', a.name, 'password_hash', a.password_hash,
    'created', a.created, 'last_used', a.last_used, 'last_ip', a.last_ip) ORDER BY a.seq)
    FROM application_passwords a WHERE a.user_id = u.id), '[]') AS app_passwords`;

const iso = (value: string | null): string | null => (value === null ? null : new Date(value).toISOString());

// biome-ignore lint/suspicious/noExplicitAny: node-postgres types a row's columns as any; each reader names them
export function userFromRow(row: Record<string, any>): User {
  return {
    id: row.id,
    login: row.login,
    email: row.email,
    display_name: row.display_name,
    roles: row.roles,
    password_hash: row.password_hash,
    app_passwords: row.app_passwords.map((password: ApplicationPassword) => ({
      ...password,
      created: iso(password.created)!,
      last_used: iso(password.last_used),
    })),
    created_at: row.created_at,
    ...(row.addresses ? { addresses: row.addresses } : {}),
    ...(row.locale ? { locale: row.locale } : {}),
    ...(row.erasure_request ? { erasure_request: row.erasure_request } : {}),
  };
}

async function findOne(db: Queryable, where: string, value: unknown): Promise<User | null> {
  const { rows } = await db.query(`SELECT ${USER_COLUMNS} FROM users u WHERE ${where} ORDER BY u.id LIMIT 1`, [value]);
  return rows[0] ? userFromRow(rows[0]) : null;
}

export class PostgresUsers implements UserRepository {
  constructor(private readonly pool: pg.Pool) {}

  findByLogin(loginOrEmail: string): Promise<User | null> {
    return findOne(this.pool, 'lower(u.login) = lower($1) OR lower(u.email) = lower($1)', loginOrEmail);
  }

  findById(id: number): Promise<User | null> {
    return findOne(this.pool, 'u.id = $1', id);
  }

  async list(): Promise<User[]> {
    const { rows } = await this.pool.query(`SELECT ${USER_COLUMNS} FROM users u ORDER BY u.id`);
    return rows.map(userFromRow);
  }

  async create(user: NewUser, outbox?: Enqueue<User>): Promise<User> {
    try {
      return await withTransaction(this.pool, async (client) => {
        // The unique indexes catch a login taken as a login; a login taken as someone's e-mail (or the reverse) needs
        // this check, and the lock keeps two creations from passing it at the same moment.
        await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.users]);
        const { rows: taken } = await client.query<{ login: string; email: string }>(
          'SELECT login, email FROM users WHERE lower(login) IN (lower($1), lower($2)) OR lower(email) IN (lower($1), lower($2))',
          [user.login, user.email],
        );
        const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
        if (taken.some((row) => same(row.login, user.login) || same(row.email, user.login)))
          throw loginTaken(user.login);
        if (taken.length > 0) throw emailTaken(user.email);
        const { rows } = await client.query(
          `INSERT INTO users (login, email, display_name, roles, password_hash, created_at, locale)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [
            user.login,
            user.email,
            user.display_name,
            user.roles,
            user.password_hash,
            user.created_at,
            user.locale ?? '',
          ],
        );
        const created = (await findOne(client, 'u.id = $1', rows[0].id))!;
        await insertOutbox(client, outbox, created);
        return created;
      });
    } catch (error) {
      // Should the lock ever be bypassed (a manual INSERT), the unique indexes still hold; say which one.
      if (sqlState(error) === '23505') {
        const constraint = (error as { constraint?: string }).constraint;
        throw constraint === 'users_email_key' ? emailTaken(user.email) : loginTaken(user.login);
      }
      throw error;
    }
  }

  async addApplicationPassword(userId: number, password: ApplicationPassword): Promise<void> {
    try {
      await this.pool.query(
        `INSERT INTO application_passwords (user_id, uuid, name, password_hash, created, last_used, last_ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          userId,
          password.uuid,
          password.name,
          password.password_hash,
          password.created,
          password.last_used,
          password.last_ip,
        ],
      );
    } catch (error) {
      if (sqlState(error) === '23503') throw new StoreNotFoundError(`There is no user with the id ${userId}.`);
      if (sqlState(error) === '23505')
        throw new StoreConflictError('uuid', `The application password ${password.uuid} already exists.`);
      throw error;
    }
  }

  async update(userId: number, changes: UserChanges): Promise<User> {
    // Column names come from this fixed list, values are parameters.
    const columns = (
      ['roles', 'password_hash', 'display_name', 'email', 'login', 'addresses', 'locale', 'erasure_request'] as const
    ).filter((column) => changes[column] !== undefined);
    // node-postgres would write an array as a PostgreSQL array; jsonb wants the JSON text.
    const value = (column: (typeof columns)[number]) =>
      column === 'addresses' || column === 'erasure_request' ? JSON.stringify(changes[column]) : changes[column];
    try {
      await withTransaction(this.pool, async (client) => {
        if (changes.email !== undefined || changes.login !== undefined) {
          // The same lock as create(): an e-mail or login may not be another user's login or e-mail, which no index
          // can say.
          await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.users]);
          const taken = async (name: string) =>
            (
              await client.query(
                'SELECT 1 FROM users WHERE id <> $1 AND (lower(login) = lower($2) OR lower(email) = lower($2))',
                [userId, name],
              )
            ).rows.length > 0;
          if (changes.email !== undefined && (await taken(changes.email))) throw emailTaken(changes.email);
          if (changes.login !== undefined && (await taken(changes.login))) throw loginTaken(changes.login);
        }
        if (columns.length > 0) {
          const sets = columns.map((column, index) => `${column} = $${index + 2}`).join(', ');
          await client.query(`UPDATE users SET ${sets} WHERE id = $1`, [userId, ...columns.map(value)]);
        }
      });
    } catch (error) {
      if (sqlState(error) === '23505' && changes.email !== undefined) {
        const constraint = (error as { constraint?: string }).constraint;
        throw constraint === 'users_login_key' && changes.login !== undefined
          ? loginTaken(changes.login)
          : emailTaken(changes.email);
      }
      if (sqlState(error) === '23505' && changes.login !== undefined) throw loginTaken(changes.login);
      throw error;
    }
    const user = await this.findById(userId);
    if (!user) throw new StoreNotFoundError(`There is no user with the id ${userId}.`);
    return user;
  }

  async anonymise(
    userId: number,
    identity: AnonymousIdentity,
    record: ErasureRequest,
    outbox?: Enqueue<User>,
  ): Promise<User> {
    return withTransaction(this.pool, async (client) => {
      await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const before = await findOne(client, 'u.id = $1', userId);
      if (before) await insertOutbox(client, outbox, before);
      const { rowCount } = await client.query(
        `UPDATE users SET login = $2, email = $3, display_name = $4, password_hash = $5, roles = '{}', addresses = NULL,
           erasure_request = $6 WHERE id = $1`,
        [userId, identity.login, identity.email, identity.display_name, identity.password_hash, JSON.stringify(record)],
      );
      if (!rowCount) throw new StoreNotFoundError(`There is no user with the id ${userId}.`);
      for (const table of ['application_passwords', 'api_keys', 'password_resets', 'sessions'])
        await client.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
      return (await findOne(client, 'u.id = $1', userId))!;
    });
  }

  async deleteApplicationPassword(userId: number, uuid: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM application_passwords WHERE user_id = $1 AND uuid = $2', [
      userId,
      uuid,
    ]);
    return (rowCount ?? 0) > 0;
  }

  async createPasswordReset(reset: PasswordReset, outbox: Enqueue<PasswordReset>): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      try {
        await client.query(
          'INSERT INTO password_resets (token_hash, user_id, created_at, expires_at, used_at) VALUES ($1, $2, $3, $4, $5)',
          [reset.token_hash, reset.user_id, reset.created_at, reset.expires_at, reset.used_at],
        );
      } catch (error) {
        if (sqlState(error) === '23503') throw new StoreNotFoundError(`There is no user with the id ${reset.user_id}.`);
        throw error;
      }
      // Housekeeping: used and expired requests of this user.
      await client.query(
        'DELETE FROM password_resets WHERE user_id = $1 AND (used_at IS NOT NULL OR expires_at <= $2)',
        [reset.user_id, reset.created_at],
      );
      await insertOutbox(client, outbox, reset);
    });
  }

  resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<User | null> {
    return withTransaction(this.pool, async (client) => {
      // The row lock makes two uses of one link wait for each other; the second then finds it used.
      const { rows } = await client.query<{ user_id: number }>(
        'SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE',
        [tokenHash, now.toISOString()],
      );
      if (!rows[0]) return null;
      await client.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
        rows[0].user_id,
        now.toISOString(),
      ]);
      await client.query('UPDATE users SET password_hash = $2 WHERE id = $1', [rows[0].user_id, passwordHash]);
      return findOne(client, 'u.id = $1', rows[0].user_id);
    });
  }

  async isPasswordResetOpen(tokenHash: string, now: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
      [tokenHash, now.toISOString()],
    );
    return (rowCount ?? 0) > 0;
  }

  async recordApplicationPasswordUse(userId: number, uuid: string, usedAt: string, ip: string): Promise<void> {
    await this.pool.query(
      'UPDATE application_passwords SET last_used = $3, last_ip = $4 WHERE user_id = $1 AND uuid = $2',
      [userId, uuid, usedAt, ip],
    );
  }
}

const loginTaken = (login: string) =>
  new StoreConflictError('login', `The login "${login}" is already taken by another user.`);
const emailTaken = (email: string) =>
  new StoreConflictError('email', `The e-mail "${email}" is already used by another user.`);
