/**
 * What making a never-asked `/filter` answer costs beyond the engine, in process: the four fragments of states never
 * asked before (the benchmark's query generator, on the data folder of bench/start-time.ts) rendered and serialized
 * as `/filter` does, in CPU time per answer, by fragment and whole. With `--against <checkout>` (another checkout
 * of Vitrine, its node_modules linked), the same outcomes are rendered by both in alternating chunks, their output
 * compared byte for byte, and the ratio printed: a before/after that a loaded machine's drift does not decide.
 *
 * node --import tsx bench/render-fragments.ts [--size 100000] [--states 400] [--rounds 12] [--against /tmp/old]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toQueryString } from '../client/facet-filter/query-state.js';
import { lowestPriceNotes } from '../server/catalog/lowest-price.js';
import { productDisplay } from '../server/catalog/product-display.js';
import { FacetService, type FilterOutcome } from '../server/facets/facet-service.js';
import * as fragments from '../server/facets/fragments/index.js';
import type { FragmentContext } from '../server/facets/fragments/index.js';
import { jsonBytes } from '../server/http/json-bytes.js';
import { openLowdbStore } from '../server/store/lowdb/lowdb-store.js';
import { benchSchema } from './http-filter.js';
import { benchmarkQueries } from './queries.js';
import type { QueryMix } from './worker.js';

type Fragments = typeof fragments;

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    states: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '12' },
    against: { type: 'string' },
  },
});
const cache = path.join(import.meta.dirname, '.cache');
const dataDir = path.join(cache, `data-${flags.size}`);
const queriesFile = path.join(cache, `queries-${flags.size}-variations.json`);
if (!existsSync(dataDir) || !existsSync(queriesFile))
  throw new Error(`Run npm run bench -- --section facets --sizes ${flags.size} first (${dataDir}, ${queriesFile}).`);

const store = await openLowdbStore(dataDir, { watch: false, lazyCatalog: true });
const facets = new FacetService(store);
await facets.ready();
const schema = benchSchema((JSON.parse(readFileSync(queriesFile, 'utf8')) as QueryMix).values);
const made: Array<{ outcome: FilterOutcome; context: FragmentContext }> = [];
for (const state of benchmarkQueries(schema, Number(flags.states), 31)) {
  const query = Object.fromEntries(new URLSearchParams(toQueryString(state, schema)));
  const outcome = { ...(await facets.answer(query, {})), searches: undefined };
  const lowestPrices = await lowestPriceNotes(store, outcome.result.products);
  made.push({ outcome, context: { basePath: '', ...productDisplay(store), lowestPrices, cartToken: '' } });
}

const whole = (renderer: Fragments) => async (index: number) =>
  jsonBytes(await renderer.renderFragments(made[index]!.outcome, made[index]!.context));
const part = (template: (outcome: FilterOutcome, context: FragmentContext) => { value: string }) => (index: number) =>
  template(made[index]!.outcome, made[index]!.context).value;

/** CPU milliseconds per answer of each measure, rounds alternating the order, the first round left out (warm-up). */
async function measure(measures: Record<string, (index: number) => unknown>): Promise<Record<string, number>> {
  const chunk = 50;
  const rounds = Number(flags.rounds);
  const spent: Record<string, number> = Object.fromEntries(Object.keys(measures).map((name) => [name, 0]));
  for (let round = 0; round < rounds; round++) {
    for (let start = 0; start < made.length; start += chunk) {
      const names = Object.keys(measures);
      if ((round + start / chunk) % 2) names.reverse();
      for (const name of names) {
        const before = process.cpuUsage();
        for (let index = start; index < Math.min(start + chunk, made.length); index++) await measures[name]!(index);
        const used = process.cpuUsage(before);
        if (round > 0) spent[name]! += used.user + used.system;
      }
    }
  }
  return Object.fromEntries(
    Object.entries(spent).map(([name, micros]) => [name, micros / 1000 / ((rounds - 1) * made.length)]),
  );
}

const format = (results: Record<string, number>) =>
  Object.entries(results)
    .map(([name, ms]) => `${name} ${ms.toFixed(3)} ms`)
    .join(', ');

console.log(`${made.length} never-asked states at ${flags.size} products, CPU per answer:`);
console.log(
  format(
    await measure({
      facets: part(fragments.facetsTemplate),
      toolbar: part(fragments.toolbarTemplate),
      results: part(fragments.resultsTemplate),
      pagination: part(fragments.paginationTemplate),
      'all four as JSON': whole(fragments),
    }),
  ),
);
if (flags.against) {
  const other = (await import(path.resolve(flags.against, 'server/facets/fragments/index.ts'))) as Fragments;
  let differ = 0;
  for (let index = 0; index < made.length; index++)
    if (!(await whole(fragments)(index)).equals(await whole(other)(index))) differ++;
  console.log(`answers differing from ${flags.against}: ${differ} of ${made.length}`);
  const results = await measure({ this: whole(fragments), [flags.against]: whole(other) });
  console.log(`${format(results)}: ratio ${(results.this! / results[flags.against]!).toFixed(3)}`);
}
await store.close();
