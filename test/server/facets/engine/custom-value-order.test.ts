// Sizes in the order shoppers expect (XS, S, M, L, XL) through a facet's custom value order,
// whatever their counts; values the list does not name follow in natural order (37 before 41, 41 before 100).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultFacetConfig, validateFacetConfig } from '../../../../server/facets/config.js';
import type { ListFacetResult } from '../../../../server/facets/engine/engine.js';
import { visibleFacetValues } from '../../../../server/facets/fragments/visible-facet-values.js';
import { buildDemoCatalog } from '../../../../server/demo/demo-catalog.js';
import { availableSources } from '../../../../server/facets/sources.js';

const SIZES = ['M', 'XXL', '100', 'S', 'XS', 'XL', 'L', '43', '41', '37', 's-m'];

function sizeFacet(definition = defaultFacetConfig().facets.find((facet) => facet.name === 'size')!): ListFacetResult {
  const values = SIZES.map((label) => ({
    value: label.toLowerCase(),
    label: label === 's-m' ? 'S/M' : label,
    depth: 0,
    parent: -1,
  }));
  // Counts that would put XXL first and XS last if counts decided.
  const counts = Uint32Array.from(values, (_, index) => 100 - index);
  return { kind: 'list', definition, values, counts, selected: [] };
}

describe('custom value order', () => {
  it('lists the default size facet XS, S, S/M, M, L, XL, XXL, then the numbers by value', () => {
    const labels = visibleFacetValues(sizeFacet()).shown.map((item) => item.label);
    assert.deepEqual(labels, ['XS', 'S', 'S/M', 'M', 'L', 'XL', 'XXL', '37', '41', '43', '100']);
  });

  it('follows a list given by slug as well as by name, ignoring case', () => {
    const definition = {
      ...defaultFacetConfig().facets.find((facet) => facet.name === 'size')!,
      custom_order: ['xl', 'M', '43'],
    };
    assert.deepEqual(
      visibleFacetValues(sizeFacet(definition))
        .shown.map((item) => item.label)
        .slice(0, 4),
      ['XL', 'M', '43', '37'],
    );
  });

  it('is validated: "custom" needs a list, and the list must be names', () => {
    const sources = availableSources(buildDemoCatalog());
    assert.equal(validateFacetConfig(defaultFacetConfig(), sources).ok, true);
    const withoutList = defaultFacetConfig();
    delete withoutList.facets[3]!.custom_order;
    const result = validateFacetConfig(withoutList, sources);
    assert.equal(result.ok, false);
    assert.match(
      (result as { errors: Record<string, string> }).errors['facets[3].custom_order']!,
      /must list the values/,
    );
    const badList = defaultFacetConfig();
    (badList.facets[3] as unknown as { custom_order: unknown }).custom_order = ['S', 3];
    assert.equal(validateFacetConfig(badList, sources).ok, false);
  });
});
