/**
 * The facet engine benchmark (`npm run bench -- --section facets`), on two catalogs of each size:
 * - a variation-free catalog, where every product is simple: the fair comparison. itemsjs and Orama model no
 *   variations, and on this catalog our semantics need none, so every engine must agree with ours on `found` and
 *   every count of every query (a disagreement fails the run);
 * - the catalog with variable products (about one in five with several colours and sizes): ours alone, checked
 *   against the brute-force scan that models variations (bench/engines/naive-scan.ts) on as many queries as it
 *   answers within the budget, with the latency targets (report.ts).
 * Each engine runs in its own child process on the same seeded query mix; ours runs `runs` times (medians).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateSyntheticCatalog } from '../server/catalog/synthetic-catalog.js';
import { CatalogFile } from '../server/store/lowdb/catalog-file.js';
import { crossCheck, summarize, table, targetLines, type EngineSummary } from './report.js';
import type { WorkerReport } from './worker.js';

export interface EngineBenchOptions {
  cacheFolder: string;
  /** Engines of the fair comparison; ours always runs first. */
  engines: string[];
  runs: number;
  budgetSeconds: number;
  heapMb: number;
}

export type CatalogKind = 'simple' | 'variations';

/** The cached catalog of a size and kind, generated on first use. */
export async function benchCatalog(cacheFolder: string, size: number, kind: CatalogKind): Promise<string> {
  const file = join(cacheFolder, `catalog-${size}-seed1${kind === 'simple' ? '-simple' : ''}.json`);
  if (!existsSync(file)) {
    const catalog = generateSyntheticCatalog({ products: size, seed: 1, variations: kind === 'variations' });
    await new CatalogFile(file).writeStream(catalog, catalog.products, (count) =>
      process.stderr.write(`\rgenerating ${count}/${size} (${kind})`),
    );
    process.stderr.write('\n');
  }
  return file;
}

function runWorker(
  options: EngineBenchOptions,
  engine: string,
  catalogFile: string,
  queriesFile: string,
  mode: 'all' | 'sample',
): WorkerReport {
  const budget = options.budgetSeconds;
  const reportFile = join(options.cacheFolder, `report-${engine}.json`);
  rmSync(reportFile, { force: true });
  // Building a large catalog takes minutes for some engines: the hard timeout leaves room for it beyond the budget.
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--expose-gc',
      `--max-old-space-size=${options.heapMb}`,
      join(import.meta.dirname, 'worker.ts'),
      engine,
      catalogFile,
      String(budget),
      queriesFile,
      reportFile,
      mode,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 30, timeout: (budget + 180) * 1000 },
  );
  if (child.status === 0) return JSON.parse(readFileSync(reportFile, 'utf8')) as WorkerReport;
  // Node ends a crash with its version line: the error itself is the first line that names one.
  const errorLine =
    child.stderr.split('\n').find((line) => /Error/.test(line)) ?? child.stderr.split('\n').filter(Boolean).pop() ?? '';
  const reason = child.error
    ? `killed after ${budget + 180} s (build and queries over budget)`
    : /heap out of memory|Allocation failed/.test(child.stderr)
      ? `out of memory under a ${options.heapMb} MB heap cap`
      : `exited with ${child.status ?? child.signal}: ${errorLine.trim()}`;
  return { skipped: reason } as WorkerReport;
}

/** Runs `engines` on one catalog, cross-checks each against ours, prints the table; returns ours' summary. */
function compare(
  options: EngineBenchOptions,
  size: number,
  kind: CatalogKind,
  catalogFile: string,
  engines: string[],
  title: string,
): EngineSummary | undefined {
  const queriesFile = join(options.cacheFolder, `queries-${size}-${kind}.json`);
  const summaries = new Map<string, EngineSummary>();
  const notes: string[] = [];
  let ours: WorkerReport | undefined;
  for (const engine of ['ours', ...engines.filter((name) => name !== 'ours')]) {
    // The brute-force reference answers what it can within the budget: a check on fewer queries beats none at a
    // million products, where it needs seconds per query.
    const mode = engine === 'naive' ? 'sample' : 'all';
    const runs = engine.startsWith('ours') ? Math.max(1, options.runs) : 1;
    const reports: WorkerReport[] = [];
    for (let run = 1; run <= runs; run++) {
      process.stderr.write(`${size} ${kind}: running ${engine} (${run}/${runs})...\n`);
      reports.push(runWorker(options, engine, catalogFile, queriesFile, mode));
      if (reports.at(-1)!.skipped) break;
    }
    summaries.set(engine, summarize(reports));
    if (engine === 'ours') ours = reports[0];
    else if (ours && !ours.skipped && !reports[0]!.skipped) {
      const { mismatches, notes: engineNotes } = crossCheck(engine, reports[0]!, ours);
      notes.push(...engineNotes);
      if (mode === 'sample' && reports[0]!.answered! < ours.answers.length)
        notes.push(
          `${engine}: answered the first ${reports[0]!.answered} of ${ours.answers.length} queries within the ${options.budgetSeconds} s budget; its latencies are of those`,
        );
      if (mismatches.length > 0) {
        notes.push(`MISMATCH: ${engine} disagrees with ours on found or counts of queries ${mismatches.join(', ')}`);
        process.exitCode = 1;
      }
    }
  }
  console.log(
    `\n### ${size.toLocaleString('en')} products, ${title} (${ours?.latencies?.length ?? 0} queries after a warm-up of other queries; counts included)\n`,
  );
  console.log(
    `ours answers as the server holds it: restored from its own snapshot, detached, with the catalog's objects let go before the queries${engines.includes('ours-attached') ? '; ours-attached keeps the engine as built beside the catalog (the figure before 2026-11-24)' : ' (--engines ours,ours-attached adds the engine as built, beside the catalog)'}.\n`,
  );
  console.log(table(summaries));
  console.log(['', ...notes.map((note) => `- ${note}`)].join('\n'));
  return summaries.get('ours');
}

/** Both comparisons for one catalog size. */
export async function measureFacetEngines(
  size: number,
  catalogs: CatalogKind[],
  options: EngineBenchOptions,
): Promise<void> {
  if (catalogs.includes('simple')) {
    const file = await benchCatalog(options.cacheFolder, size, 'simple');
    compare(
      options,
      size,
      'simple',
      file,
      options.engines,
      'variation-free catalog: the fair comparison, every engine must agree on every count',
    );
  }
  if (catalogs.includes('variations')) {
    const file = await benchCatalog(options.cacheFolder, size, 'variations');
    const ours = compare(
      options,
      size,
      'variations',
      file,
      options.engines.filter((engine) => engine === 'naive' || engine === 'ours-attached'),
      'catalog with variable products: ours against the brute-force reference',
    );
    console.log(['', ...targetLines(size, ours)].join('\n'));
  }
}
