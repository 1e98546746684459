// Display rules of list facets, on large value lists where they matter: the cap on "show more" and the category
// tree that shows the selection's path instead of every branch.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import type { ListFacetResult } from '../../../../server/facets/engine/engine.js';
import {
  FULL_TREE_MAX_VALUES,
  MAX_MORE_VALUES,
  visibleFacetValues,
} from '../../../../server/facets/fragments/visible-facet-values.js';

const definitionOf = (name: string) => defaultFacetConfig().facets.find((facet) => facet.name === name)!;

function brandFacet(count: number, selected: string[] = []): ListFacetResult {
  const values = Array.from({ length: count }, (_, index) => ({
    value: `brand-${index}`,
    label: `Brand ${index}`,
    depth: 0,
    parent: -1,
  }));
  // Counts fall with the index, so the most common brands come first.
  const counts = Uint32Array.from(values, (_, index) => count - index);
  return { kind: 'list', definition: definitionOf('brand'), values, counts, selected };
}

/** A three-level tree: `groups` top values, each with `children` children, each with two grandchildren. */
function categoryTree(groups: number, children: number, selected: string[] = []): ListFacetResult {
  const values: ListFacetResult['values'][number][] = [];
  for (let group = 0; group < groups; group++) {
    const groupIndex = values.push({ value: `g${group}`, label: `Group ${group}`, depth: 0, parent: -1 }) - 1;
    for (let child = 0; child < children; child++) {
      const childIndex =
        values.push({ value: `g${group}-c${child}`, label: `Child ${child}`, depth: 1, parent: groupIndex }) - 1;
      for (const leaf of [0, 1])
        values.push({ value: `g${group}-c${child}-l${leaf}`, label: `Leaf ${leaf}`, depth: 2, parent: childIndex });
    }
  }
  return {
    kind: 'list',
    definition: definitionOf('category'),
    values,
    counts: new Uint32Array(values.length).fill(3),
    selected,
  };
}

describe('visibleFacetValues', () => {
  it('shows `limit` values by count, then at most MAX_MORE_VALUES behind "show more", and counts the rest', () => {
    const { shown, more, omitted } = visibleFacetValues(brandFacet(2000));
    assert.deepEqual(
      shown.map((item) => item.value),
      Array.from({ length: 10 }, (_, index) => `brand-${index}`),
    );
    assert.equal(more.length, MAX_MORE_VALUES);
    assert.equal(more[0]!.value, 'brand-10');
    assert.equal(omitted, 2000 - 10 - MAX_MORE_VALUES);
  });

  it('shows a selected value at once, after the first `limit`, even far beyond the cap', () => {
    const { shown, more, omitted } = visibleFacetValues(brandFacet(2000, ['brand-1999']));
    assert.deepEqual(
      shown.map((item) => item.value),
      [...Array.from({ length: 10 }, (_, index) => `brand-${index}`), 'brand-1999'],
    );
    assert.ok(shown.at(-1)!.selected);
    assert.equal(more.length, MAX_MORE_VALUES);
    assert.ok(!more.some((item) => item.selected));
    assert.equal(
      omitted,
      2000 - shown.length - MAX_MORE_VALUES,
      'every value is shown, behind "show more" or counted as left out, once',
    );
  });

  it('shows selected values from behind "show more" at once, in the facet\'s order, and leaves the rest there', () => {
    const { shown, more } = visibleFacetValues(brandFacet(2000, ['brand-25', 'brand-12', 'brand-3']));
    assert.deepEqual(
      shown.map((item) => item.value),
      [...Array.from({ length: 10 }, (_, index) => `brand-${index}`), 'brand-12', 'brand-25'],
    );
    assert.deepEqual(
      more.map((item) => item.value),
      Array.from({ length: MAX_MORE_VALUES }, (_, index) => `brand-${index + 10}`).filter(
        (value) => value !== 'brand-12' && value !== 'brand-25',
      ),
    );
  });

  it('shows a small category tree whole', () => {
    const tree = categoryTree(2, 3);
    assert.ok(tree.values.length <= FULL_TREE_MAX_VALUES);
    assert.equal(visibleFacetValues(tree).shown.length, tree.values.length);
  });

  it('shows a large tree as its top level plus the branches on the path to the selection, in tree order', () => {
    const tree = categoryTree(8, 6);
    assert.ok(tree.values.length > FULL_TREE_MAX_VALUES);
    assert.deepEqual(
      visibleFacetValues(tree).shown.map((item) => item.value),
      Array.from({ length: 8 }, (_, group) => `g${group}`),
    );
    const drilled = visibleFacetValues(categoryTree(8, 6, ['g2-c4'])).shown.map((item) => item.value);
    assert.deepEqual(drilled, [
      'g0',
      'g1',
      'g2',
      ...Array.from({ length: 6 }, (_, child) => `g2-c${child}`).flatMap((child) =>
        child === 'g2-c4' ? [child, 'g2-c4-l0', 'g2-c4-l1'] : [child],
      ),
      'g3',
      'g4',
      'g5',
      'g6',
      'g7',
    ]);
  });
});
