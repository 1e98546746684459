/**
 * How the shop reaches KSeF, from the environment (never from the data folder, where a backup or a copy of the shop
 * would carry the credentials along):
 * - `KSEF_ENV`: `test`, `demo` or `production` (default `test`, so that a shop set up for trying never files real
 *   invoices by accident);
 * - `KSEF_TOKEN`: a KSeF token generated in KSeF for the seller's NIP; or `KSEF_CERT_FILE` (a PKCS#12 file with the
 *   seller's qualified certificate or KSeF certificate) with `KSEF_CERT_PASSWORD`;
 * - `KSEF_API_URL`: another API address (a proxy, or the test stand-in), the environment's by default;
 * - `KSEF_RETRY_SECONDS`: the first pause after KSeF could not be reached (doubling up to an hour; default 60);
 * - `KSEF_OFFLINE_CERT_SERIAL` with `KSEF_OFFLINE_KEY_FILE` (PEM) and `KSEF_OFFLINE_KEY_PASSWORD`: the seller's KSeF
 *   offline certificate, which signs the KOD II code of invoices issued while KSeF was unreachable.
 * The credentials are kept in private fields: printing or serialising the configuration never shows them.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../../config.js';
import type { OfflineCertificate } from './verification-links.js';
import { KSEF_ENVIRONMENTS, ksefAddresses, type KsefEnvironment } from './ksef-environment.js';

/** A secret from the environment that says what it is but never shows itself when printed or logged. */
export class KsefCredentials {
  readonly #token: string | null;
  readonly #certificateFile: string | null;
  readonly #certificatePassword: string;

  private constructor(token: string | null, certificateFile: string | null, certificatePassword: string) {
    this.#token = token;
    this.#certificateFile = certificateFile;
    this.#certificatePassword = certificatePassword;
  }

  static token(token: string): KsefCredentials {
    return new KsefCredentials(token, null, '');
  }

  static certificate(file: string, password: string): KsefCredentials {
    return new KsefCredentials(null, file, password);
  }

  get kind(): 'token' | 'certificate' {
    return this.#token === null ? 'certificate' : 'token';
  }

  /** The KSeF token, for the one call that encrypts it for KSeF. */
  revealToken(): string | null {
    return this.#token;
  }

  /** The PKCS#12 file's bytes and password, read when authenticating (so a renewed file is picked up). */
  readCertificate(): { p12: Buffer; password: string } | null {
    if (this.#certificateFile === null) return null;
    return { p12: readFileSync(this.#certificateFile), password: this.#certificatePassword };
  }

  toJSON(): string {
    return `[KSeF ${this.kind}]`;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toJSON();
  }
}

/** The offline certificate's serial and key file; the key is read when a code is signed, never kept in sight. */
export class KsefOfflineCertificate {
  readonly #keyFile: string;
  readonly #keyPassword: string | undefined;

  constructor(
    readonly serial: string,
    keyFile: string,
    keyPassword: string | undefined,
  ) {
    this.#keyFile = keyFile;
    this.#keyPassword = keyPassword;
  }

  read(): OfflineCertificate {
    return {
      serial: this.serial,
      privateKeyPem: readFileSync(this.#keyFile, 'utf8'),
      privateKeyPassword: this.#keyPassword,
    };
  }

  toJSON(): string {
    return `[KSeF offline certificate ${this.serial}]`;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toJSON();
  }
}

export interface KsefConfig {
  environment: KsefEnvironment;
  apiUrl: string;
  qrUrl: string;
  credentials: KsefCredentials;
  retrySeconds: number;
  offlineCertificate: KsefOfflineCertificate | null;
}

function parseOfflineCertificate(env: NodeJS.ProcessEnv): KsefOfflineCertificate | null {
  const serial = env.KSEF_OFFLINE_CERT_SERIAL?.trim() ?? '';
  const keyFile = env.KSEF_OFFLINE_KEY_FILE?.trim() ?? '';
  if (!serial && !keyFile) return null;
  if (!serial || !keyFile)
    throw new ConfigError('KSEF_OFFLINE_CERT_SERIAL and KSEF_OFFLINE_KEY_FILE go together: set both, or neither.');
  if (!/^[0-9A-Fa-f]{1,64}$/.test(serial))
    throw new ConfigError(
      `KSEF_OFFLINE_CERT_SERIAL "${serial}" must be the certificate's serial number in hexadecimal.`,
    );
  return new KsefOfflineCertificate(serial.toUpperCase(), keyFile, env.KSEF_OFFLINE_KEY_PASSWORD || undefined);
}

function parseEnvironment(raw: string | undefined): KsefEnvironment {
  const value = (raw ?? '').trim() || 'test';
  if (!(KSEF_ENVIRONMENTS as readonly string[]).includes(value))
    throw new ConfigError(`KSEF_ENV "${value}" must be one of ${KSEF_ENVIRONMENTS.join(', ')}.`);
  return value as KsefEnvironment;
}

function parseApiUrl(raw: string | undefined, fallback: string): string {
  if (!raw?.trim()) return fallback;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`KSEF_API_URL "${raw}" is not an absolute URL such as https://api-test.ksef.mf.gov.pl.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(
      `KSEF_API_URL must start with https:// (or http:// for a local stand-in), not ${url.protocol}//.`,
    );
  return url.href.replace(/\/+$/, '').replace(/\/v2$/, '');
}

function parseRetrySeconds(raw: string | undefined): number {
  if (!raw?.trim()) return 60;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0.05 || seconds > 3600)
    throw new ConfigError(`KSEF_RETRY_SECONDS "${raw}" must be a number of seconds from 0.05 to 3600.`);
  return seconds;
}

/**
 * @param env usually `process.env`
 * @returns null when no credentials are configured: the shop does not send to KSeF
 * @throws ConfigError when a setting is malformed, or both a token and a certificate are given
 * @example loadKsefConfig({ KSEF_TOKEN: 't' })?.apiUrl === 'https://api-test.ksef.mf.gov.pl'
 */
export function loadKsefConfig(env: NodeJS.ProcessEnv): KsefConfig | null {
  const token = env.KSEF_TOKEN?.trim() ?? '';
  const certificateFile = env.KSEF_CERT_FILE?.trim() ?? '';
  if (token && certificateFile)
    throw new ConfigError('Set either KSEF_TOKEN or KSEF_CERT_FILE, not both: KSeF takes one way of signing in.');
  if (!token && !certificateFile) return null;
  const environment = parseEnvironment(env.KSEF_ENV);
  const addresses = ksefAddresses(environment);
  return {
    environment,
    apiUrl: parseApiUrl(env.KSEF_API_URL, addresses.apiUrl),
    qrUrl: addresses.qrUrl,
    credentials: token
      ? KsefCredentials.token(token)
      : KsefCredentials.certificate(certificateFile, env.KSEF_CERT_PASSWORD ?? ''),
    retrySeconds: parseRetrySeconds(env.KSEF_RETRY_SECONDS),
    offlineCertificate: parseOfflineCertificate(env),
  };
}
