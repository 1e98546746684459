/**
 * Turns environment variables and command-line flags into one immutable Config.
 * Flags win over the environment, the environment over the defaults (the README's configuration table).
 */
import path from 'node:path';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** `postgres://…` selects the PostgreSQL store; null keeps the lowdb files in `dataDir`. */
  databaseUrl: string | null;
  /** Path prefix of the REST API, `/wp-json` by default so that WordPress clients work unchanged. */
  restRoot: string;
  /** Absolute base URL without a trailing slash, used for every absolute link the server emits. */
  siteUrl: string;
  /** Module paths of extensions to load at start. */
  extensions: string[];
  /** Accept HTTP Basic with the login password (development only). */
  devBasicAuth: boolean;
  /**
   * Believe `X-Forwarded-Proto`, `-Host` and `-For` (Koa's `app.proxy`): only behind a reverse proxy that sets them,
   * since otherwise any client could claim https or another address.
   */
  trustProxy: boolean;
  /**
   * Hosts whose images the shop may fetch even on a private network (`IMAGE_FETCH_ALLOW_HOSTS`); every other image
   * URL must point to a public address (server/media/fetch-policy.ts).
   */
  imageFetchAllowHosts: string[];
}

export interface ConfigFlags {
  host?: string;
  port?: string | number;
  data?: string;
  database?: string;
}

export class ConfigError extends Error {}

function parsePort(raw: string | number | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`The port "${raw}" is not a whole number from 0 to 65535.`);
  }
  return port;
}

function normaliseRestRoot(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (withSlash === '/' || !/^\/[A-Za-z0-9._~\-/]+$/.test(withSlash)) {
    throw new ConfigError(`REST_ROOT "${raw}" must be a path such as /wp-json.`);
  }
  return withSlash;
}

function parseDatabaseUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (!/^postgres(ql)?:\/\//.test(raw.trim())) {
    throw new ConfigError('DATABASE_URL must be a PostgreSQL URL such as postgres://vitrine@localhost/vitrine; leave it unset for the data folder.');
  }
  return raw.trim();
}

function parseSwitch(name: string, raw: string | undefined): boolean {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === '0' || value === 'false' || value === 'no') return false;
  if (value === '1' || value === 'true' || value === 'yes') return true;
  throw new ConfigError(`${name} "${raw}" must be 1 or 0 (true or false).`);
}

/**
 * @param env usually `process.env`
 * @param flags parsed command-line flags
 * @example loadConfig(process.env, { port: '8080' }).siteUrl === 'http://127.0.0.1:8080'
 */
export function loadConfig(env: NodeJS.ProcessEnv, flags: ConfigFlags = {}): Config {
  const host = flags.host ?? env.HOST ?? '127.0.0.1';
  const port = parsePort(flags.port ?? env.PORT, 3000);
  const dataDir = path.resolve(flags.data ?? env.DATA_DIR ?? './data');
  const restRoot = normaliseRestRoot(env.REST_ROOT ?? '/wp-json');
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const siteUrl = (env.SITE_URL ?? `http://${urlHost}:${port}`).replace(/\/+$/, '');
  try {
    new URL(siteUrl);
  } catch {
    throw new ConfigError(`SITE_URL "${siteUrl}" is not an absolute URL such as https://shop.example.`);
  }
  const extensions = (env.VITRINE_EXTENSIONS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const databaseUrl = parseDatabaseUrl(flags.database ?? env.DATABASE_URL);
  const trustProxy = parseSwitch('TRUST_PROXY', env.TRUST_PROXY);
  const imageFetchAllowHosts = (env.IMAGE_FETCH_ALLOW_HOSTS ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return { host, port, dataDir, databaseUrl, restRoot, siteUrl, extensions, devBasicAuth: env.VITRINE_DEV_BASIC_AUTH === '1', trustProxy, imageFetchAllowHosts };
}

/** The config with the port the server really bound to (port 0 asks the OS for a free one). */
export function withBoundPort(config: Config, port: number, env: NodeJS.ProcessEnv = process.env): Config {
  if (env.SITE_URL || config.port === port) return config;
  const url = new URL(config.siteUrl);
  url.port = String(port);
  return { ...config, port, siteUrl: url.origin };
}
