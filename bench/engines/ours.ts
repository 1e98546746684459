/** Our engine, as the benchmark drives it. */
import { FacetEngine, type FacetQueryResult } from '../../server/facets/engine.js';
import type { AdapterFactory, Answer } from './adapter.js';

export const createOurs: AdapterFactory = (catalog, config) => {
  const engine = FacetEngine.build(catalog, config);
  return {
    schema: engine.schema,
    query: (state) => engine.query(state),
    answer: (result: FacetQueryResult): Answer => {
      const counts: Answer['counts'] = {};
      for (const facet of result.facets) {
        if (facet.kind !== 'list') continue;
        counts[facet.definition.name] = Object.fromEntries(facet.values.map((info, value) => [info.value, facet.counts[value]!]).filter(([, count]) => count !== 0));
      }
      return { found: result.found, counts };
    },
  };
};
