/**
 * The benchmark's verdicts: the cross-check of every engine against ours, the table per catalog size, and the
 * engine's latency targets. Statistics of several runs of one engine are combined by their median, so that one run
 * disturbed by other work on the machine does not decide.
 */
import type { Answer } from './engines/adapter.js';
import type { WorkerReport } from './worker.js';

/** Per engine: the median of each statistic over its runs, or why it was skipped. */
export interface EngineSummary {
  skipped?: string;
  runs: number;
  buildMs: number;
  peakRssMb: number;
  p50: number;
  p95: number;
  p99: number;
  /** Of each query's median over repeated passes (worker.ts `repeated`), when measured. */
  repeatedP50?: number;
  repeatedP99?: number;
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export function summarize(reports: WorkerReport[]): EngineSummary {
  const measured = reports.filter((report) => !report.skipped);
  if (measured.length === 0)
    return {
      skipped: reports[0]?.skipped ?? 'not run',
      runs: 0,
      buildMs: NaN,
      peakRssMb: NaN,
      p50: NaN,
      p95: NaN,
      p99: NaN,
    };
  const statistic = (pick: (report: WorkerReport, sorted: number[]) => number): number =>
    median(
      measured.map((report) =>
        pick(
          report,
          [...report.latencies].sort((a, b) => a - b),
        ),
      ),
    );
  return {
    runs: measured.length,
    buildMs: statistic((report) => report.buildMs),
    peakRssMb: statistic((report) => report.peakRssMb),
    p50: statistic((_report, sorted) => percentile(sorted, 50)),
    p95: statistic((_report, sorted) => percentile(sorted, 95)),
    p99: statistic((_report, sorted) => percentile(sorted, 99)),
    ...(measured.every((report) => report.repeated)
      ? {
          repeatedP50: median(
            measured.map((report) =>
              percentile(
                [...report.repeated!].sort((a, b) => a - b),
                50,
              ),
            ),
          ),
          repeatedP99: median(
            measured.map((report) =>
              percentile(
                [...report.repeated!].sort((a, b) => a - b),
                99,
              ),
            ),
          ),
        }
      : {}),
  };
}

/** found + counts with keys sorted, so that engines listing values in different orders compare equal. */
const comparable = (answer: Answer): string =>
  JSON.stringify({ found: answer.found, counts: answer.counts }, (_key, value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );

/**
 * Compares an engine's answers with ours, query by query, leaving out the queries the engine declared it cannot
 * express. Returns lines to print: mismatches (which fail the run) and exclusions with their reasons.
 */
export function crossCheck(
  engine: string,
  report: WorkerReport,
  ours: WorkerReport,
): { mismatches: number[]; notes: string[] } {
  const mismatches: number[] = [];
  const excluded = new Map<string, number>();
  report.answers.forEach((answer, index) => {
    const reason = report.unsupported[index];
    if (reason) excluded.set(reason, (excluded.get(reason) ?? 0) + 1);
    else if (comparable(answer) !== comparable(ours.answers[index]!)) mismatches.push(index);
  });
  const checked = report.answers.length - [...excluded.values()].reduce((total, count) => total + count, 0);
  const notes = [
    `${engine}: agrees with ours on found and every count of ${checked - mismatches.length} of ${checked} queries checked`,
  ];
  for (const [reason, count] of excluded) notes.push(`${engine}: ${count} queries left out of the check: ${reason}`);
  return { mismatches, notes };
}

export function table(summaries: Map<string, EngineSummary>): string {
  const ours = summaries.get('ours');
  const lines = ['| engine | build | peak RSS | p50 | p95 | p99 | p50 vs ours |', '|---|---|---|---|---|---|---|'];
  for (const [engine, summary] of summaries) {
    if (summary.skipped) {
      lines.push(`| ${engine} | skipped (${summary.skipped}) | | | | | |`);
      continue;
    }
    const ratio = ours && !ours.skipped ? `${(summary.p50 / ours.p50).toFixed(1)}x` : '';
    lines.push(
      `| ${engine} | ${(summary.buildMs / 1000).toFixed(2)} s | ${Math.round(summary.peakRssMb)} MB | ${ms(summary.p50)} | ${ms(summary.p95)} | ${ms(summary.p99)} | ${ratio} |`,
    );
  }
  return lines.join('\n');
}

const ms = (value: number): string => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;

/** The latency targets for ours on the catalog with variable products, at the sizes that have one. */
export function targetLines(size: number, ours: EngineSummary | undefined): string[] {
  if (!ours || ours.skipped) return [`targets: not checked, our engine did not run (${ours?.skipped ?? 'missing'})`];
  const verdict = (label: string, met: boolean, actual: string): string =>
    `- ${label}: ${met ? 'MET' : 'NOT MET'} (${actual})`;
  const limits: Record<number, { p50: number; p99: number }> = {
    100000: { p50: 0.4, p99: 1.5 },
    1000000: { p50: 2, p99: 10 },
  };
  const limit = limits[size];
  if (!limit) return [];
  return [
    `Targets at ${size.toLocaleString('en')} products with variations (ours, median of ${ours.runs} runs):`,
    verdict(`p50 <= ${limit.p50} ms`, ours.p50 <= limit.p50, ms(ours.p50)),
    verdict(`p99 <= ${limit.p99} ms`, ours.p99 <= limit.p99, ms(ours.p99)),
    ...(ours.repeatedP99 === undefined
      ? []
      : [
          `- each query's own cost, the median of 5 more passes over the mix (a pause of the process, from the scheduler of a busy machine or a collection, moves one latency, not a median): p50 ${ms(ours.repeatedP50!)}, p99 ${ms(ours.repeatedP99)}`,
        ]),
  ];
}
