/**
 * Load helpers of the store benchmark: autocannon with every response's latency kept (autocannon's own histogram
 * keeps whole milliseconds and only 2xx), the `vitrine` command, and small formatting helpers.
 */
import autocannon from 'autocannon';
import { vitrine } from '../test/server/support/processes.js';
import { percentile } from './report.js';

export interface Load {
  /** Responses received. */
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Responses per status code, plus `errors` (timeouts, resets). */
  statuses: Record<string, number>;
}

/** Runs autocannon and measures every response, whatever its status, with sub-millisecond latencies. */
export function load(options: autocannon.Options): Promise<Load> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const instance = autocannon({ timeout: 30, ...options }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      if (result.errors + result.timeouts > 0) statuses.errors = result.errors + result.timeouts;
      resolve({
        count: latencies.length,
        seconds: result.duration,
        perSecond: latencies.length / result.duration,
        p50: latencies.length ? percentile(latencies, 50) : NaN,
        p99: latencies.length ? percentile(latencies, 99) : NaN,
        statuses,
      });
    });
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

/** Responses whose status is not one of `expected`, as `429 x3, errors x1`, or '0'. */
export function unexpected(result: Load, expected: number[]): string {
  const others = Object.entries(result.statuses).filter(([status]) => !expected.includes(Number(status)));
  return others.length ? others.map(([status, count]) => `${status} x${count}`).join(', ') : '0';
}

/** Runs `vitrine ...args` and returns its stdout; throws with its stderr when it fails. */
export async function command(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const outcome = await vitrine(args, env);
  if (outcome.code !== 0)
    throw new Error(`vitrine ${args.slice(0, 2).join(' ')} exited with ${outcome.code}: ${outcome.stderr}`);
  return outcome.stdout;
}

export const ms = (value: number): string =>
  Number.isNaN(value) ? '–' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const rate = (value: number): string => (value < 100 ? value.toFixed(1) : String(Math.round(value)));
