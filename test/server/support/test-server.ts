/**
 * A real Vitrine server on an ephemeral port over a fresh temporary data folder, with helpers to make users with
 * application passwords and to call the REST API. Every server test starts from here.
 *
 * Without a `dataDir` (and without `DATABASE_URL`), the folder is a copy of the run's seeded demo shop
 * (test/support/data-template.ts) rather than seeded again: the same shop, with the same administrator password and
 * per-install secret in every copy. Its demo is English; `env.DEMO_LANGUAGE` of another language (`''`: the shop's)
 * seeds a fresh one at start instead.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { after, before } from 'node:test';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../../../server/auth/passwords.js';
import { addApplicationPassword, createUser } from '../../../server/auth/users.js';
import { loadConfig } from '../../../server/config.js';
import { startServer, type RunningServer, type StartOptions } from '../../../server/server.js';
import type { SeedReport } from '../../../server/demo/seed.js';
import type { Role } from '../../../server/store/schema.js';
import { copyDataTemplate, TEST_DEMO_LANGUAGE } from '../../support/data-template.js';

export interface TestServer extends RunningServer {
  dataDir: string;
  /** The administrator's credentials of the seed this shop came from: this start's, or the copied template's. */
  seeded: SeedReport | null;
  /** Absolute URL of a REST path such as `/compliance/v1/settings`. */
  restUrl(restPath: string): string;
  /** A new user of `role` with an application password; returns the Authorization header value for it. */
  basicAuthFor(role: Role, login?: string): Promise<string>;
  /** Stops the server and, unless `keepData`, deletes the data folder. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export async function makeTempDir(prefix = 'vitrine-test-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

let userCounter = 0;

/** The password of the users `basicAuthFor` makes. */
const TEST_PASSWORD = 'a-long-password';
/**
 * Its scrypt hash, made once per process and given to every such user: scrypt is slow on purpose (tens of ms of CPU),
 * and any hash of the password verifies it alike, so signing these users in still runs the real check.
 */
let testPasswordHash: Promise<string> | undefined;

export async function startTestServer(
  options: { dataDir?: string; env?: NodeJS.ProcessEnv; start?: StartOptions } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await makeTempDir());
  // A given folder is the test's own business; a fresh one starts as the seeded demo shop (PostgreSQL seeds itself,
  // and so does a fresh folder whose test asks for a demo in another language than the template's).
  const demoLanguage = options.env?.DEMO_LANGUAGE;
  const seedsItself =
    options.dataDir || options.env?.DATABASE_URL || (demoLanguage !== undefined && demoLanguage !== TEST_DEMO_LANGUAGE);
  const copiedSeed = seedsItself ? null : await copyDataTemplate(dataDir);
  // A store that seeds itself (PostgreSQL, a given empty folder) seeds the demo the tests know, unless told otherwise.
  const env = { DEMO_LANGUAGE: TEST_DEMO_LANGUAGE, ...options.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir };
  const running = await startServer(loadConfig(env), env, options.start);
  return {
    ...running,
    seeded: running.seeded ?? copiedSeed,
    dataDir,
    restUrl: (restPath: string) => `${running.url}${running.config.restRoot}${restPath}`,
    async basicAuthFor(role: Role, login = `${role.replace('_', '-')}-${++userCounter}`) {
      testPasswordHash ??= hashPassword(TEST_PASSWORD);
      await createUser(running.store, { login, role, password: TEST_PASSWORD, passwordHash: await testPasswordHash });
      const appPassword = await addApplicationPassword(running.store, login, 'tests');
      return `Basic ${Buffer.from(`${login}:${appPassword}`).toString('base64')}`;
    },
    async stop({ keepData = false } = {}) {
      await running.close();
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** fetch + JSON: the status, headers and parsed body of a request. */
export async function fetchJson(
  url: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(url, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * A suite's server and a shop manager's credentials, filled in by the `before` hook that {@link useTestServer} adds.
 */
export interface SuiteServer {
  server: TestServer;
  /** Authorization header of a shop manager's application password. */
  manager: string;
}

/**
 * Starts a test server before the suite's tests (with a shop manager) and stops it after them.
 * @example const suite = useTestServer(); it('...', () => fetchJson(suite.server.restUrl('/'), { headers: {
 * authorization: suite.manager } }));
 */
export function useTestServer(options: Parameters<typeof startTestServer>[0] = {}): SuiteServer {
  const suite = {} as SuiteServer;
  before(async () => {
    suite.server = await startTestServer(options);
    suite.manager = await suite.server.basicAuthFor('shop_manager');
  });
  after(() => suite.server?.stop());
  return suite;
}
