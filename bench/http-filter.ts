/**
 * `/facet/v1/filter` end to end on a real server process (engine, fragments, JSON, HTTP over loopback), against a
 * no-op request measured on the same server in the same run (bench/noop-extension.ts: the same middleware, no work),
 * driven by autocannon with the benchmark's query mix:
 * - one connection, 10 s each, timed request by request: the no-op; POST /filter for states never asked before (the
 *   server keeps the answers it made, server/facets/filter/filter-answers.ts: these are filtered and rendered every
 *   time); the least such a state can cost (bench/v1/filter-engine: the engine and the page's products, no answer
 *   made); POST /filter for the mix of 200 states asked again (as shoppers ask the same listings); GET /filter (the
 *   client keeps no copy); GET with the answer's ETag in If-None-Match (304); the shop's listing page (`/shop`, the
 *   widget in the page's chrome, for a visitor without cookies: their token in its forms) again, at states never asked,
 *   and revalidated by a returning visitor (304); and once the catalog is loaded (a cart asked for), never-asked states
 *   again (their products then read from memory instead of the catalog file);
 * - 50 connections, 30 s each, as six 5-second windows: the no-op and POST /filter; throughput, errors, and the p99 of
 *   every window against the best one.
 * The server runs on the data folder of bench/start-time.ts (catalog and index snapshot), in its own process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { toQueryString, type FilterState, type QuerySchema } from '../client/facet-filter/query-state.js';
import { benchmarkQueries } from './queries.js';
import { defaultFacetConfig } from '../server/facets/config.js';
import type { QueryMix } from './worker.js';
import { fetchLoad, firstRequests, quantile, warmFetchClient, type Request, type Row } from './fetch-client.js';
import { printHttpFilter } from './http-filter-report.js';
import { compiledModule } from '../bin/server-build.js';
import { SERVER_NODE_FLAGS } from '../bin/server-flags.js';

const ROOT = path.join(import.meta.dirname, '..');
const FILTER = '/wp-json/facet/v1/filter';
export const NOOP = '/wp-json/bench/v1/noop';
const ENGINE_ONLY = '/wp-json/bench/v1/filter-engine';

/**
 * A server process on `dataDir` with the benchmark's baselines (bench/noop-extension.ts), on a free port: this
 * checkout's, or another checkout's at `root` (compiled by that checkout's own build, with its own baselines).
 */
export async function startServer(dataDir: string, root = ROOT): Promise<{ child: ChildProcess; url: string }> {
  const build: { compiledModule(module: string): Promise<string> } =
    root === ROOT ? { compiledModule } : await import(pathToFileURL(path.join(root, 'bin', 'server-build.js')).href);
  const cli = await build.compiledModule('server/cli.ts');
  const env = { ...process.env, VITRINE_EXTENSIONS: path.join(root, 'bench', 'noop-extension.ts') };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, cli, 'serve', '--port', '0', '--data', dataDir], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk) => {
      seen += chunk;
      const match = /serving (http:\/\/\S+?)\/? /.exec(seen);
      if (match) resolve({ child, url: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`The server exited (${code}) before it was ready: ${seen}`)));
  });
}

/**
 * The codec schema of the default configuration, with the values the engines bench saw: enough to write states as
 * canonical query strings and to draw new ones.
 */
export function benchSchema(values: Record<string, string[]> = {}): QuerySchema {
  const config = defaultFacetConfig();
  return {
    facets: config.facets.map((facet) =>
      facet.type === 'range'
        ? { name: facet.name, kind: 'range' as const }
        : {
            name: facet.name,
            kind: 'list' as const,
            ...(values[facet.name] ? { values: new Set(values[facet.name]) } : {}),
          },
    ),
    orderbyOptions: config.orderby_options,
    defaultOrderby: config.default_orderby,
  };
}

export const postOf = (state: FilterState, schema: QuerySchema): Request => ({
  method: 'POST',
  path: FILTER,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: Object.fromEntries(new URLSearchParams(toQueryString(state, schema))) }),
});

/** The mix's GET addresses as the server canonicalises them (a page past the last redirects), with their ETags. */
async function getRequests(url: string, mix: QueryMix): Promise<{ fresh: Request[]; revalidating: Request[] }> {
  const schema = benchSchema();
  const fresh: Request[] = [];
  const revalidating: Request[] = [];
  for (const state of mix.measured) {
    const query = toQueryString(state, schema);
    let address = query ? `${FILTER}?${query}` : FILTER;
    let response = await fetch(`${url}${address}`, { redirect: 'manual' });
    if (response.status === 301) {
      address = response.headers.get('location')!;
      response = await fetch(`${url}${address}`);
    }
    await response.arrayBuffer();
    fresh.push({ method: 'GET', path: address });
    revalidating.push({ method: 'GET', path: address, headers: { 'if-none-match': response.headers.get('etag')! } });
  }
  return { fresh, revalidating };
}

/** autocannon with `connections`, as `windows` consecutive runs of equal length (their p99s kept apart). */
async function load(
  url: string,
  label: string,
  requests: Request[],
  connections: number,
  seconds: number,
  windows = 1,
): Promise<Row> {
  const runs: autocannon.Result[] = [];
  for (let window = 0; window < windows; window++) {
    runs.push(
      await autocannon({
        url,
        connections,
        duration: seconds / windows,
        requests: requests.map((request) => ({ ...request })),
      }),
    );
  }
  const sum = (pick: (run: autocannon.Result) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const p99s = runs.map((run) => run.latency.p99);
  return {
    label,
    client: 'autocannon',
    connections,
    p50: runs[0]!.latency.p50,
    p99: Math.max(...p99s),
    rps: sum((run) => run.requests.average) / runs.length,
    errors: sum((run) => run.errors),
    non2xx: sum((run) => run.non2xx),
    ...(windows > 1 ? { windows: p99s } : {}),
  };
}

/**
 * A request of the bare client's rows, with one sent just before it and not timed (a shopper's previous click); with
 * `holdsFacets`, the timed request names the facets form of that one's answer as held (`&facets_etag=`), as the
 * widget does on a page turn.
 */
type TimedRequest = Request & { after?: Request; holdsFacets?: boolean };

/**
 * One connection, requests one after another for `seconds`, each timed with performance.now(): autocannon rounds
 * latencies to whole milliseconds, too coarse for a request that takes a fraction of one.
 */
async function sequential(url: string, label: string, requests: TimedRequest[], seconds: number): Promise<Row> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const send = (request: Request, keepBody = false) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = http.request(
        `${url}${request.path}`,
        { method: request.method, headers: request.headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => keepBody && chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  const until = performance.now() + seconds * 1000;
  for (let index = 0; performance.now() < until; index++) {
    let request: Request = requests[index % requests.length]!;
    const { after, holdsFacets } = requests[index % requests.length]!;
    if (after) {
      const previous = await send(after, holdsFacets).catch(() => (errors++, null));
      if (holdsFacets && previous?.status === 200) {
        const { facets_etag: tag } = JSON.parse(previous.body) as { facets_etag: string };
        request = { ...request, path: `${request.path}&facets_etag=${tag}` };
      }
    }
    const started = performance.now();
    try {
      const { status } = await send(request);
      if (status >= 400 || (status >= 300 && status !== 304)) non2xx++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - started);
  }
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    label,
    client: 'node:http',
    connections: 1,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    rps: latencies.length / seconds,
    errors,
    non2xx,
  };
}

/**
 * Seconds the server is left idle before the "after a quiet spell" requests. The bench runs without V8's memory
 * reducer too (`npm run bench`), as the server does (bin/server-flags.js): the client shrinking its own heap in the
 * quiet would be timed as the server's slowness.
 */
const QUIET_SECONDS = 30;

/**
 * Measures `/filter` and its baselines on a server process over the catalog of `size` products, and prints the
 * tables and the verdicts on the targets (bench/http-filter-report.ts).
 */
export async function measureHttpFilter(size: number, cacheFolder: string): Promise<void> {
  const dataDir = path.join(cacheFolder, `data-${size}`);
  const queriesFile = path.join(cacheFolder, `queries-${size}-variations.json`);
  if (!existsSync(dataDir) || !existsSync(queriesFile)) {
    console.log(
      `\n(HTTP figures at ${size.toLocaleString('en')} products need the data folder and the query mix of the facets section.)`,
    );
    return;
  }
  const mix = JSON.parse(readFileSync(queriesFile, 'utf8')) as QueryMix;
  // Before the server starts, so that the two do not share the processor.
  await warmFetchClient();
  const { child, url } = await startServer(dataDir);
  try {
    const noop: Request[] = [{ method: 'GET', path: NOOP }];
    const schema = benchSchema(mix.values);
    const posts = mix.measured.map((state) => postOf(state, schema));
    // States never asked before (the server keeps answers: these cost filtering and rendering every time), each seed
    // its own, so that no row finds another's answers kept or the page's products read.
    const neverAsked = (count: number, seed: number) =>
      benchmarkQueries(schema, count, seed).map((state) => postOf(state, schema));
    // As a load balancer does before sending shoppers (server/http/readiness.ts; a server without the check answers
    // 404).
    while ((await fetch(`${url}/readyz`).then((response) => response.status)) === 503)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // The first requests after the start, as the first shoppers send them: before anything else warmed the server.
    const afterStart = await firstRequests(
      url,
      'the first 50 never-asked POST /filter after the start (the server says it is serving, /readyz 200)',
      neverAsked(50, 90),
      50,
    );
    const startCrowd = await fetchLoad(
      url,
      'POST /filter, never-asked states, from the start',
      neverAsked(40_000, 91),
      {
        connections: 50,
        seconds: 30,
        windows: 6,
      },
    );
    const unseenHalves = neverAsked(20_000, 99);
    const unseen = unseenHalves.slice(0, 10_000);
    const engineOnly = unseenHalves.slice(10_000).map((request) => ({ ...request, path: ENGINE_ONLY }));
    const { fresh, revalidating } = await getRequests(url, mix);
    const listing: Request[] = [{ method: 'GET', path: '/shop' }];
    // One returning visitor (their cookie), whose browser revalidates its copy of the listing.
    const visitorCookie = `vitrine_visitor=${'v'.repeat(43)}`;
    const listingTag = (await fetch(`${url}/shop`, { headers: { cookie: visitorCookie } })).headers.get('etag')!;
    const listingRevalidated: Request[] = [
      { method: 'GET', path: '/shop', headers: { cookie: visitorCookie, 'if-none-match': listingTag } },
    ];
    // First pages: a page past the last of a narrow listing would be answered by a redirect, not a page.
    const unseenListings = benchmarkQueries(schema, 5_000, 7).map(
      (state): Request => ({ method: 'GET', path: `/shop?${toQueryString({ ...state, page: 1 }, schema)}` }),
    );
    // A shopper's click after a selection: the same selections sorted otherwise (always another answer, where a next
    // page may be clamped back to the one asked).
    const resorted = benchmarkQueries(schema, 10_000, 94).map((state): TimedRequest => {
      const other = schema.orderbyOptions.find((orderby) => orderby !== state.orderby)!;
      return { ...postOf({ ...state, orderby: other }, schema), after: postOf(state, schema) };
    });
    // A shopper's next page after the first of a state (one selection at most, no text: a state of many pages), as the
    // widget asks it, whole and with its facets form held.
    const nextPages = (seed: number, holdsFacets: boolean) =>
      benchmarkQueries(schema, 10_000, seed)
        .filter((state) => Object.keys(state.values).length <= 1 && !state.q && !state.ranges.price)
        .map((state): TimedRequest => {
          const address = (page: number) => `${FILTER}?${toQueryString({ ...state, page }, schema)}`;
          return { method: 'GET', path: address(2), after: { method: 'GET', path: address(1) }, holdsFacets };
        });
    // One pass over the mix first: JIT, and the products the pages show read once.
    for (const requests of [noop, posts, fresh, listing])
      await autocannon({ url, connections: 1, amount: requests.length * 2, requests });
    const single = [
      await sequential(url, 'no-op (GET bench/v1/noop)', noop, 10),
      await sequential(url, 'POST /filter, states never asked before', unseen, 10),
      await sequential(url, "(their floor: the engine and the page's products, no answer)", engineOnly, 10),
      await sequential(url, 'POST /filter, the mix of 200 states again', posts, 10),
      await sequential(url, 'GET /filter, the mix again (200)', fresh, 10),
      await sequential(url, 'GET /filter with If-None-Match (304)', revalidating, 10),
      await sequential(url, 'GET /shop, the listing page again', listing, 10),
      await sequential(url, 'GET /shop?sf_…, listing pages never asked before', unseenListings, 10),
      await sequential(url, 'GET /shop revalidated by its visitor (304)', listingRevalidated, 10),
      await sequential(
        url,
        'POST /filter, a state never asked before, just after the same selections in another sort order',
        resorted,
        10,
      ),
      await sequential(
        url,
        'GET /filter, the second page of a state just after its first, whole',
        nextPages(92, false),
        10,
      ),
      await sequential(
        url,
        'GET /filter, the same with the facets form held (facets_etag): the answer leaves it out',
        nextPages(93, true),
        10,
      ),
    ];
    const viaFetch = [
      await fetchLoad(url, 'no-op (GET bench/v1/noop)', noop, { seconds: 10 }),
      await fetchLoad(url, 'POST /filter, states never asked before', neverAsked(10_000, 95), { seconds: 10 }),
      await fetchLoad(url, 'POST /filter, the mix of 200 states again', posts, { seconds: 10 }),
    ];
    const crowd = [
      await load(url, 'no-op', noop, 50, 30, 6),
      await load(url, 'POST /filter, the mix', posts, 50, 30, 6),
      await fetchLoad(url, 'no-op', noop, { connections: 50, seconds: 30, windows: 6 }),
      await fetchLoad(url, 'POST /filter, the mix', posts, { connections: 50, seconds: 30, windows: 6 }),
    ];
    await new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1000));
    const afterQuiet = await firstRequests(
      url,
      `the first 50 never-asked POST /filter after ${QUIET_SECONDS} s without requests`,
      neverAsked(50, 96),
      50,
    );
    // No row above loads the catalog (the widget reads its products by id): a shop's first cart does. Last, since a
    // loaded catalog's heap changes how the server collects garbage under the crowd.
    const cart = await fetch(`${url}/cart`);
    if (cart.status !== 200) throw new Error(`GET /cart answered ${cart.status}`);
    await cart.arrayBuffer();
    single.push(
      await sequential(
        url,
        'POST /filter, states never asked before, the catalog loaded (after a cart)',
        neverAsked(10_000, 98),
        10,
      ),
    );
    printHttpFilter(size, { single, viaFetch, crowd, startCrowd, firsts: [afterStart, afterQuiet] });
  } finally {
    child.kill('SIGTERM');
  }
}
