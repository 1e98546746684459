// Empty values with hide_empty off: listed with their zero count but disabled, never a way to an empty
// page; a selected value stays enabled and visible, even at count 0 and past the facet's limit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import type { ListFacetResult } from '../../../../server/facets/engine/engine.js';
import { listFacetControls } from '../../../../server/facets/fragments/list-facet-controls.js';

/** A brand facet showing empty values: brand-i has 12 - i products under the state, so the last two have none. */
function brandFacet(type: 'checkboxes' | 'dropdown', selected: string[] = []): ListFacetResult {
  const definition = {
    ...defaultFacetConfig().facets.find((facet) => facet.name === 'brand')!,
    type,
    hide_empty: false,
    limit: 5,
  };
  const values = Array.from({ length: 14 }, (_, index) => ({
    value: `brand-${index}`,
    label: `Brand ${index}`,
    depth: 0,
    parent: -1,
  }));
  return {
    kind: 'list',
    definition,
    values,
    counts: Uint32Array.from(values, (_, index) => Math.max(0, 12 - index)),
    selected,
  };
}

/** Each input's value and whether it is disabled and checked. */
async function inputsOf(
  facet: ListFacetResult,
): Promise<Map<string, { disabled: boolean; checked: boolean; count: string }>> {
  const html = String(listFacetControls(facet));
  const inputs = new Map<string, { disabled: boolean; checked: boolean; count: string }>();
  for (const [, tag, rest] of html.matchAll(/<input class="facet-filter__input"([^>]*)>(.*?)<\/li>/g)) {
    const value = /value="([^"]*)"/.exec(tag!)![1]!;
    inputs.set(value, {
      disabled: / disabled/.test(tag!),
      checked: / checked/.test(tag!),
      count: /\((\d+)/.exec(rest!)?.[1] ?? '',
    });
  }
  return inputs;
}

describe('empty values of a facet with hide_empty off', () => {
  it('lists them disabled with their zero count; the others stay enabled', async () => {
    const inputs = await inputsOf(brandFacet('checkboxes'));
    assert.equal(inputs.size, 14);
    for (const [value, input] of inputs) {
      const empty = Number(value.split('-')[1]) >= 12;
      assert.equal(input.disabled, empty, value);
      if (empty) assert.equal(input.count, '0');
    }
  });

  it('keeps a selected empty value enabled and visible, even past the limit', async () => {
    const facet = brandFacet('checkboxes', ['brand-13']);
    const html = String(listFacetControls(facet));
    const inputs = await inputsOf(facet);
    assert.deepEqual(inputs.get('brand-13'), { disabled: false, checked: true, count: '0' });
    const [atOnce] = html.split('<details');
    assert.match(atOnce!, /value="brand-13" checked/, 'shown at once, not behind "show more"');
    assert.doesNotMatch(html, /<details[^>]* open/);
  });

  it('disables empty options of a dropdown', async () => {
    const html = String(listFacetControls(brandFacet('dropdown', ['brand-12'])));
    assert.match(html, /<option[^>]*value="brand-13"[^>]*disabled/);
    assert.doesNotMatch(html, /<option[^>]*value="brand-12"[^>]*disabled/);
    assert.doesNotMatch(html, /<option[^>]*value="brand-3"[^>]*disabled/);
  });
});
