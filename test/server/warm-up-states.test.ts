// The warm-up asks a few states that select something, then shopper-like ones (server/warm-up.ts), so that a restarted
// shop's first filtering clicks do not pay for compiling the selection, range and text paths: each must survive the
// filter's own parsing (a state the codec drops would warm the unfiltered listing again), and the one-selection states
// must narrow the listing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFilterState } from '../../client/facet-filter/query-state.js';
import { generateSyntheticCatalogData } from '../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig } from '../../server/facets/config.js';
import { FacetEngine } from '../../server/facets/engine/engine.js';
import { selectionStates, shopperStates } from '../../server/warm-up.js';

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

  it('makes shopper-like states that the codec reads as sent, as varied as shoppers: several selections, bounds, words, orders and pages', () => {
    const engine = FacetEngine.build(generateSyntheticCatalogData({ products: 400, seed: 3 }), defaultFacetConfig());
    const { schema } = engine;
    const states = shopperStates(schema, 1000);
    assert.equal(states.length, 1000);
    assert.deepEqual(shopperStates(schema, 1000), states, 'the same states on every start');
    const seen = { none: 0, several: 0, twoValues: 0, range: 0, text: 0, order: 0, later: 0, found: 0 };
    const all = engine.query(parseFilterState({}, schema)).found;
    for (const query of states) {
      const state = parseFilterState(query, schema);
      const values = Object.values(state.values);
      // Each variable as sent: every selected value and bound kept, the word, the order and the page.
      for (const [name, sent] of Object.entries(query)) {
        const facet = name.slice('sf_'.length);
        if (state.values[facet]) assert.deepEqual(state.values[facet], sent.split(',').sort(), `${name}=${sent}`);
        else if (state.ranges[facet]) assert.ok(state.ranges[facet].min !== null, `${name}=${sent}`);
        else if (name === 'sf_q') assert.equal(state.q, sent);
        else if (name === 'sf_orderby') assert.equal(state.orderby, sent);
        else if (name === 'sf_paged') assert.equal(String(state.page), sent);
        else assert.fail(`${name}=${sent} was dropped by the codec`);
      }
      if (Object.keys(query).length === 0) seen.none++;
      if (values.length >= 2) seen.several++;
      if (values.some((chosen) => chosen.length === 2)) seen.twoValues++;
      if (Object.keys(state.ranges).length) seen.range++;
      if (state.q) seen.text++;
      if (state.orderby !== schema.defaultOrderby) seen.order++;
      if (state.page > 1) seen.later++;
      const found = engine.query(state).found;
      if (found > 0 && found < all) seen.found++;
    }
    for (const [kind, count] of Object.entries(seen)) assert.ok(count >= 50, `${kind}: ${count} of 1000 states`);
  });
});
