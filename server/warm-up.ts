/**
 * The requests a started server sends itself before it says it is ready (server/http/readiness.ts), so that the first
 * shoppers do not pay for what only the first requests pay: modules loaded on first use (the body parser, the
 * compressor), code compiled on its first call and optimised only after hundreds of varied calls, the catalog file's
 * handle, the translator of the shop's language, the products most pages show. They go through the real stack over
 * loopback, as a shopper's would: the listing's first pages in each sort order, which shoppers ask first, a few
 * one-selection states, whose making runs the engine's selection, range and text paths, then shopper-like states of
 * several selections, orders and pages, a few at a time, for as long as the budget allows.
 */
import http from 'node:http';
import type { QuerySchema } from '../client/facet-filter/query-state.js';
import { SeededRandom } from './catalog/seeded-random.js';

/** Pages of each sort order asked first. */
const PAGES_PER_ORDER = 8;
/**
 * Shopper-like states asked after the first pages. The first pages alone left the first seconds of a crowd after a
 * start twice as slow at p99 as the seconds after: the engine's counting, the fragments and the HTTP stack are
 * optimised only after about a thousand varied answers.
 */
const SHOPPER_STATES = 1000;
/** Shopper-like states asked at once: a few shoppers, as the first seconds of traffic bring. */
const SHOPPERS_AT_ONCE = 4;

export interface WarmUpTarget {
  /** The server's own address, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** The REST API's root path, e.g. `/wp-json`. */
  restRoot: string;
  /** The sort orders the widget offers. */
  orderbyOptions: readonly string[];
  /**
   * States with selections (see {@link selectionStates}), asked among the first pages: a shopper's first click
   * filters, which runs the engine's selection, range and text paths and renders counts the first pages never do.
   * Made only once the first pages are asked: choosing a text that finds something runs a search, which in a Polish
   * shop first reads the dictionary, and that must not hold up the server's first answers.
   */
  states?: () => readonly Record<string, string>[];
  /** Shopper-like states to ask after them (see {@link shopperStates}), from the index's schema. */
  shoppers?: (count: number) => readonly Record<string, string>[];
  /** The most the warm-up may take, in ms (`WARM_UP_SECONDS`). */
  budgetMs: number;
}

/**
 * A few filter states that select something, made from the index's schema: the first value of each list facet, a
 * lower bound on each range facet, and as search text the first of those values that the text search finds.
 * @param found how many products a query finds (the index in use)
 */
export function selectionStates(
  schema: QuerySchema,
  found: (query: Record<string, string>) => number,
): Record<string, string>[] {
  const firstValues = schema.facets.flatMap((facet) => {
    const value = facet.kind === 'list' && facet.values ? facet.values.values().next().value : undefined;
    return value === undefined ? [] : [[`sf_${facet.name}`, value] as const];
  });
  const states: Record<string, string>[] = firstValues.map(([name, value]) => ({ [name]: value }));
  for (const facet of schema.facets) if (facet.kind === 'range') states.push({ [`sf_${facet.name}`]: '1-' });
  const text = firstValues.map(([, value]) => ({ sf_q: value })).find((query) => found(query) > 0);
  if (text) states.push(text);
  return states;
}

/**
 * States as shoppers send them, from a fixed seed: 0-3 selected values of the list facets (some facets two), a bound on
 * a range facet, a search word taken from a value, another sort order, a later page. Made from the index's schema, so
 * every value exists and the codec keeps every selection.
 */
export function shopperStates(schema: QuerySchema, count: number, seed = 1): Record<string, string>[] {
  const random = new SeededRandom(seed);
  const lists = schema.facets.flatMap((facet) =>
    facet.kind === 'list' && facet.values && facet.values.size > 0
      ? [{ name: facet.name, values: [...facet.values] }]
      : [],
  );
  const ranges = schema.facets.filter((facet) => facet.kind === 'range');
  return Array.from({ length: count }, () => {
    const state: Record<string, string> = {};
    for (let selections = lists.length ? random.integer(0, 3) : 0; selections > 0; selections--) {
      const facet = random.pick(lists);
      const values = new Set([random.pick(facet.values), ...(random.chance(0.25) ? [random.pick(facet.values)] : [])]);
      state[`sf_${facet.name}`] = [...values].join(',');
    }
    if (ranges.length && random.chance(0.2)) {
      const low = random.integer(1, 50);
      state[`sf_${random.pick(ranges).name}`] = random.chance(0.5)
        ? `${low}-`
        : `${low}-${low + random.integer(10, 300)}`;
    }
    if (lists.length && random.chance(0.15)) state.sf_q = random.pick(random.pick(lists).values);
    if (random.chance(0.3)) state.sf_orderby = random.pick(schema.orderbyOptions);
    if (random.chance(0.3)) state.sf_paged = String(random.integer(2, 5));
    return state;
  });
}

/**
 * Sends the warm-up requests; a failing request is skipped and the failures are logged once at the end (the server is
 * then ready all the same: a warm-up must never keep a working shop out of its pool).
 *
 * @example await warmUp({ url: running.url, restRoot: '/wp-json', orderbyOptions: ['popularity', 'price'], budgetMs: 4000 })
 */
export async function warmUp(target: WarmUpTarget): Promise<void> {
  const filter = `${target.url}${target.restRoot}/facet/v1/filter`;
  const until = performance.now() + target.budgetMs;
  // node:http rather than fetch: the warm-up's client shares the server's process, and fetch's costs twice as much.
  const agent = new http.Agent({ keepAlive: true, maxSockets: SHOPPERS_AT_ONCE });
  const failures: string[] = [];
  const send = (address: string, options: http.RequestOptions = {}, body?: string) =>
    new Promise<void>((resolve) => {
      if (performance.now() > until) return resolve();
      const fail = (error: Error) => {
        failures.push(`${address}: ${error.message}`);
        resolve();
      };
      const request = http.request(address, { agent, ...options }, (response) => {
        response.on('error', fail).on('end', resolve).resume();
      });
      request.on('error', fail).end(body);
    });
  const ask = (query: Record<string, string>, encoding: string) => {
    const body = JSON.stringify({ query });
    return send(
      filter,
      { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': encoding } },
      body,
    );
  };
  const firstPages = async (pages: number) => {
    for (let page = 1; page <= pages; page++) {
      // After the first page of each order: within the budget even on a busy machine.
      if (page === 2) for (const state of target.states?.() ?? []) await ask(state, 'gzip, deflate');
      for (const orderby of target.orderbyOptions)
        await ask({ sf_orderby: orderby, sf_paged: String(page) }, page % 2 ? 'gzip' : 'br');
    }
  };
  try {
    await firstPages(PAGES_PER_ORDER);
    // Half as a widget asks (GET, the browser's encodings), half as a program does (POST).
    const shoppers = [...(target.shoppers?.(SHOPPER_STATES) ?? [])];
    let next = 0;
    const shopper = async () => {
      for (let at = next++; at < shoppers.length && performance.now() < until; at = next++) {
        if (at % 2) await ask(shoppers[at]!, 'gzip');
        else
          await send(`${filter}?${new URLSearchParams(shoppers[at]!)}`, {
            headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
          });
      }
    };
    await Promise.all(Array.from({ length: SHOPPERS_AT_ONCE }, shopper));
    // The listing's first page of each order again, so that the answers kept for everyone are those shoppers ask first.
    await firstPages(1);
    await send(`${filter}?sf_paged=2`);
    await send(`${target.url}/`, { headers: { 'accept-encoding': 'gzip, br' } });
  } finally {
    agent.destroy();
  }
  if (failures.length)
    console.error(`[vitrine] warming up: ${failures.length} request(s) failed, the first with ${failures[0]}`);
}
