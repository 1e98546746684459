/**
 * Compares this checkout's server with another checkout's (a change against the code before it), on a machine whose
 * speed drifts from minute to minute: both serve their own copy of the same data folder, and requests for states
 * never asked before (`POST /filter`, or with `--request listing` the first page of `GET /shop?sf_…`) go to them in
 * alternating batches (the order flipping each round), so that the drift falls on both alike. Prints each one's p50 and p90, its no-op's p50, the server's CPU time per request (read from /proc)
 * and the ratios.
 *
 * `node --no-memory-reducer --import tsx bench/compare-servers.ts --base ../vitrine-before [--data
 * bench/.cache/data-100000 --rounds 30 --batch 40 --encoding identity|gzip --request filter|listing]`
 *
 * The base is a checkout with its dependencies installed (e.g. `git worktree add ../vitrine-before HEAD~3` and a link
 * to this checkout's `node_modules`); the data folder and its query mix come from `npm run bench -- --section facets`.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toQueryString } from '../client/facet-filter/query-state.js';
import { benchSchema, NOOP, startServer } from './http-filter.js';
import { benchmarkQueries } from './queries.js';

const FILTER = '/wp-json/facet/v1/filter';
const HERE = path.join(import.meta.dirname, '..');

const { values: flags } = parseArgs({
  options: {
    base: { type: 'string' },
    data: { type: 'string', default: path.join(HERE, 'bench', '.cache', 'data-100000') },
    rounds: { type: 'string', default: '30' },
    batch: { type: 'string', default: '40' },
    encoding: { type: 'string', default: 'identity' },
    request: { type: 'string', default: 'filter' },
  },
});
if (!flags.base || !existsSync(path.join(flags.base, 'bin', 'server-build.js'))) {
  console.error('--base must name another checkout of the project (its bin/server-build.js was not found).');
  process.exit(2);
}
const mixFile = path.join(path.dirname(flags.data!), `queries-${/data-(\d+)/.exec(flags.data!)?.[1]}-variations.json`);
if (!existsSync(flags.data!) || !existsSync(mixFile)) {
  console.error(`No data folder and query mix at ${flags.data}: run npm run bench -- --section facets first.`);
  process.exit(2);
}

interface Server {
  name: string;
  child: ChildProcess;
  url: string;
  agent: http.Agent;
  data: string;
}

/** A checkout's own server on a copy of the data folder, once it says it is ready. */
async function start(name: string, root: string): Promise<Server> {
  const data = mkdtempSync(path.join(os.tmpdir(), `vitrine-compare-${name}-`));
  cpSync(flags.data!, data, { recursive: true });
  const { child, url } = await startServer(data, root);
  while ((await fetch(`${url}/readyz`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  return { name, child, url, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }), data };
}

/** One request over a kept-alive connection of the bare client; its time in ms, body read. */
function send(server: Server, method: 'GET' | 'POST', target: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = { 'accept-encoding': flags.encoding! };
    if (body) headers['content-type'] = 'application/json';
    const request = http.request(`${server.url}${target}`, { method, agent: server.agent, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(performance.now() - started));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The server's user and system CPU time so far, in ms (Linux); NaN elsewhere. */
function cpuMs(server: Server): number {
  try {
    const fields = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

const rounds = Number(flags.rounds);
const batch = Number(flags.batch);
const schema = benchSchema(JSON.parse(readFileSync(mixFile, 'utf8')).values);
const WARM_UP = 200;
if (flags.request !== 'filter' && flags.request !== 'listing') {
  console.error('--request is filter (POST /filter) or listing (GET /shop?sf_…).');
  process.exit(2);
}
const listing = flags.request === 'listing';
const title = listing ? 'Never-asked GET /shop?sf_… (first pages)' : 'Never-asked POST /filter';
/** The compared requests, each a state never asked before; a listing's first page (a later one may be redirected). */
const requests = benchmarkQueries(schema, WARM_UP + rounds * batch, 4242).map(
  (state): { method: 'GET' | 'POST'; target: string; body?: string } =>
    listing
      ? { method: 'GET', target: `/shop?${toQueryString({ ...state, page: 1 }, schema)}` }
      : {
          method: 'POST',
          target: FILTER,
          body: JSON.stringify({ query: Object.fromEntries(new URLSearchParams(toQueryString(state, schema))) }),
        },
);
const sendEach = (server: Server, request: (typeof requests)[number]) =>
  send(server, request.method, request.target, request.body);

const servers = [await start('base', path.resolve(flags.base!)), await start('this', HERE)];
try {
  // Each server answers the same first states once, then the compared ones are new to both.
  for (const server of servers) for (const request of requests.slice(0, WARM_UP)) await sendEach(server, request);
  const filter = new Map<string, number[]>(servers.map((server) => [server.name, []]));
  const noop = new Map<string, number[]>(servers.map((server) => [server.name, []]));
  const cpu = new Map<string, number>(servers.map((server) => [server.name, 0]));
  for (let round = 0; round < rounds; round++) {
    const first = WARM_UP + round * batch;
    for (const server of round % 2 ? [...servers].reverse() : servers) {
      const before = cpuMs(server);
      for (let at = 0; at < batch; at++) {
        filter.get(server.name)!.push(await sendEach(server, requests[first + at]!));
        if (at % 4 === 0) noop.get(server.name)!.push(await send(server, 'GET', NOOP));
      }
      cpu.set(server.name, cpu.get(server.name)! + cpuMs(server) - before);
    }
  }
  const at = (times: number[], share: number) =>
    [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * share))]!;
  const row = (name: string) => {
    const times = filter.get(name)!;
    return {
      p50: at(times, 0.5),
      p90: at(times, 0.9),
      noop: at(noop.get(name)!, 0.5),
      cpu: cpu.get(name)! / times.length,
    };
  };
  const base = row('base');
  const ours = row('this');
  const ratio = (a: number, b: number) => `${(a / b).toFixed(3)}x`;
  console.log(`${title}, ${rounds} rounds of ${batch} per server, accept-encoding ${flags.encoding} (ms)`);
  console.log('| server | p50 | p90 | no-op p50 | CPU per request (with a quarter no-op) |');
  console.log('|---|---|---|---|---|');
  for (const [name, figures] of [
    ['base', base],
    ['this', ours],
  ] as const)
    console.log(
      `| ${name} | ${figures.p50.toFixed(3)} | ${figures.p90.toFixed(3)} | ${figures.noop.toFixed(3)} | ${figures.cpu.toFixed(3)} |`,
    );
  console.log(
    `| this / base | ${ratio(ours.p50, base.p50)} | ${ratio(ours.p90, base.p90)} | ${ratio(ours.noop, base.noop)} | ${ratio(ours.cpu, base.cpu)} |`,
  );
} finally {
  for (const server of servers) {
    server.child.kill('SIGINT');
    server.agent.destroy();
  }
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', resolve));
  await Promise.all(servers.map((server) => exited(server.child)));
  for (const server of servers) rmSync(server.data, { recursive: true, force: true });
}
