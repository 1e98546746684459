/**
 * `npm run bench [-- --section facets|store|all --sizes 100000,1000000 --engines ours,naive,itemsjs,orama --runs 3
 * --budget 300 --heap-mb 4096]`
 * `--section facets` runs the facet engine benchmark below, `--section store` the store benchmark (bench/store.ts),
 * `all` (the default) both, facets first.
 *
 * Facets:
 * Generates each catalog size once into bench/.cache, runs every engine in its own child process on the same
 * seeded query mix, checks that all engines agree with ours on found and every count, and prints a table per size
 * with the verdict on issue 4's targets. Ours runs `--runs` times and reports medians; the other engines run once
 * (they take minutes), within a query-time budget and a heap cap, and are reported as skipped past either.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateSyntheticCatalog } from '../server/catalog/synthetic-catalog.js';
import { CatalogFile } from '../server/store/lowdb/catalog-file.js';
import { measureHttpFilter } from './http-filter.js';
import { crossCheck, summarize, table, targetLines, type EngineSummary } from './report.js';
import { measureCatalogImport } from './catalog-import.js';
import { measureIncrementalIndex } from './incremental-index.js';
import { measureStores } from './store.js';
import type { WorkerReport } from './worker.js';

const { values: flags } = parseArgs({ options: {
  section: { type: 'string', default: 'all' },
  sizes: { type: 'string', default: '100000,1000000' },
  engines: { type: 'string', default: 'ours,naive,itemsjs,orama' },
  runs: { type: 'string', default: '3' },
  budget: { type: 'string', default: '300' },
  'heap-mb': { type: 'string', default: '4096' },
} });
if (!['facets', 'store', 'import', 'incremental', 'all'].includes(flags.section!)) {
  console.error(`--section must be facets, store, import, incremental or all, not "${flags.section}"`);
  process.exit(2);
}
const cacheFolder = join(import.meta.dirname, '.cache');
mkdirSync(cacheFolder, { recursive: true });
// Ours first: it writes the query mix that the other engines read, and the others are checked against it.
const engines = ['ours', ...flags.engines!.split(',').filter((engine) => engine !== 'ours')];

function runWorker(engine: string, catalogFile: string, queriesFile: string): WorkerReport {
  const budget = Number(flags.budget);
  const reportFile = join(cacheFolder, `report-${engine}.json`);
  rmSync(reportFile, { force: true });
  // Building a large catalog takes minutes for some engines: the hard timeout leaves room for it beyond the budget.
  const child = spawnSync(process.execPath, ['--import', 'tsx', `--max-old-space-size=${flags['heap-mb']}`, join(import.meta.dirname, 'worker.ts'), engine, catalogFile, String(budget), queriesFile, reportFile],
    { encoding: 'utf8', maxBuffer: 1 << 30, timeout: (budget + 120) * 1000 });
  if (child.status === 0) return JSON.parse(readFileSync(reportFile, 'utf8')) as WorkerReport;
  // Node ends a crash with its version line: the error itself is the first line that names one.
  const errorLine = child.stderr.split('\n').find((line) => /Error/.test(line)) ?? child.stderr.split('\n').filter(Boolean).pop() ?? '';
  const reason = child.error ? `killed after ${budget + 120} s (build and queries over budget)`
    : /heap out of memory|Allocation failed/.test(child.stderr) ? `out of memory under a ${flags['heap-mb']} MB heap cap`
      : `exited with ${child.status ?? child.signal}: ${errorLine.trim()}`;
  return { skipped: reason } as WorkerReport;
}

for (const size of flags.section === 'store' || flags.section === 'import' || flags.section === 'incremental' ? [] : flags.sizes!.split(',').map(Number)) {
  const catalogFile = join(cacheFolder, `catalog-${size}-seed1.json`);
  if (!existsSync(catalogFile)) {
    const catalog = generateSyntheticCatalog({ products: size, seed: 1 });
    await new CatalogFile(catalogFile).writeStream(catalog, catalog.products, (count) => process.stderr.write(`\rgenerating ${count}/${size}`));
    process.stderr.write('\n');
  }
  const queriesFile = join(cacheFolder, `queries-${size}.json`);
  const summaries = new Map<string, EngineSummary>();
  const notes: string[] = [];
  let oursFirstRun: WorkerReport | undefined;
  for (const engine of engines) {
    const runs = engine === 'ours' ? Math.max(1, Number(flags.runs)) : 1;
    const reports: WorkerReport[] = [];
    for (let run = 1; run <= runs; run++) {
      process.stderr.write(`${size}: running ${engine} (${run}/${runs})...\n`);
      reports.push(runWorker(engine, catalogFile, queriesFile));
      if (reports.at(-1)!.skipped) break;
    }
    summaries.set(engine, summarize(reports));
    if (engine === 'ours') oursFirstRun = reports[0];
    else if (oursFirstRun && !oursFirstRun.skipped && !reports[0]!.skipped) {
      const { mismatches, notes: engineNotes } = crossCheck(engine, reports[0]!, oursFirstRun);
      notes.push(...engineNotes);
      if (mismatches.length > 0) {
        notes.push(`MISMATCH: ${engine} disagrees with ours on found or counts of queries ${mismatches.join(', ')}`);
        process.exitCode = 1;
      }
    }
  }
  console.log(`\n### ${size.toLocaleString('en')} products (${oursFirstRun?.latencies?.length ?? 0} queries after a warm-up of other queries; counts included)\n`);
  console.log(table(summaries));
  console.log(['', ...notes.map((note) => `- ${note}`), '', ...targetLines(size, summaries)].join('\n'));
  await measureHttpFilter(size, catalogFile);
}
if (flags.section === 'store' || flags.section === 'all') await measureStores();
if (flags.section === 'import' || flags.section === 'all') await measureCatalogImport();
if (flags.section === 'incremental' || flags.section === 'all') await measureIncrementalIndex();
