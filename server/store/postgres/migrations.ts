/**
 * Versioned schema migrations: `migrations/NNN_name.sql`, applied in name order, each in its own transaction and
 * recorded in `schema_migrations`, all under a session advisory lock so that instances starting at once take turns.
 */
import { readdir, readFile } from 'node:fs/promises';
import type pg from 'pg';
import { LOCKS } from './connection.js';

const MIGRATIONS = new URL('./migrations/', import.meta.url);

async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS)).filter((name) => /^\d+_[\w-]+\.sql$/.test(name)).sort();
}

/** @returns the versions (file names without `.sql`) applied now, in order; empty when the schema was current. */
export async function runMigrations(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCKS.migrations]);
    try {
      return await applyPending(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.migrations]);
    }
  } finally {
    client.release();
  }
}

async function applyPending(client: pg.PoolClient): Promise<string[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set(
    (await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version),
  );
  const files = await migrationFiles();
  const known = new Set(files.map((file) => file.replace(/\.sql$/, '')));
  const unknown = [...done].filter((version) => !known.has(version));
  if (unknown.length > 0) {
    // A newer Vitrine migrated this database; running older code on it could corrupt data.
    throw new Error(
      `The database has migrations this version of Vitrine does not know (${unknown.join(', ')}). ` +
        'Run the newer version, or restore a backup made before it ran.',
    );
  }
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    const sql = await readFile(new URL(file, MIGRATIONS), 'utf8');
    try {
      await client.query('BEGIN');
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw new Error(`Migration ${file} failed, nothing of it was applied: ${(error as Error).message}`, {
        cause: error,
      });
    }
    applied.push(version);
  }
  return applied;
}
