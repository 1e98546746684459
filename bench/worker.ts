/**
 * Runs ONE engine in its own process (so that build time and RSS are its own) and writes a JSON report to
 * <report-file>: build time, peak RSS, per-query latency, and each query's found + counts for the parent to
 * cross-check (a file, because a large write to a piped stdout is cut short when the process exits).
 * Usage: node --import tsx bench/worker.ts <engine> <catalog-file> <budget-seconds> <queries-file> <report-file>
 * [all|sample] With `sample` (a reference too slow for every query), the queries answered within the budget are
 * reported rather than none: the first ones of the mix, in order.
 * The `ours` worker draws the query mix from our engine's schema (the values that exist) and writes it to
 * <queries-file>; the other engines read it from there, so that every engine answers the very same queries.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CatalogFile } from '../server/store/lowdb/catalog-file.js';
import { defaultFacetConfig } from '../server/facets/config.js';
import type { FilterState } from '../client/facet-filter/query-state.js';
import { benchmarkQueries } from './queries.js';
import type { AdapterFactory, Answer, BenchAdapter } from './engines/adapter.js';
import { createOurs, createOursAttached } from './engines/ours.js';
import { createNaive } from './engines/naive-scan.js';
import { createItemsjs } from './engines/itemsjs.js';
import { createOrama } from './engines/orama.js';

const factories: Record<string, AdapterFactory> = {
  ours: createOurs,
  'ours-attached': createOursAttached,
  naive: createNaive,
  itemsjs: createItemsjs,
  orama: createOrama,
};
/** Warm-up gets at most this share of the budget: slow engines must not spend it all before measuring. */
const WARMUP_SHARE = 0.1;

export interface QueryMix {
  /** Run first and not measured, so that every engine is measured with its code compiled by the JIT. */
  warmup: FilterState[];
  measured: FilterState[];
  /** The values of each list facet, so that other mixes can be drawn (bench/http-filter.ts draws distinct states). */
  values?: Record<string, string[]>;
}

export interface WorkerReport {
  skipped?: string;
  buildMs: number;
  /** Peak resident memory of the process: catalog, index and queries together. */
  peakRssMb: number;
  latencies: number[];
  answers: Answer[];
  /** Per measured query, why it is left out of the cross-check (null when it is not). */
  unsupported: (string | null)[];
  /** In `sample` mode: the queries of the mix answered before the budget ran out (all of them when it did not). */
  answered?: number;
  /**
   * Per measured query, the median of {@link REPEATS} more passes over the whole mix (ours only): a query's own cost,
   * which a pause of the process (the scheduler of a busy machine, a collection) does not decide, as it does a single
   * latency.
   */
  repeated?: number[];
}

/** Passes over the mix after the measured one, for `repeated`. */
const REPEATS = 5;

const [engineName, catalogPath, budgetText, queriesPath, reportPath, mode = 'all'] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string?,
];
const budgetMs = Number(budgetText) * 1000;
const report = (fields: Partial<WorkerReport>): never => {
  writeFileSync(reportPath, JSON.stringify({ peakRssMb: (process.resourceUsage().maxRSS * 1024) / 1e6, ...fields }));
  process.exit(0);
};
const factory = factories[engineName] ?? report({ skipped: `no adapter named ${engineName}` });

const config = defaultFacetConfig();
/**
 * The adapter and its build time; the catalog is this function's own, so that it can be collected once no adapter holds
 * it.
 */
async function buildAdapter(): Promise<{ adapter: BenchAdapter; buildMs: number }> {
  const catalog = (await new CatalogFile(catalogPath).read())!;
  const buildStart = performance.now();
  const built = await factory(catalog, config);
  return { adapter: built, buildMs: built.buildMs ?? performance.now() - buildStart };
}
const { adapter, buildMs } = await buildAdapter();
// What the adapter no longer holds (our detached engine keeps no catalog) goes before the clock starts.
(globalThis as { gc?: () => void }).gc?.();

let mix: QueryMix;
if (adapter.schema) {
  // Warm-up draws other queries than the measured ones, so that no engine is measured on answers it has cached.
  const values = Object.fromEntries(
    adapter.schema.facets.flatMap((facet) => (facet.values ? [[facet.name, [...facet.values]]] : [])),
  );
  mix = { warmup: benchmarkQueries(adapter.schema, 200, 7), measured: benchmarkQueries(adapter.schema), values };
  writeFileSync(queriesPath, JSON.stringify(mix));
} else {
  mix = JSON.parse(readFileSync(queriesPath, 'utf8')) as QueryMix;
}

const started = performance.now();
for (const state of mix.warmup) {
  adapter.query(state);
  if (performance.now() - started > budgetMs * WARMUP_SHARE) break;
}
const latencies: number[] = [];
const answers: Answer[] = [];
const measuring = performance.now();
for (const state of mix.measured) {
  const queryStart = performance.now();
  const result = adapter.query(state);
  latencies.push(performance.now() - queryStart);
  answers.push(adapter.answer(result));
  const projected = ((performance.now() - measuring) / latencies.length) * mix.measured.length;
  if (mode === 'sample' && performance.now() - measuring > budgetMs) break;
  if (mode !== 'sample' && latencies.length >= 3 && projected > budgetMs) {
    const median = [...latencies].sort((a, b) => a - b)[latencies.length >> 1]!;
    report({
      skipped: `over the ${budgetText} s query budget: ${(projected / 1000).toFixed(0)} s projected for ${mix.measured.length} queries (median ${median.toFixed(0)} ms of the first ${latencies.length}); built in ${(buildMs / 1000).toFixed(1)} s`,
    });
  }
}
let repeated: number[] | undefined;
if (engineName.startsWith('ours')) {
  const passes = mix.measured.map(() => [] as number[]);
  for (let pass = 0; pass < REPEATS; pass++) {
    mix.measured.forEach((state, index) => {
      const queryStart = performance.now();
      adapter.query(state);
      passes[index]!.push(performance.now() - queryStart);
    });
  }
  repeated = passes.map((times) => times.sort((a, b) => a - b)[times.length >> 1]!);
}
report({
  buildMs,
  latencies,
  answers,
  answered: answers.length,
  unsupported: mix.measured.slice(0, answers.length).map((state) => adapter.unsupported?.(state) ?? null),
  ...(repeated ? { repeated } : {}),
});
