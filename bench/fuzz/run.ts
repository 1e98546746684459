/**
 * `npm run fuzz [-- --runs 100000 --seed 42 --concurrency 8]`: sends arbitrary public requests to a real Vitrine
 * server (started here over a fresh demo shop in a temporary folder) and prints, per endpoint family, how many were
 * answered with each class of status. The target is zero 5xx; any 5xx makes the exit code 1 and its first few
 * requests are printed so they can be replayed.
 */
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { loadConfig } from '../../server/config.js';
import { startServer } from '../../server/server.js';
import { makeTempDir } from '../../test/server/support/test-server.js';
import { fetchFormTicket, publicRequest, sendPublicRequest, type PublicRequest } from './public-requests.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '42' },
    concurrency: { type: 'string', default: '8' },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
const concurrency = Number(values.concurrency);

const dataDir = await makeTempDir('vitrine-fuzz-');
// TRUST_PROXY, so that each login post's X-Forwarded-For stands for its own client and throttling does not turn
// every later post into a 429.
const server = await startServer(loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, TRUST_PROXY: '1' }));
const ticket = await fetchFormTicket(server.url);
const byKind = new Map<
  string,
  { total: number; '2xx': number; '3xx': number; '4xx': number; '5xx': number; errors: number }
>();
const failures: string[] = [];
const started = Date.now();
const requests = fc.sample(publicRequest, { numRuns: runs, seed });
let next = 0;

async function worker(): Promise<void> {
  while (next < requests.length) {
    const request = requests[next++] as PublicRequest;
    const row = byKind.get(request.kind) ?? { total: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, errors: 0 };
    byKind.set(request.kind, row);
    row.total += 1;
    try {
      const status = await sendPublicRequest(server.url, request, ticket);
      const statusClass = `${Math.floor(status / 100)}xx` as '2xx' | '3xx' | '4xx' | '5xx';
      row[statusClass] += 1;
      if (status >= 500 && failures.length < 10)
        failures.push(`${status} ${request.method} ${request.path.slice(0, 300)} ${request.body?.slice(0, 300) ?? ''}`);
    } catch (error) {
      row.errors += 1;
      if (failures.length < 10)
        failures.push(`network error ${(error as Error).message}: ${request.method} ${request.path.slice(0, 300)}`);
    }
    if (next % 10_000 === 0) process.stderr.write(`${next.toLocaleString('en')} / ${runs.toLocaleString('en')}\n`);
  }
}

await Promise.all(Array.from({ length: concurrency }, worker));
await server.close();
await rm(dataDir, { recursive: true, force: true });

const seconds = (Date.now() - started) / 1000;
console.log(
  `\n${runs.toLocaleString('en')} requests, seed ${seed}, ${concurrency} at a time, ${seconds.toFixed(1)} s (${Math.round(runs / seconds)} requests/s)\n`,
);
console.log('| endpoint | requests | 2xx | 3xx | 4xx | 5xx | network errors |');
console.log('|---|---|---|---|---|---|---|');
const total = { total: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, errors: 0 };
for (const [kind, row] of [...byKind].sort()) {
  console.log(
    `| ${kind} | ${row.total} | ${row['2xx']} | ${row['3xx']} | ${row['4xx']} | ${row['5xx']} | ${row.errors} |`,
  );
  for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += row[key];
}
console.log(
  `| all | ${total.total} | ${total['2xx']} | ${total['3xx']} | ${total['4xx']} | ${total['5xx']} | ${total.errors} |`,
);
for (const failure of failures) console.log(`\nFAILED: ${failure}`);
console.log(total['5xx'] + total.errors === 0 ? '\nTarget met: no 5xx.' : '\nTarget missed: see the failures above.');
process.exitCode = total['5xx'] + total.errors === 0 ? 0 : 1;
