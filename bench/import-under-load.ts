/**
 * `/filter` while a large catalog is imported: a server process serves the fresh demo shop; a probe
 * sends `POST /facet/v1/filter` at a fixed rate (open loop: a request every PROBE_INTERVAL_MS, 20 a second, whatever
 * the answers do, its latency counted from when it was due, so that a stalled server cannot hide its stall by slowing
 * the probe);
 * meanwhile a shop manager uploads the import file through the admin's route (`POST /vitrine/v1/catalog/import`,
 * replace) and the job is followed to its end, then until `/filter` answers from the new catalog. Targets: p99 under
 * 100 ms during the import, and no request over 100 ms around the swap to the new index (the swap's step: the
 * slowest request due within SWAP_MARGIN_MS of the first answer from the new catalog).
 *
 * With BENCH_SERVER_OUTPUT=1 it also prints the job's phases over time, the requests over 100 ms and the server's
 * log; BENCH_SERVER_NODE_OPTIONS adds options for the server's Node (e.g. `--import ./a-profiler-preload.mjs`).
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../test/server/support/processes.js';
import { percentile } from './report.js';
import { command } from './store-load.js';

const PROBE_INTERVAL_MS = 50;
/**
 * The swap's window: this far either side of the first answer from the new catalog, which takes in the new index
 * being read back just before it and the first requests answered with it just after.
 */
const SWAP_MARGIN_MS = 1000;
const QUERIES = [{}, { sf_orderby: 'price' }, { sf_orderby: 'date' }, { sf_q: 'a' }, { sf_paged: '2' }];

interface Sample {
  due: number;
  latency: number;
  found: number;
}

interface Window {
  label: string;
  from: number;
  to: number;
}

function summarize(samples: readonly Sample[], window: Window): string {
  const latencies = samples
    .filter((sample) => sample.due >= window.from && sample.due < window.to)
    .map((sample) => sample.latency)
    .sort((a, b) => a - b);
  if (latencies.length === 0) return `| ${window.label} | – | 0 | – | – | – | – | – |`;
  const over = latencies.filter((latency) => latency > 100).length;
  const cell = (value: number) => `${value.toFixed(1)} ms`;
  return (
    `| ${window.label} | ${((window.to - window.from) / 1000).toFixed(1)} s | ${latencies.length} | ${cell(percentile(latencies, 50))} | ` +
    `${cell(percentile(latencies, 95))} | ${cell(percentile(latencies, 99))} | ${cell(latencies.at(-1)!)} | ${over} |`
  );
}

/** Why probe requests failed, with how many times (a refused or reset connection, a timeout). */
const failures = new Map<string, number>();

/** Sends one probe request every PROBE_INTERVAL_MS until stopped; each sample's latency runs from when it was due. */
function startProbe(url: string): { samples: Sample[]; stop: () => Promise<void> } {
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  let stopped = false;
  let count = 0;
  const started = performance.now();
  const tick = () => {
    if (stopped) return;
    const due = started + count * PROBE_INTERVAL_MS;
    const body = JSON.stringify({ query: QUERIES[count % QUERIES.length] });
    count++;
    const request = fetch(`${url}/wp-json/facet/v1/filter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
      .then(async (response) => {
        const answer = (await response.json()) as { found?: number };
        samples.push({ due, latency: performance.now() - due, found: response.ok ? (answer.found ?? -1) : -1 });
      })
      .catch((error: Error) => {
        failures.set(error.message, (failures.get(error.message) ?? 0) + 1);
        samples.push({ due, latency: performance.now() - due, found: -1 });
      })
      .finally(() => pending.delete(request));
    pending.add(request);
    setTimeout(tick, Math.max(0, started + count * PROBE_INTERVAL_MS - performance.now()));
  };
  tick();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await Promise.all(pending);
    },
  };
}

/** POSTs the file with curl; resolves with the status and body. */
function uploadWithCurl(url: string, authorization: string, file: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const args = [
      '-s',
      '-w',
      '\n%{http_code}',
      '-X',
      'POST',
      '-H',
      `authorization: ${authorization}`,
      '-H',
      'content-type: text/csv',
      '--data-binary',
      `@${file}`,
      url,
    ];
    execFile('curl', args, { maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) return reject(error);
      const at = stdout.lastIndexOf('\n');
      resolve({ status: Number(stdout.slice(at + 1)), body: stdout.slice(0, at) });
    });
  });
}

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs {@link measureFilterDuringImport} in a process of its own: the probe's latencies are counted from when each
 * request was due, so a probe sharing a heap with the in-process import's gigabyte of garbage would time its own
 * garbage collection.
 */
export function measureFilterDuringImportApart(file: string, products: number): void {
  const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, file, String(products)], {
    stdio: 'inherit',
  });
  if (child.status !== 0)
    throw new Error(`The /filter-during-import measurement failed (exit ${child.status ?? child.signal}).`);
}

/**
 * Prints the table of `/filter` latencies idle, during the import and during the reindex after it.
 * @param file a WooCommerce CSV of `products` products (bench/catalog-import.ts writes it)
 */
export async function measureFilterDuringImport(file: string, products: number): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-import-load-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_OPTIONS: `--max-old-space-size=6144 ${process.env.BENCH_SERVER_NODE_OPTIONS ?? ''}`.trim(),
  };
  const password = `bench-${randomBytes(9).toString('hex')}`;
  await command(['user', 'create', 'bench', '--role', 'shop_manager', '--password', password], env);
  const appPassword = (await command(['app-password', 'create', 'bench'], env)).trim().split('\n').pop()!.trim();
  const authorization = `Basic ${Buffer.from(`bench:${appPassword}`).toString('base64')}`;
  const server = await startServerProcess(env, 60_000);
  try {
    for (let warm = 0; warm < 100; warm++)
      await (
        await fetch(`${server.url}/wp-json/facet/v1/filter`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: QUERIES[warm % QUERIES.length] }),
        })
      ).text();
    const size = statSync(file).size;
    const probe = startProbe(server.url);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const uploadStart = performance.now();
    // curl uploads, in a process of its own: 66 MB sent from the probe's own thread would delay its requests.
    const upload = await uploadWithCurl(
      `${server.url}/wp-json/vitrine/v1/catalog/import?mode=replace`,
      authorization,
      file,
    );
    const job = JSON.parse(upload.body) as { id: string };
    if (upload.status !== 202) throw new Error(`The upload answered ${upload.status}: ${upload.body}`);
    let report: unknown = null;
    await waitFor(
      async () => {
        const state = (await (
          await fetch(`${server.url}/wp-json/vitrine/v1/catalog/import/${job.id}`, { headers: { authorization } })
        ).json()) as { status: string; phase: string; percent: number; report: unknown; error: string | null };
        if (process.env.BENCH_SERVER_OUTPUT)
          process.stderr.write(
            `${((performance.now() - uploadStart) / 1000).toFixed(1)} s: ${state.phase} ${state.percent}%\n`,
          );
        if (state.status === 'failed') throw new Error(`The import failed: ${state.error}`);
        report = state.report;
        return state.status === 'done';
      },
      600_000,
      'the import job',
    );
    const jobDone = performance.now();
    await waitFor(
      () => probe.samples.some((sample) => sample.due > uploadStart && sample.found >= products),
      600_000,
      '/filter to answer from the new catalog',
    );
    const indexed = Math.min(
      ...probe.samples
        .filter((sample) => sample.due > uploadStart && sample.found >= products)
        .map((sample) => sample.due),
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await probe.stop();
    const probeStopped = performance.now();
    const windows: Window[] = [
      { label: 'idle, before the upload', from: uploadStart - 3000, to: uploadStart },
      { label: 'import: upload, read, check, store', from: uploadStart, to: jobDone },
      { label: 'after the job, until /filter shows the new catalog', from: jobDone, to: Math.max(jobDone, indexed) },
      { label: 'the 3 s after both', from: Math.max(jobDone, indexed), to: probeStopped },
      {
        label: `the swap: ${SWAP_MARGIN_MS / 1000} s either side of the first answer from the new catalog`,
        from: indexed - SWAP_MARGIN_MS,
        to: indexed + SWAP_MARGIN_MS,
      },
    ];
    console.log(
      `\n#### POST /filter during the import of ${(size / 1e6).toFixed(0)} MB (${products.toLocaleString('en')} products), one request every ${PROBE_INTERVAL_MS} ms\n`,
    );
    console.log('| window | length | requests | p50 | p95 | p99 | max | over 100 ms |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const window of windows) console.log(summarize(probe.samples, window));
    const failed = probe.samples.filter((sample) => sample.found < 0).length;
    const during = probe.samples
      .filter((sample) => sample.due >= uploadStart && sample.due < Math.max(jobDone, indexed))
      .map((sample) => sample.latency)
      .sort((a, b) => a - b);
    const duringP99 = during.length ? percentile(during, 99) : Number.NaN;
    const swapStep = Math.max(
      ...probe.samples
        .filter((sample) => Math.abs(sample.due - indexed) <= SWAP_MARGIN_MS)
        .map((sample) => sample.latency),
    );
    console.log(
      `\n/filter p99 from the upload until the new catalog answers: ${duringP99.toFixed(1)} ms (target ≤ 100 ms: ${duringP99 <= 100 ? 'MET' : 'NOT MET'}); ` +
        `the swap's step, the slowest request due within ${SWAP_MARGIN_MS / 1000} s of it: ${swapStep.toFixed(1)} ms (target ≤ 100 ms: ${swapStep <= 100 ? 'MET' : 'NOT MET'}).`,
    );
    console.log(
      `\n/filter answered from the new catalog ${((indexed - uploadStart) / 1000).toFixed(1)} s after the upload began; the job reported done after ${((jobDone - uploadStart) / 1000).toFixed(1)} s.`,
    );
    console.log(
      `\n(Latency from when each request was due. ${failed} requests failed${failed ? `: ${JSON.stringify(Object.fromEntries(failures))}` : ''}. ` +
        `Import report: ${JSON.stringify(report).slice(0, 200)}.)`,
    );
    if (process.env.BENCH_SERVER_OUTPUT) {
      const slow = probe.samples
        .filter((sample) => sample.latency > 100)
        .map((sample) => `${((sample.due - uploadStart) / 1000).toFixed(1)}s:${Math.round(sample.latency)}`);
      console.log(
        `upload began at ${Math.round(performance.timeOrigin + uploadStart)} (ms since 1970); slow samples (due after upload: latency ms): ${slow.join(' ')}`,
      );
      console.log(server.output().slice(-3000));
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename)
  await measureFilterDuringImport(process.argv[2]!, Number(process.argv[3]));
