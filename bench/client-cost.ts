/**
 * What the client adds to a `/filter` answer: the same never-asked states (and the no-op) sent through a bare
 * `node:http` client and through Node's `fetch`, each without compression and with gzip, and through the bare client
 * with gzip received but not inflated (the server's compressing alone) and inflated at once (`gunzipSync`). The ways
 * take turns in batches, their order reversed every round, so that the machine's drift falls on all of them alike; the
 * first round is left out (warm-up). Every never-asked request is a state no other request asked.
 *
 * node --import tsx bench/client-cost.ts [--size 100000] [--rounds 12] [--batch 100]
 */
import http from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { quantile, timedFetch, type Request } from './fetch-client.js';
import { benchSchema, NOOP, postOf, startServer } from './http-filter.js';
import { benchmarkQueries } from './queries.js';
import type { QueryMix } from './worker.js';

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '12' },
    batch: { type: 'string', default: '100' },
  },
});
const cache = path.join(import.meta.dirname, '.cache');
const dataDir = path.join(cache, `data-${flags.size}`);
const queriesFile = path.join(cache, `queries-${flags.size}-variations.json`);
if (!existsSync(dataDir) || !existsSync(queriesFile))
  throw new Error(`Run npm run bench -- --section facets --sizes ${flags.size} first (${dataDir}, ${queriesFile}).`);

const rounds = Number(flags.rounds);
const batch = Number(flags.batch);
const schema = benchSchema((JSON.parse(readFileSync(queriesFile, 'utf8')) as QueryMix).values);
const states = benchmarkQueries(schema, (rounds + 1) * batch * 8, 4242).map((state) => postOf(state, schema));
let nextState = 0;
const neverAsked = () => states[nextState++]!;
const noop: Request = { method: 'GET', path: NOOP };

const { child, url } = await startServer(dataDir);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Bytes received and inflated, per way, for the answer sizes printed under the table. */
const received = { raw: 0, compressed: 0, answers: 0 };

/** One request through the bare client; `inflate`: the gzip asked for is inflated at once, as a whole. */
function bare(request: Request, coding: 'identity' | 'gzip', inflate = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${url}${request.path}`,
      { method: request.method, agent, headers: { ...request.headers, 'accept-encoding': coding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (inflate && response.headers['content-encoding'] === 'gzip') {
            const compressed = Buffer.concat(chunks);
            const raw = gunzipSync(compressed);
            received.raw += raw.length;
            received.compressed += compressed.length;
            received.answers++;
          }
          resolve();
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

const viaFetch = async (request: Request, coding?: 'identity') => {
  const headers = coding ? { ...request.headers, 'accept-encoding': coding } : request.headers;
  const { outcome } = await timedFetch(url, { ...request, headers });
  if (outcome !== 'ok') throw new Error(`${request.method} ${request.path} through fetch: ${outcome}`);
};

const ways: Record<
  string,
  { client: 'node:http' | 'fetch'; request: 'no-op' | 'never asked'; send: () => Promise<void> }
> = {
  'bare, no compression: no-op': { client: 'node:http', request: 'no-op', send: () => bare(noop, 'identity') },
  'bare, no compression': { client: 'node:http', request: 'never asked', send: () => bare(neverAsked(), 'identity') },
  'bare, gzip received, not inflated': {
    client: 'node:http',
    request: 'never asked',
    send: () => bare(neverAsked(), 'gzip'),
  },
  'bare, gzip inflated at once (gunzipSync)': {
    client: 'node:http',
    request: 'never asked',
    send: () => bare(neverAsked(), 'gzip', true),
  },
  'fetch, no compression: no-op': { client: 'fetch', request: 'no-op', send: () => viaFetch(noop, 'identity') },
  'fetch, no compression': { client: 'fetch', request: 'never asked', send: () => viaFetch(neverAsked(), 'identity') },
  'fetch, its default (gzip, inflated as a stream)': {
    client: 'fetch',
    request: 'never asked',
    send: () => viaFetch(neverAsked()),
  },
};

try {
  while ((await fetch(`${url}/readyz`).then((response) => response.status)) === 503)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
  for (let round = 0; round <= rounds; round++) {
    const names = Object.keys(ways);
    if (round % 2) names.reverse();
    for (const name of names) {
      for (let sent = 0; sent < batch; sent++) {
        const started = performance.now();
        await ways[name]!.send();
        if (round > 0) times[name]!.push(performance.now() - started);
      }
    }
  }
  const p50 = Object.fromEntries(
    Object.entries(times).map(([name, values]) => [
      name,
      quantile(
        [...values].sort((a, b) => a - b),
        0.5,
      ),
    ]),
  );
  const base = p50['bare, no compression']!;
  console.log(
    `\n#### What the client adds, ${Number(flags.size).toLocaleString('en')} products (${rounds} rounds of ${batch} per way, p50 in ms)\n`,
  );
  console.log(
    "| way | request | p50 | vs its client's no-op | vs the bare client without compression |\n|---|---|---|---|---|",
  );
  for (const [name, way] of Object.entries(ways)) {
    const noopOf = way.client === 'fetch' ? p50['fetch, no compression: no-op']! : p50['bare, no compression: no-op']!;
    const againstBare = way.request === 'never asked' ? `${(p50[name]! - base).toFixed(2)} ms more` : '';
    console.log(
      `| ${name} | ${way.request} | ${p50[name]!.toFixed(2)} | ${(p50[name]! / noopOf).toFixed(2)}x | ${againstBare} |`,
    );
  }
  const kb = (bytes: number) => `${(bytes / received.answers / 1024).toFixed(1)} KB`;
  console.log(`\nA never-asked answer: ${kb(received.raw)} of JSON, ${kb(received.compressed)} gzipped.`);
} finally {
  agent.destroy();
  child.kill('SIGTERM');
}
