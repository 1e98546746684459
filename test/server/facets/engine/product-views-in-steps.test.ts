/**
 * The product views of product-view.ts built a few rows at a time (as an index read back on the serving thread builds
 * them, a pause for requests between two steps): the same views as built in one pass, and each product's union of
 * its rows' values, checked row by row against the facet itself.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import { catalogRows } from '../../../../server/facets/engine/catalog-rows.js';
import { buildFacetIndex, type ListFacetIndex } from '../../../../server/facets/engine/facet-index.js';
import { clusterProducts } from '../../../../server/facets/engine/product-clustering.js';
import { ProductViews } from '../../../../server/facets/engine/product-view.js';
import { availableSources, sourceForFacet } from '../../../../server/facets/sources.js';

/** The rows and list facets of the default configuration over a synthetic catalog, as the engine builds them. */
function rowsAndFacets(products: number) {
  const source = generateSyntheticCatalogData({ products, seed: 11 });
  const { rows, views } = catalogRows(clusterProducts(source.products));
  const catalog = { ...source, products: views };
  const sources = new Map(availableSources(catalog).map((spec) => [spec.source, spec]));
  const facets = defaultFacetConfig().facets.map((definition) =>
    buildFacetIndex(definition, sourceForFacet(definition, sources)!, catalog),
  );
  const lists = facets.map((facet) => (facet.kind === 'list' ? facet : null));
  return { rows, lists };
}

/** The values of position `row` in a table of combinations, sorted. */
function valuesAt(table: Pick<ListFacetIndex, 'combos' | 'comboOffsets' | 'comboItems'>, row: number): number[] {
  const combo = table.combos[row]!;
  return Array.from(table.comboItems.subarray(table.comboOffsets[combo]!, table.comboOffsets[combo + 1]!)).sort(
    (a, b) => a - b,
  );
}

describe('product views built in steps', () => {
  it('are the views built in one pass, each product holding the union of its rows', () => {
    const { rows, lists } = rowsAndFacets(1200);
    assert.ok(rows.hasShared, 'the catalog has variable products');
    const whole = new ProductViews(rows, lists);
    const steps = ProductViews.buildSteps(rows, lists, 97);
    let count = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) count++;
    const stepped = next.value;
    // One step per 97 rows of each facet with a view: far more steps than facets.
    const viewed = lists.filter((facet, index) => facet && whole.view(index)).length;
    assert.ok(viewed > 0, 'some facet differs between a product’s rows');
    assert.ok(count >= viewed * Math.floor(rows.size / 97), `${count} steps for ${viewed} views of ${rows.size} rows`);
    lists.forEach((facet, index) => {
      const expected = whole.view(index);
      const actual = stepped.view(index);
      if (!facet || !expected) return assert.equal(actual, expected);
      assert.ok(actual);
      assert.deepEqual(actual.combos, expected.combos, `facet ${facet.definition.name}: combinations per row`);
      assert.deepEqual(actual.comboOffsets, expected.comboOffsets);
      assert.deepEqual(actual.comboItems, expected.comboItems);
      assert.deepEqual(actual.wordCombos, expected.wordCombos);
      assert.deepEqual(actual.sets, expected.sets);
      // Independently: a product's last row holds the union of its rows' values, a sole row its own.
      for (let row = 0; row < rows.size; row++) {
        const bit = 1 << (row & 31);
        const word = row >>> 5;
        if ((rows.sole[word]! & bit) !== 0) assert.deepEqual(valuesAt(actual, row), valuesAt(facet, row));
        else if ((stepped.ends[word]! & bit) !== 0) {
          const union = new Set<number>();
          for (let member = rows.firstRowOf[row]!; member <= row; member++)
            for (const value of valuesAt(facet, member)) union.add(value);
          assert.deepEqual(
            valuesAt(actual, row),
            [...union].sort((a, b) => a - b),
            `facet ${facet.definition.name}, the product ending at row ${row}`,
          );
        }
      }
    });
  });
});
