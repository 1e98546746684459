/**
 * The requests a started server sends itself before it says it is ready (server/http/readiness.ts), so that the first
 * shoppers do not pay for what only the first requests pay: modules loaded on first use (the body parser, the
 * compressor), code compiled on its first call and optimised after its first hundreds, the catalog file's handle,
 * the translator of the shop's language. They go through the real stack over loopback, as a shopper's would, and
 * leave behind only answers kept for everyone: the listing's first pages in each sort order, which shoppers ask first,
 * and a few one-selection states, whose making runs the engine's selection, range and text paths.
 */

import type { QuerySchema } from '../client/facet-filter/query-state.js';

/** Pages of each sort order asked: enough calls of the filter and render paths for the compiler to optimise them. */
const PAGES_PER_ORDER = 8;
/**
 * The most a warm-up may delay readiness: on a machine too busy to finish it, a shop answering a little slower at
 * first is better than one kept out of its pool (a restart must still answer within seconds).
 */
const WARM_UP_BUDGET_MS = 1000;

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
 * Sends the warm-up requests one after another; a failing request is logged and skipped (the server is then ready
 * all the same: a warm-up must never keep a working shop out of its pool).
 *
 * @example await warmUp({ url: running.url, restRoot: '/wp-json', orderbyOptions: ['popularity', 'price'] })
 */
export async function warmUp(target: WarmUpTarget): Promise<void> {
  const filter = `${target.url}${target.restRoot}/facet/v1/filter`;
  const until = performance.now() + WARM_UP_BUDGET_MS;
  const send = async (address: string, init?: RequestInit) => {
    if (performance.now() > until) return;
    try {
      const response = await fetch(address, { redirect: 'manual', ...init });
      await response.arrayBuffer();
    } catch (error) {
      console.error(`[vitrine] warming up with ${address} failed: ${(error as Error).message}`);
    }
  };
  const ask = (query: Record<string, string>, encoding: string) =>
    send(filter, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
      body: JSON.stringify({ query }),
    });
  for (let page = 1; page <= PAGES_PER_ORDER; page++) {
    // After the first page of each order: within the budget even on a busy machine.
    if (page === 2) for (const state of target.states?.() ?? []) await ask(state, 'gzip, deflate');
    for (const orderby of target.orderbyOptions)
      await ask({ sf_orderby: orderby, sf_paged: String(page) }, page % 2 ? 'gzip' : 'br');
  }
  await send(`${filter}?sf_paged=2`);
  await send(`${target.url}/`, { headers: { 'accept-encoding': 'gzip, br' } });
}
