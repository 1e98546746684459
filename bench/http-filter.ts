/**
 * End-to-end `POST {REST_ROOT}/facet/v1/filter` on a real server process (engine + fragment rendering + JSON over
 * loopback), driven by autocannon with the benchmark's query mix as request bodies, at 1 and 10 connections.
 * The server runs in its own process so that the load generator does not share its event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { toQueryRecord } from '../client/facet-filter/query-state.js';
import { defaultFacetConfig } from '../server/facets/config.js';
import { FacetEngine } from '../server/facets/engine.js';
import { CatalogFile } from '../server/store/lowdb/catalog-file.js';
import { benchmarkQueries } from './queries.js';

const CLI = path.join(import.meta.dirname, '..', 'server', 'cli.ts');

function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--data', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk) => {
      seen += chunk;
      const match = /serving (http:\/\/\S+?)\/? /.exec(seen);
      if (match) resolve({ child, url: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`The server exited (${code}) before it was ready: ${seen}`)));
  });
}

async function requestBodies(catalogFile: string): Promise<string[]> {
  const catalog = (await new CatalogFile(catalogFile).read())!;
  const schema = FacetEngine.build(catalog, defaultFacetConfig()).schema;
  return benchmarkQueries(schema).map((state) => JSON.stringify({ query: toQueryRecord(state, schema) }));
}

function load(url: string, bodies: string[], connections: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}/wp-json/facet/v1/filter`,
    connections,
    duration: 10,
    requests: bodies.map((body) => ({ method: 'POST', path: '/wp-json/facet/v1/filter', headers: { 'content-type': 'application/json' }, body })),
  });
}

/** Prints a table of latency and throughput of POST /filter for one catalog size. */
export async function measureHttpFilter(size: number, catalogFile: string): Promise<void> {
  if (size > 100_000) {
    console.log(`\n(POST /filter end to end is measured on the 100,000-product catalog only.)`);
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-'));
  await copyFile(catalogFile, path.join(dataDir, 'catalog.json'));
  const bodies = await requestBodies(catalogFile);
  const { child, url } = await startServer(dataDir);
  try {
    // One pass over the mix first: the engine is built on the first request and JIT warms up.
    await autocannon({ url: `${url}/wp-json/facet/v1/filter`, connections: 1, amount: bodies.length, requests: bodies.map((body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body })) });
    console.log(`\n#### POST /filter end to end, ${size.toLocaleString('en')} products (fragments included, autocannon 10 s)\n`);
    console.log('| connections | p50 | p99 | requests/s | errors | non-2xx |\n|---|---|---|---|---|---|');
    for (const connections of [1, 10]) {
      const result = await load(url, bodies, connections);
      console.log(`| ${connections} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${Math.round(result.requests.average)} | ${result.errors} | ${result.non2xx} |`);
    }
  } finally {
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}
