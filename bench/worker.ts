/**
 * Runs ONE engine in its own process (so build time and RSS are its own) and prints a JSON report on stdout:
 * build time, RSS, per-query latency, and each query's found + counts for the parent to cross-check.
 * Usage: node --import tsx bench/worker.ts <engine> <catalog-file> <budget-seconds>
 */
import { CatalogFile } from '../server/store/catalog-file.js';
import { defaultFacetConfig } from '../server/facets/config.js';
import { FacetEngine } from '../server/facets/engine.js';
import { benchmarkQueries } from './queries.js';
import { bruteForce } from './engines/naive-scan.js';

const [engineName, catalogPath, budgetText] = process.argv.slice(2) as [string, string, string];
const budgetMs = Number(budgetText) * 1000;
const catalog = (await new CatalogFile(catalogPath).read())!;
const config = defaultFacetConfig();
// The query mix is drawn from our engine's schema, so every engine gets the very same queries.
const reference = FacetEngine.build(catalog, config);
const queries = benchmarkQueries(reference.schema);
const loadedRss = process.memoryUsage().rss;

type Answer = { found: number; counts: Record<string, Record<string, number>> };
let run: (index: number) => Answer;
const buildStart = performance.now();
if (engineName === 'ours') {
  const engine = FacetEngine.build(catalog, config);
  run = (index) => {
    const result = engine.query(queries[index]!);
    const counts: Answer['counts'] = {};
    for (const facet of result.facets) {
      if (facet.kind === 'list') counts[facet.definition.name] = Object.fromEntries(facet.values.map((info, value) => [info.value, facet.counts[value]!]).filter(([, count]) => count !== 0));
    }
    return { found: result.found, counts };
  };
} else if (engineName === 'naive') {
  run = (index) => bruteForce(catalog, config, queries[index]!, undefined, config.per_page);
} else {
  process.stdout.write(JSON.stringify({ skipped: `no adapter for ${engineName} yet` }));
  process.exit(0);
}
const buildMs = performance.now() - buildStart;

const latencies: number[] = [];
const answers: Answer[] = [];
const started = performance.now();
for (let index = 0; index < queries.length; index++) {
  const queryStart = performance.now();
  answers.push(run(index));
  latencies.push(performance.now() - queryStart);
  if (performance.now() - started > budgetMs) {
    process.stdout.write(JSON.stringify({ skipped: `over the ${budgetText} s budget after ${index + 1} queries` }));
    process.exit(0);
  }
}
process.stdout.write(JSON.stringify({ buildMs, rssMb: process.memoryUsage().rss / 1e6, loadedRssMb: loadedRss / 1e6, latencies, answers }));
