/**
 * The tables and verdicts of bench/http-filter.ts: one table of single-connection rows from both clients (each row's
 * p50 against its own client's no-op of the same run), the first requests after a start and after a quiet spell, and
 * the 50-connection rows with the p99 of each 5-second window.
 */
import type { FirstRequests, Row } from './fetch-client.js';

export interface HttpFilterFigures {
  /** One connection through a bare node:http agent: the no-op first, never-asked second, its floor, the mix, … */
  single: Row[];
  /** One connection through fetch: the no-op, never-asked states, the mix. */
  viaFetch: Row[];
  /** 50 connections: autocannon's no-op and mix, then fetch's. */
  crowd: Row[];
  /** 50 connections through fetch from the server's start, states never asked. */
  startCrowd: Row;
  /** After the start, after a quiet spell. */
  firsts: FirstRequests[];
}

const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}x`;
const worstToBest = (windows: number[]) => Math.max(...windows) / Math.min(...windows);

export function printHttpFilter(size: number, figures: HttpFilterFigures): void {
  const { single, viaFetch, crowd, startCrowd, firsts } = figures;
  const bareNoop = single[0]!.p50 || 1;
  const fetchNoop = viaFetch[0]!.p50 || 1;
  console.log(`\n#### /filter end to end, ${size.toLocaleString('en')} products (server process; p50 and p99 in ms)\n`);
  console.log(
    "| request | client | p50 | p99 | requests/s | errors | non-2xx | p50 vs its client's no-op |\n|---|---|---|---|---|---|---|---|",
  );
  for (const row of [...single, ...viaFetch]) {
    const base = row.client === 'fetch' ? fetchNoop : bareNoop;
    console.log(
      `| ${row.label} | ${row.client} | ${row.p50} | ${row.p99} | ${Math.round(row.rps)} | ${row.errors} | ${row.non2xx} | ${ratio(row.p50, base)} |`,
    );
  }
  const steady = viaFetch[1]!;
  console.log(
    `\nFirst requests (fetch, one after another), against the steady never-asked p50 through fetch (${steady.p50} ms):\n\n| moment | first | p50 | slowest | p50 vs steady |\n|---|---|---|---|---|`,
  );
  for (const first of firsts)
    console.log(`| ${first.label} | ${first.first} | ${first.p50} | ${first.max} | ${ratio(first.p50, steady.p50)} |`);
  console.log(
    `\n50 connections, 30 s as six 5-second windows:\n\n| request | client | requests/s | vs its client's no-op | errors | non-2xx | p99 of each window (ms) | worst / best window |\n|---|---|---|---|---|---|---|---|`,
  );
  const crowdNoop = (client: Row['client']) => crowd.find((row) => row.client === client)!.rps;
  for (const row of [...crowd, startCrowd]) {
    const windows = row.windows!;
    console.log(
      `| ${row.label} | ${row.client} | ${Math.round(row.rps)} | ${ratio(row.rps, crowdNoop(row.client))} | ${row.errors} | ${row.non2xx} | ${windows.join(', ')} | ${worstToBest(windows).toFixed(2)}x |`,
    );
  }
  const [, cold, floor, post, , revalidated] = single;
  const neverAskedViaFetch = viaFetch[1]!;
  const filterCrowds = [crowd[1]!, crowd[3]!, startCrowd];
  const verdict = (label: string, met: boolean) => `- ${label}: ${met ? 'MET' : 'NOT MET'}`;
  const lines = [
    '',
    `Targets at ${size.toLocaleString('en')} products:`,
    size >= 1_000_000
      ? verdict(
          `POST /filter, states never asked before, p50 within 3 ms through fetch (${neverAskedViaFetch.p50} ms)`,
          neverAskedViaFetch.p50 <= 3,
        )
      : verdict(
          `POST /filter, states never asked before, p50 within 1.5 ms at the server (${cold!.p50} ms through a bare client; its floor ${floor!.p50} ms) ` +
            `and within 3x the no-op through fetch (${ratio(neverAskedViaFetch.p50, fetchNoop)})`,
          cold!.p50 <= 1.5 && neverAskedViaFetch.p50 <= 3 * fetchNoop,
        ),
    verdict(
      `POST /filter, the mix asked again, p50 within 3x the no-op (${ratio(post!.p50, bareNoop)}; through fetch ${ratio(viaFetch[2]!.p50, fetchNoop)})`,
      post!.p50 <= 3 * bareNoop && viaFetch[2]!.p50 <= 3 * fetchNoop,
    ),
    verdict(
      `at 50 connections, /filter throughput at least a fifth of the no-op's (${ratio(crowd[1]!.rps, crowd[0]!.rps)}; through fetch ${ratio(crowd[3]!.rps, crowd[2]!.rps)}), no errors`,
      crowd[1]!.rps * 5 >= crowd[0]!.rps && filterCrowds.every((row) => row.errors + row.non2xx === 0),
    ),
    verdict(
      `the p99 of every 5-second window within 1.5x the best one (${filterCrowds.map((row) => `${worstToBest(row.windows!).toFixed(2)}x`).join(', ')}: autocannon, fetch, fetch from the start)`,
      filterCrowds.every((row) => worstToBest(row.windows!) <= 1.5),
    ),
    verdict(
      `the first requests after a start and after a quiet spell within 1.5x the steady p50 (${firsts.map((first) => ratio(first.p50, steady.p50)).join(', ')})`,
      firsts.every((first) => first.p50 <= 1.5 * steady.p50),
    ),
    verdict(
      `a 304 costs at most twice a no-op (${ratio(revalidated!.p50, bareNoop)} at p50)`,
      revalidated!.p50 <= 2 * bareNoop,
    ),
  ];
  console.log(lines.join('\n'));
}
