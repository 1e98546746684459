/** The connection pool: bounded, with dates and bigints parsed the way the store's types want them. */
import pg from 'pg';

export type Queryable = Pick<pg.PoolClient, 'query'>;

const TIMESTAMPTZ = 1184;
const INT8 = 20;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ);

/** The store's types carry dates as ISO strings in UTC and counters as numbers; pg's defaults are Date and string. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMPTZ) return (value: string) => (parseTimestamptz(value) as Date).toISOString();
    if (oid === INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

/** Advisory lock keys (one namespace for Vitrine, one key per kind of exclusion). */
export const LOCKS = { migrations: 0x5649_0001, users: 0x5649_0002, catalog: 0x5649_0003 } as const;

/** The URL without its password, for messages and `Store.location`. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.href;
  } catch {
    return 'an unparseable PostgreSQL URL';
  }
}

/** `database "shop" on db.example:5432 as vitrine`, for error messages. */
function target(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || parsed.username || 'postgres';
    return (
      `database "${database}" on ${parsed.hostname || 'localhost'}:${parsed.port || 5432}` +
      (parsed.username ? ` as ${decodeURIComponent(parsed.username)}` : '')
    );
  } catch {
    return 'the PostgreSQL database (the URL could not be parsed)';
  }
}

export interface PoolOptions {
  /** Most connections this process opens (default 10); the LISTEN connection comes on top. */
  poolSize?: number;
  /** Errors of idle connections, which nothing awaits (default: written to stderr). */
  onError?: (error: Error) => void;
}

export function clientConfig(url: string): pg.ClientConfig {
  return { connectionString: url, types, connectionTimeoutMillis: 10_000, application_name: 'vitrine' };
}

/**
 * Opens a pool and checks that the database answers, so that a wrong URL fails at start with a message that names the
 * host and database (never the password) instead of at the first request.
 */
export async function openPool(url: string, options: PoolOptions = {}): Promise<pg.Pool> {
  const pool = new pg.Pool({ ...clientConfig(url), max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 });
  // Without a listener, an idle connection's error (a server restart) would crash the process.
  pool.on('error', options.onError ?? ((error) => console.error(`PostgreSQL store: ${error.message}`)));
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot reach the PostgreSQL ${target(url)}: ${(error as Error).message}`, { cause: error });
  }
  return pool;
}

/** Runs `work` in one transaction on one connection: COMMIT when it resolves, ROLLBACK when it throws. */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The SQLSTATE of a database error, e.g. `23505` for a unique violation. */
export function sqlState(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

/** Payload of `NOTIFY vitrine_changes`: what changed, and which store instance changed it. */
export const CHANNEL = 'vitrine_changes';
export function notifyPayload(change: 'site' | 'catalog', instanceId: string): string {
  return JSON.stringify({ change, instance: instanceId });
}
