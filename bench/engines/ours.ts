/**
 * Our engine, as the benchmark drives it. `ours` is held as the server holds it: the server restores the engine from
 * its snapshot, detached (products known by id), and keeps no catalog objects for it; so the worker builds the engine,
 * restores it from its snapshot and lets the catalog go before the queries. `ours-attached` keeps the engine as built,
 * with the catalog's objects alive beside it (about 1.1 GB at a million products, which the collector marks in steps
 * while queries run): the figure the benchmark gave before 2026-11-24.
 */
import { FacetEngine, type FacetQueryResult } from '../../server/facets/engine/engine.js';
import { engineSnapshot, restoreEngine, snapshotKey } from '../../server/facets/engine/engine-snapshot.js';
import type { AdapterFactory, Answer, BenchAdapter } from './adapter.js';

function adapterOf(engine: FacetEngine): BenchAdapter<FacetQueryResult> {
  return {
    schema: engine.schema,
    query: (state) => engine.query(state),
    answer: (result: FacetQueryResult): Answer => {
      const counts: Answer['counts'] = {};
      for (const facet of result.facets) {
        if (facet.kind !== 'list') continue;
        counts[facet.definition.name] = Object.fromEntries(
          facet.values.map((info, value) => [info.value, facet.counts[value]!]).filter(([, count]) => count !== 0),
        );
      }
      return { found: result.found, counts };
    },
  };
}

export const createOursAttached: AdapterFactory = (catalog, config) => adapterOf(FacetEngine.build(catalog, config));

export const createOurs: AdapterFactory = (catalog, config) => {
  const started = performance.now();
  const built = FacetEngine.build(catalog, config);
  const buildMs = performance.now() - started;
  const restored = restoreEngine(engineSnapshot(built, 'bench'), snapshotKey('bench', config));
  if (!('engine' in restored)) throw new Error(`The engine's own snapshot did not restore: ${restored.reason}.`);
  return { ...adapterOf(restored.engine), buildMs };
};
