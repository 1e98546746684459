/**
 * Turns environment variables and command-line flags into one immutable Config.
 * Flags win over the environment, the environment over the defaults (the README's configuration table).
 */
import path from 'node:path';
import { parseProxyTrust, ProxyTrustError, type ProxyTrust } from './http/client-address.js';
import { isLanguage, LANGUAGES, type Language } from './i18n/languages.js';

/** The European Commission's VIES REST address that checks an EU VAT number. */
const VIES_API_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';

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
   * Believe `X-Forwarded-Proto`, `-Host` and `-For` (Koa's `app.proxy`): only behind reverse proxies that set them,
   * since otherwise any client could claim https or another address. `TRUST_PROXY` gives how many proxies stand in
   * front (`1`), or their addresses (`10.0.0.0/8,::1`), so that the client's address is read from the right of
   * `X-Forwarded-For` (server/http/client-address.ts); null believes none of them.
   */
  trustProxy: ProxyTrust | null;
  /**
   * Hosts whose images the shop may fetch even on a private network (`IMAGE_FETCH_ALLOW_HOSTS`); every other image
   * URL must point to a public address (server/media/fetch-policy.ts).
   */
  imageFetchAllowHosts: string[];
  /**
   * Hosts webhooks may deliver to even on a private network (`WEBHOOK_ALLOW_HOSTS`); every other delivery URL must
   * point to a public address, as image URLs must.
   */
  webhookAllowHosts: string[];
  /** The first pause after a failed webhook delivery (`WEBHOOK_RETRY_SECONDS`); each next one doubles, up to an hour. */
  webhookRetrySeconds: number;
  /**
   * The most `vitrine serve` spends warming itself up before `GET /readyz` says ready (`WARM_UP_SECONDS`, 0 for no
   * warm-up; see server/warm-up.ts).
   */
  warmUpSeconds: number;
  /**
   * `smtp://user:pass@host:587` or `smtps://…`: where e-mail goes; null writes it as .eml files into `<dataDir>/mail/`.
   */
  smtpUrl: string | null;
  /**
   * The sender of every message (`Shop name <shop@example.com>`); null uses the shop's name and e-mail from the
   * settings.
   */
  mailFrom: string | null;
  /** The first pause after a temporary delivery failure; each next one doubles, up to an hour. */
  mailRetrySeconds: number;
  /** Stripe Checkout (`STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`, `STRIPE_API_URL`); null: not offered. */
  stripe: StripeConfig | null;
  /** Przelewy24 (`P24_MERCHANT_ID`, `P24_POS_ID`, `P24_CRC`, `P24_API_KEY`, `P24_API_URL`); null: not offered. */
  przelewy24: Przelewy24Config | null;
  /** Where EU VAT numbers are checked (`VIES_API_URL`): VIES's `check-vat-number` REST address by default. */
  viesApiUrl: string;
  /**
   * The language of the demo catalog and pages an empty store is seeded with (`DEMO_LANGUAGE`); null: the shop's
   * language (`general.locale`). Read only when a store is seeded: it never rewrites a seeded shop.
   */
  demoLanguage: Language | null;
}

/** Stripe's keys, and where its API is when not at Stripe (a local stand-in). Never logged nor stored. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The SDK's `protocol`, `host` and `port` options; null: Stripe's own API. */
  api: { protocol: 'http' | 'https'; host: string; port: number } | null;
}

/** Przelewy24's merchant, point of sale and secrets, and its API's origin. Never logged nor stored. */
export interface Przelewy24Config {
  merchantId: number;
  posId: number;
  crc: string;
  apiKey: string;
  /** `https://secure.przelewy24.pl` by default; `https://sandbox.przelewy24.pl` for its sandbox. */
  apiUrl: string;
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
    throw new ConfigError(
      'DATABASE_URL must be a PostgreSQL URL such as postgres://vitrine@localhost/vitrine; leave it unset for the data folder.',
    );
  }
  return raw.trim();
}

function parseSmtpUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(
      'SMTP_URL must be a URL such as smtp://user:password@mail.example:587 or smtps://mail.example.',
    );
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//.`);
  return raw.trim();
}

function parseMailFrom(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (!/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/.test(raw.trim())) {
    throw new ConfigError(
      `MAIL_FROM "${raw}" must be an address such as shop@example.com or Shop name <shop@example.com>.`,
    );
  }
  return raw.trim();
}

/**
 * How long a warm-up may delay readiness unless `WARM_UP_SECONDS` says otherwise: about a thousand shopper-like states
 * of a 100,000-product catalog on two cores. On a machine too busy to finish, or a catalog too large, a shop answering
 * a little slower at first is better than one kept out of its pool for long.
 */
const DEFAULT_WARM_UP_SECONDS = 4;

/** A number of seconds from the environment, between `least` and `most`; `fallback` when unset. */
function parseSeconds(raw: string | undefined, name: string, fallback: number, least: number, most: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < least || seconds > most)
    throw new ConfigError(`${name} "${raw}" must be a number of seconds from ${least} to ${most}.`);
  return seconds;
}

function parseRetrySeconds(raw: string | undefined, name = 'MAIL_RETRY_SECONDS', fallback = 30): number {
  return parseSeconds(raw, name, fallback, 0.05, 3600);
}

/** A comma-separated list of host names or addresses, as an operator writes it in the environment. */
function hostList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function parseTrustProxy(raw: string | undefined): ProxyTrust | null {
  try {
    return parseProxyTrust(raw);
  } catch (error) {
    if (error instanceof ProxyTrustError) throw new ConfigError(error.message);
    throw error;
  }
}

function parseApiUrl(raw: string, name: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`${name} "${raw}" is not a URL such as https://api.example or http://127.0.0.1:12111.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must start with http:// or https://, not ${url.protocol}//.`);
  return url;
}

/** Stripe is offered when its secret key is set; the webhook secret must then be set too. Values are never echoed. */
function parseStripe(env: NodeJS.ProcessEnv): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() ?? '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() ?? '';
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret)
    throw new ConfigError(
      'Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the signing secret of the webhook endpoint).',
    );
  const rawApi = env.STRIPE_API_URL?.trim();
  if (!rawApi) return { secretKey, webhookSecret, api: null };
  const url = parseApiUrl(rawApi, 'STRIPE_API_URL');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return { secretKey, webhookSecret, api: { protocol, host: url.hostname.replace(/^\[|\]$/g, ''), port } };
}

function positiveId(raw: string, name: string): number {
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id <= 0)
    throw new ConfigError(`${name} "${raw}" must be the whole number Przelewy24 gave the shop.`);
  return id;
}

/** Przelewy24 is offered when its merchant id is set; its CRC and API key must then be set too. */
function parsePrzelewy24(env: NodeJS.ProcessEnv): Przelewy24Config | null {
  const merchant = env.P24_MERCHANT_ID?.trim() ?? '';
  const crc = env.P24_CRC?.trim() ?? '';
  const apiKey = env.P24_API_KEY?.trim() ?? '';
  if (!merchant && !crc && !apiKey) return null;
  if (!merchant || !crc || !apiKey)
    throw new ConfigError(
      'Przelewy24 needs P24_MERCHANT_ID, P24_CRC and P24_API_KEY (and P24_POS_ID when it differs).',
    );
  const merchantId = positiveId(merchant, 'P24_MERCHANT_ID');
  const pos = env.P24_POS_ID?.trim();
  const posId = pos ? positiveId(pos, 'P24_POS_ID') : merchantId;
  const apiUrl = parseApiUrl(env.P24_API_URL?.trim() || 'https://secure.przelewy24.pl', 'P24_API_URL').origin;
  return { merchantId, posId, crc, apiKey, apiUrl };
}

function parseDemoLanguage(raw: string | undefined): Language | null {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return null;
  if (!isLanguage(value))
    throw new ConfigError(
      `DEMO_LANGUAGE "${raw}" must be one of ${LANGUAGES.join(', ')}; leave it unset for the shop's language.`,
    );
  return value;
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
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const imageFetchAllowHosts = hostList(env.IMAGE_FETCH_ALLOW_HOSTS);
  return {
    host,
    port,
    dataDir,
    databaseUrl,
    restRoot,
    siteUrl,
    extensions,
    devBasicAuth: env.VITRINE_DEV_BASIC_AUTH === '1',
    trustProxy,
    imageFetchAllowHosts,
    webhookAllowHosts: hostList(env.WEBHOOK_ALLOW_HOSTS),
    webhookRetrySeconds: parseRetrySeconds(env.WEBHOOK_RETRY_SECONDS, 'WEBHOOK_RETRY_SECONDS', 60),
    warmUpSeconds: parseSeconds(env.WARM_UP_SECONDS, 'WARM_UP_SECONDS', DEFAULT_WARM_UP_SECONDS, 0, 60),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: parseMailFrom(env.MAIL_FROM),
    mailRetrySeconds: parseRetrySeconds(env.MAIL_RETRY_SECONDS),
    stripe: parseStripe(env),
    przelewy24: parsePrzelewy24(env),
    viesApiUrl: parseApiUrl(env.VIES_API_URL?.trim() || VIES_API_URL, 'VIES_API_URL').href,
    demoLanguage: parseDemoLanguage(env.DEMO_LANGUAGE),
  };
}

/** The config with the port the server really bound to (port 0 asks the OS for a free one). */
export function withBoundPort(config: Config, port: number, env: NodeJS.ProcessEnv = process.env): Config {
  if (env.SITE_URL || config.port === port) return config;
  const url = new URL(config.siteUrl);
  url.port = String(port);
  return { ...config, port, siteUrl: url.origin };
}
