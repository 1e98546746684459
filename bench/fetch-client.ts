/**
 * The HTTP bench's requests sent the way a plain Node program sends them: the global `fetch` (undici) with its
 * keep-alive pool and its default headers (it asks for gzip, so a large answer is compressed on the way, as for a
 * browser). autocannon (bench/http-filter.ts) measures the server with as little client as possible; this measures
 * what a caller meets. Latencies are timed with performance.now(), from the call to the last byte of the body.
 */

import http from 'node:http';
import { gzipSync } from 'node:zlib';

export type Request = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

export interface Row {
  label: string;
  /** Which client measured it: autocannon, a bare node:http agent (one connection, no compression asked), or Node's fetch. */
  client: 'autocannon' | 'node:http' | 'fetch';
  connections: number;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
  /** The p99 of each consecutive window, when the run was cut into windows. */
  windows?: number[];
}

/** The value at quantile `q` of ascending `sorted`, rounded to hundredths of a millisecond. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2));
}

/** One request through fetch, its body read whole: its time in ms and whether it failed or answered other than 2xx/304. */
export async function timedFetch(
  url: string,
  request: Request,
): Promise<{ ms: number; outcome: 'ok' | 'non2xx' | 'error' }> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
    });
    await response.arrayBuffer();
    const ok = response.status < 300 || response.status === 304;
    return { ms: performance.now() - started, outcome: ok ? 'ok' : 'non2xx' };
  } catch {
    return { ms: performance.now() - started, outcome: 'error' };
  }
}

/**
 * `connections` loops, each sending `requests` in turn (each loop from its own offset) one after another, for
 * `seconds`, the latencies kept apart per window of `seconds / windows`.
 */
export async function fetchLoad(
  url: string,
  label: string,
  requests: readonly Request[],
  { connections = 1, seconds, windows = 1 }: { connections?: number; seconds: number; windows?: number },
): Promise<Row> {
  const started = performance.now();
  const windowMs = (seconds * 1000) / windows;
  const latencies: number[][] = Array.from({ length: windows }, () => []);
  let errors = 0;
  let non2xx = 0;
  let next = 0;
  const loop = async () => {
    for (;;) {
      const sent = performance.now();
      const window = Math.floor((sent - started) / windowMs);
      if (window >= windows) return;
      const { ms, outcome } = await timedFetch(url, requests[next++ % requests.length]!);
      if (outcome === 'error') errors++;
      else if (outcome === 'non2xx') non2xx++;
      latencies[window]!.push(ms);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const sortedAll = latencies.flat().sort((a, b) => a - b);
  const p99s = latencies.map((window) =>
    quantile(
      window.sort((a, b) => a - b),
      0.99,
    ),
  );
  return {
    label,
    client: 'fetch',
    connections,
    p50: quantile(sortedAll, 0.5),
    p99: quantile(sortedAll, 0.99),
    rps: sortedAll.length / seconds,
    errors,
    non2xx,
    ...(windows > 1 ? { windows: p99s } : {}),
  };
}

export interface FirstRequests {
  label: string;
  /** The first request's time, then the p50 and the slowest of the `count` first, in ms. */
  first: number;
  p50: number;
  max: number;
}

/**
 * The first `count` requests sent one after another at a moment of interest (just after a start, or after a quiet
 * spell), to be read against the steady p50 of the same requests.
 */
export async function firstRequests(
  url: string,
  label: string,
  requests: readonly Request[],
  count: number,
): Promise<FirstRequests> {
  const times: number[] = [];
  for (let index = 0; index < count; index++)
    times.push((await timedFetch(url, requests[index % requests.length]!)).ms);
  const sorted = [...times].sort((a, b) => a - b);
  return { label, first: Number(times[0]!.toFixed(2)), p50: quantile(sorted, 0.5), max: quantile(sorted, 1) };
}

/**
 * Warms this process's `fetch` (its connection pool, body reading and gzip inflating, compiled on first use) against a
 * stand-in server of its own that answers every POST with `bytes` of JSON, gzipped: the first requests measured after
 * a server's start then time the server, not the client's own first calls. The measured server sees none of it.
 */
export async function warmFetchClient(requests = 300, bytes = 55_000): Promise<void> {
  const text = JSON.stringify({ html: '<li class="warm-up">a client warming itself</li>'.repeat(bytes / 48) });
  const body = gzipSync(text, { level: 1 });
  const standIn = http.createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(body),
    );
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as { port: number };
  try {
    for (let sent = 0; sent < requests; sent++)
      await timedFetch(`http://127.0.0.1:${port}`, {
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/json' },
        body: '{"query":{}}',
      });
  } finally {
    standIn.closeAllConnections();
    await new Promise((resolve) => standIn.close(resolve));
  }
}
