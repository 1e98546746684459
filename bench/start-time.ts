/**
 * How soon a shop answers `/filter` after its server process starts, and how much memory the
 * process holds then. A data folder holding the benchmark's catalog and its facet index snapshot (made once by
 * `vitrine reindex`, as after `vitrine catalog generate` or an import) is kept in bench/.cache; each start is timed
 * from spawn to the first answered POST /filter, and the process's resident memory read from /proc at that moment
 * (and its peak). Then the first listing page (`GET /shop`) and the first product page are timed, with the peak memory
 * after them: the storefront answers from the index too, without loading the catalog. Medians of three starts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compiledModule } from '../bin/server-build.js';
import { SERVER_NODE_FLAGS } from '../bin/server-flags.js';

const ROOT = path.join(import.meta.dirname, '..');
// The server as operators run it: compiled (bin/server-build.js).
const CLI = await compiledModule('server/cli.ts');
const STARTS = 3;

export interface Start {
  answeredMs: number;
  rssMb: number;
  peakMb: number;
  restoredLine: string;
  /** Then, each the first of its kind: `GET /shop` and a product's page, in ms; the peak memory after them. */
  shopMs: number;
  productMs: number;
  peakAfterPagesMb: number;
}

/** The data folder of `size` products with its snapshot, made on first use (or again: see measureStartTime). */
export function preparedDataFolder(cacheFolder: string, size: number, catalogFile: string, again = false): string {
  const dataDir = path.join(cacheFolder, `data-${size}`);
  if (!again && existsSync(path.join(dataDir, 'snapshots', 'facets.snapshot'))) return dataDir;
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(path.join(dataDir, 'catalog.json'))) copyFileSync(catalogFile, path.join(dataDir, 'catalog.json'));
  process.stderr.write(`${size}: vitrine reindex (builds the index and writes its snapshot, once)...\n`);
  const reindex = spawnSync(process.execPath, ['--max-old-space-size=6144', CLI, 'reindex', '--data', dataDir], {
    encoding: 'utf8',
  });
  if (reindex.status !== 0) throw new Error(`vitrine reindex failed: ${reindex.stderr}`);
  return dataDir;
}

export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
}

export async function startOnce(dataDir: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, CLI, 'serve', '--port', '0', '--data', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk) => {
        output += chunk;
        const match = /serving (http:\/\/\S+?)\/? /.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
    });
    for (;;) {
      const response = await fetch(`${url}/wp-json/facet/v1/filter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: { sf_color: 'black' } }),
      }).catch(() => null);
      if (response?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answeredMs = performance.now() - started;
    const memory = memoryOf(child.pid!);
    const timed = async (address: string) => {
      const asked = performance.now();
      const response = await fetch(`${url}${address}`);
      const html = await response.text();
      if (response.status !== 200) throw new Error(`${address} answered ${response.status}`);
      return { ms: performance.now() - asked, html };
    };
    const shop = await timed('/shop');
    const product = await timed(/href="(\/product\/[^"]+)"/.exec(shop.html)![1]!);
    return {
      answeredMs,
      ...memory,
      restoredLine: output.split('\n').find((line) => line.startsWith('Facet index:')) ?? '',
      shopMs: shop.ms,
      productMs: product.ms,
      peakAfterPagesMb: memoryOf(child.pid!).peakMb,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Prints the start time and memory of a server on a shop of `size` products. */
export async function measureStartTime(size: number, catalogFile: string, cacheFolder: string): Promise<void> {
  let dataDir = preparedDataFolder(cacheFolder, size, catalogFile);
  // A snapshot kept from an earlier version of the engine does not fit (the server says so and rebuilds): made again.
  if (!(await startOnce(dataDir)).restoredLine.includes('read back'))
    dataDir = preparedDataFolder(cacheFolder, size, catalogFile, true);
  const starts: Start[] = [];
  for (let run = 0; run < STARTS; run++) starts.push(await startOnce(dataDir));
  console.log(
    `\n#### Ready after a start, ${size.toLocaleString('en')} products (data folder with the index snapshot; median of ${STARTS} starts)\n`,
  );
  console.log(
    '| first /filter answered after spawn | resident memory then | peak resident memory | then the first `GET /shop` | and the first product page | peak memory after them |\n|---|---|---|---|---|---|',
  );
  console.log(
    `| ${(median(starts.map((start) => start.answeredMs)) / 1000).toFixed(2)} s | ${Math.round(median(starts.map((start) => start.rssMb)))} MB | ${Math.round(median(starts.map((start) => start.peakMb)))} MB ` +
      `| ${Math.round(median(starts.map((start) => start.shopMs)))} ms | ${Math.round(median(starts.map((start) => start.productMs)))} ms | ${Math.round(median(starts.map((start) => start.peakAfterPagesMb)))} MB |`,
  );
  console.log(`\n- ${starts[0]!.restoredLine}`);
  if (size === 1_000_000) {
    const answered = median(starts.map((start) => start.answeredMs));
    const peak = median(starts.map((start) => start.peakMb));
    console.log(
      `- target: /filter within 5 s of start: ${answered <= 5000 ? 'MET' : 'NOT MET'}; serving process under 800 MB: ${peak < 800 ? 'MET' : 'NOT MET'} (peak ${Math.round(peak)} MB)`,
    );
  }
}
