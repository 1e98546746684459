/**
 * `npm run bench -- --section store`: the store under an ordinary shop's traffic, lowdb files against PostgreSQL.
 * Each store gets a fresh shop (a new data folder, or a new database in one PostgreSQL cluster started here) served
 * by its own server process, and the same workloads through HTTP, as clients send them:
 * - correct logins through the form (scrypt, one hash at a time, bounds these by design);
 * - settings writes through the REST API with an application password, each write changing the value;
 * - GET /shop signed in and anonymous;
 * - /shop latency (one sequential client) idle and during a 64-connection flood of wrong-password logins, each from
 *   its own X-Forwarded-For address so that no throttle answers them early; the target is a p50 within 2x its idle p50.
 * Every process started here (servers, the cluster) is stopped at the end, on failure and on Ctrl-C too.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loginCookie, loginTicket } from '../test/server/support/login.js';
import { startServerProcess, type ServerProcess } from '../test/server/support/processes.js';
import { createDatabaseOn, startTestPostgres } from '../test/support/postgres.js';
import { command, load, ms, rate, unexpected, type Load } from './store-load.js';

const LOGINS = 200;
const LOGIN_CONNECTIONS = 16;
const SETTINGS_SECONDS = 5;
const SHOP_SECONDS = 10;
const ANONYMOUS_SHOP_SECONDS = 5;
const PROBE_SECONDS = 6;
const FLOOD_CONNECTIONS = 64;

interface StoreFigures {
  logins: Load;
  settings: Load;
  /** Settings writes the server answered with `updated: false` (nothing changed): should be 0. */
  unchangedWrites: number;
  shopSignedIn: Load;
  shopAnonymous: Load;
  idle: Load;
  duringFlood: Load;
  flood: Load;
}

/** Servers still running, killed on Ctrl-C (the cluster stops itself at exit, see test/support/postgres.ts). */
const running = new Set<ServerProcess>();

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';

async function measureStore(name: string, env: NodeJS.ProcessEnv): Promise<StoreFigures> {
  const password = `bench-${randomBytes(9).toString('hex')}`;
  process.stderr.write(`store: ${name}: creating the user and an application password...\n`);
  await command(['user', 'create', 'bench', '--role', 'shop_manager', '--password', password], env);
  const appPassword = (await command(['app-password', 'create', 'bench'], env)).trim().split('\n').pop()!.trim();
  const server = await startServerProcess(env);
  running.add(server);
  try {
    const { url } = server;
    // Warm-up: the first /shop builds the facet engine, the first login loads the user.
    for (let i = 0; i < 20; i++) await (await fetch(`${url}/shop`)).text();
    const session = await loginCookie(url, 'bench', password);

    process.stderr.write(`store: ${name}: ${LOGINS} logins...\n`);
    const ticket = await loginTicket(url);
    const logins = await load({
      url: `${url}/login`,
      method: 'POST',
      connections: LOGIN_CONNECTIONS,
      amount: LOGINS,
      headers: { 'content-type': FORM, cookie: ticket.cookie },
      body: form({ login: 'bench', password, redirect_to: '/', _csrf: ticket.token }),
    });

    process.stderr.write(`store: ${name}: settings writes...\n`);
    let next = 0;
    let unchangedWrites = 0;
    const settings = await load({
      url: `${url}/wp-json/compliance/v1/settings/compliance`,
      connections: 10,
      duration: SETTINGS_SECONDS,
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`bench:${appPassword}`).toString('base64')}`,
      },
      requests: [
        {
          method: 'POST',
          // 1, 2, ... 365, 1, ...: every write sets another value than the one before it.
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ omnibus_days: 1 + (next++ % 365) }) }),
          onResponse: (status, body) => {
            if (status === 200 && (JSON.parse(body) as { updated?: boolean }).updated !== true) unchangedWrites++;
          },
        },
      ],
    });

    process.stderr.write(`store: ${name}: GET /shop...\n`);
    const shopSignedIn = await load({
      url: `${url}/shop`,
      connections: 10,
      duration: SHOP_SECONDS,
      headers: { cookie: session },
    });
    const shopAnonymous = await load({ url: `${url}/shop`, connections: 10, duration: ANONYMOUS_SHOP_SECONDS });

    process.stderr.write(`store: ${name}: /shop idle, then during a login flood...\n`);
    const idle = await load({ url: `${url}/shop`, connections: 1, duration: PROBE_SECONDS });
    const floodTicket = await loginTicket(url);
    let address = 0;
    const flooding = load({
      url: `${url}/login`,
      method: 'POST',
      connections: FLOOD_CONNECTIONS,
      duration: PROBE_SECONDS + 2,
      headers: { 'content-type': FORM, cookie: floodTicket.cookie },
      body: form({ login: 'bench', password: 'not the password', redirect_to: '/', _csrf: floodTicket.token }),
      requests: [
        {
          method: 'POST',
          // Each attempt from its own address (TRUST_PROXY=1): no throttle shortens it, every one costs a scrypt run.
          setupRequest: (request) => {
            address++;
            return {
              ...request,
              headers: {
                ...request.headers,
                'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
              },
            };
          },
        },
      ],
    });
    await sleep(1000); // let the flood fill the hashing queue first
    const duringFlood = await load({ url: `${url}/shop`, connections: 1, duration: PROBE_SECONDS });
    const flood = await flooding;
    return { logins, settings, unchangedWrites, shopSignedIn, shopAnonymous, idle, duringFlood, flood };
  } finally {
    await server.stop();
    running.delete(server);
  }
}

function tables(results: Map<string, StoreFigures>): string {
  const lines = [
    '| workload | store | answered | per second | p50 | p99 | unexpected answers |',
    '|---|---|---|---|---|---|---|',
  ];
  const row = (workload: string, store: string, result: Load, expected: number[], extra = '') =>
    lines.push(
      `| ${workload} | ${store} | ${result.count} | ${rate(result.perSecond)} | ${ms(result.p50)} | ${ms(result.p99)} | ${unexpected(result, expected)}${extra} |`,
    );
  for (const [store, figures] of results)
    row(`${LOGINS} correct logins via the form, ${LOGIN_CONNECTIONS} connections`, store, figures.logins, [303]);
  for (const [store, figures] of results) {
    row(
      `settings writes (REST, app password), 10 connections, ${SETTINGS_SECONDS} s`,
      store,
      figures.settings,
      [200],
      figures.unchangedWrites ? `; ${figures.unchangedWrites} changed nothing` : '',
    );
  }
  for (const [store, figures] of results)
    row(`GET /shop signed in, 10 connections, ${SHOP_SECONDS} s`, store, figures.shopSignedIn, [200]);
  for (const [store, figures] of results)
    row(`GET /shop anonymous, 10 connections, ${ANONYMOUS_SHOP_SECONDS} s`, store, figures.shopAnonymous, [200]);

  lines.push(
    '',
    `#### /shop during a flood of wrong-password logins (${FLOOD_CONNECTIONS} connections, each attempt from its own address)`,
    '',
    '| store | /shop p50 idle | p99 idle | p50 in flood | p99 in flood | p50 ratio | wrong logins answered/s | flood p50 | target: p50 within 2x |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const [store, { idle, duringFlood, flood }] of results) {
    const ratio = duringFlood.p50 / idle.p50;
    const floodNote =
      unexpected(flood, [200, 303, 401, 403]) === '0' ? '' : ` (${unexpected(flood, [200, 303, 401, 403])})`;
    lines.push(
      `| ${store} | ${ms(idle.p50)} | ${ms(idle.p99)} | ${ms(duringFlood.p50)} | ${ms(duringFlood.p99)} | ${ratio.toFixed(2)}x | ` +
        `${rate(flood.perSecond)}${floodNote} | ${ms(flood.p50)} | ${ratio <= 2 ? 'MET' : 'NOT MET'} |`,
    );
  }
  return lines.join('\n');
}

export async function measureStores(): Promise<void> {
  const folders: string[] = [];
  const onSignal = (signal: NodeJS.Signals) => {
    for (const server of running) server.child.kill('SIGKILL');
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143); // runs the cluster's exit hook, which stops it
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const results = new Map<string, StoreFigures>();
  const freshFolder = async () => {
    folders.push(await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-store-')));
    return folders.at(-1)!;
  };
  const started = performance.now();
  process.stderr.write('store: starting a PostgreSQL cluster...\n');
  const cluster = await startTestPostgres();
  try {
    results.set(
      'lowdb files',
      await measureStore('lowdb files', { DATA_DIR: await freshFolder(), DATABASE_URL: '', TRUST_PROXY: '1' }),
    );
    results.set(
      'PostgreSQL',
      await measureStore('PostgreSQL', {
        DATA_DIR: await freshFolder(),
        DATABASE_URL: await createDatabaseOn(cluster.url, 'vitrine_bench'),
        TRUST_PROXY: '1',
      }),
    );
  } finally {
    await cluster.stop();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const cpus = os.cpus();
  console.log(`\n### Store: lowdb files vs PostgreSQL (${new Date().toISOString().slice(0, 10)})\n`);
  console.log(
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; ` +
      'figures from one run on a shared 2-core machine (load generator, server and PostgreSQL on the same cores), ' +
      'so compare rows with each other rather than with other machines. Latencies include queueing.\n',
  );
  console.log(tables(results));
  console.log(
    `\n- Logins are bounded by scrypt (N=16384, r=8), which runs one hash at a time by design, not by the store.` +
      `\n- The flood probe is one sequential client on GET /shop (anonymous); the flood logs in as an existing user with a` +
      ` wrong password, each attempt from its own X-Forwarded-For address (TRUST_PROXY=1), so every attempt costs a scrypt run` +
      ` and throttle-counter updates (in memory with lowdb, rows in PostgreSQL).` +
      `\n- Store section took ${Math.round((performance.now() - started) / 1000)} s.`,
  );
}
