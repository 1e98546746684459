// The warm-up asks a few states that select something (server/warm-up.ts), so that a restarted shop's first filtering
// clicks do not pay for compiling the selection, range and text paths: each must survive the filter's own parsing
// (a state the codec drops would warm the unfiltered listing again) and narrow the listing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFilterState } from '../../client/facet-filter/query-state.js';
import { generateSyntheticCatalogData } from '../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig } from '../../server/facets/config.js';
import { FacetEngine } from '../../server/facets/engine/engine.js';
import { selectionStates } from '../../server/warm-up.js';

describe('the warm-up states', () => {
  it('select a value of each list facet, a range of each range facet and a text, the lists and text narrowing the listing', () => {
    const engine = FacetEngine.build(generateSyntheticCatalogData({ products: 400, seed: 3 }), defaultFacetConfig());
    const { schema } = engine;
    const states = selectionStates(schema, (query) => engine.query(parseFilterState(query, schema)).found);
    const lists = schema.facets.filter((facet) => facet.kind === 'list' && facet.values?.size);
    const ranges = schema.facets.filter((facet) => facet.kind === 'range');
    assert.ok(lists.length >= 2 && ranges.length >= 1);
    assert.equal(states.length, lists.length + ranges.length + 1);
    const all = engine.query(parseFilterState({}, schema)).found;
    for (const query of states) {
      const state = parseFilterState(query, schema);
      const selected =
        Object.values(state.values).flat().length + Object.keys(state.ranges).length + (state.q === '' ? 0 : 1);
      assert.equal(selected, Object.keys(query).length, `${JSON.stringify(query)} is read as it was sent`);
      // A lower bound of 1 may keep every product: it is there to run the range path, not to narrow.
      if (Object.keys(state.ranges).length > 0) continue;
      const found = engine.query(state).found;
      assert.ok(found > 0 && found < all, `${JSON.stringify(query)} narrows the listing (${found} of ${all})`);
    }
  });
});
