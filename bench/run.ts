/**
 * `npm run bench [-- --sizes 100000,1000000 --engines ours,naive --budget 300]`
 * Generates each catalog size once into bench/.cache, runs every engine in its own child process on the same
 * seeded query mix, checks that all engines agree with ours on found and every count, and prints a table per size.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateSyntheticCatalog } from '../server/catalog/synthetic-catalog.js';
import { CatalogFile } from '../server/store/catalog-file.js';
import { measureHttpFilter } from './http-filter.js';

const { values: flags } = parseArgs({ options: {
  sizes: { type: 'string', default: '100000,1000000' },
  engines: { type: 'string', default: 'ours,naive,itemsjs,orama' },
  budget: { type: 'string', default: '300' },
} });
const cacheFolder = join(import.meta.dirname, '.cache');
mkdirSync(cacheFolder, { recursive: true });

interface Report { skipped?: string; buildMs: number; rssMb: number; latencies: number[]; answers: Array<{ found: number; counts: unknown }> }
/** found + counts with keys sorted, so that engines listing values in different orders compare equal. */
const comparable = (answer: { found: number; counts: unknown }): string =>
  JSON.stringify({ found: answer.found, counts: answer.counts }, (_key, value) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value);
const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

for (const size of flags.sizes!.split(',').map(Number)) {
  const file = join(cacheFolder, `catalog-${size}-seed1.json`);
  if (!existsSync(file)) {
    const catalog = generateSyntheticCatalog({ products: size, seed: 1 });
    await new CatalogFile(file).writeStream(catalog, catalog.products, (count) => process.stderr.write(`\rgenerating ${count}/${size}`));
    process.stderr.write('\n');
  }
  const reports = new Map<string, Report>();
  for (const engine of flags.engines!.split(',')) {
    process.stderr.write(`${size}: running ${engine}...\n`);
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--max-old-space-size=3072', join(import.meta.dirname, 'worker.ts'), engine, file, flags.budget!],
      { encoding: 'utf8', maxBuffer: 1 << 30, timeout: (Number(flags.budget) + 120) * 1000 });
    const report = child.status === 0 ? (JSON.parse(child.stdout) as Report)
      : ({ skipped: child.error ? `killed: ${child.error.message}` : `exited with ${child.status ?? child.signal}: ${child.stderr.split('\n').filter(Boolean).pop()}` } as Report);
    reports.set(engine, report);
  }
  const ours = reports.get('ours');
  for (const [engine, report] of reports) {
    if (report.skipped || !ours || ours.skipped || engine === 'ours') continue;
    const mismatches = report.answers.map((answer, index) => (comparable(answer) === comparable(ours.answers[index]!) ? -1 : index)).filter((index) => index >= 0);
    if (mismatches.length > 0) {
      console.error(`MISMATCH: ${engine} disagrees with ours on found or counts of queries ${mismatches.join(', ')} at ${size} products.`);
      process.exitCode = 1;
    }
  }
  console.log(`\n### ${size.toLocaleString('en')} products (${ours?.latencies?.length ?? 0} queries, counts included)\n`);
  console.log('| engine | build | RSS | p50 | p95 | p99 | p50 vs ours |\n|---|---|---|---|---|---|---|');
  const oursP50 = ours && !ours.skipped ? percentile([...ours.latencies].sort((a, b) => a - b), 50) : NaN;
  for (const [engine, report] of reports) {
    if (report.skipped) {
      console.log(`| ${engine} | skipped (${report.skipped}) | | | | | |`);
      continue;
    }
    const sorted = [...report.latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    console.log(`| ${engine} | ${(report.buildMs / 1000).toFixed(2)} s | ${Math.round(report.rssMb)} MB | ${p50.toFixed(2)} ms | ${percentile(sorted, 95).toFixed(2)} ms | ${percentile(sorted, 99).toFixed(2)} ms | ${(p50 / oursP50).toFixed(1)}x |`);
  }
  await measureHttpFilter(size, file);
}
