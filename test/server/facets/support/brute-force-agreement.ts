/**
 * The property tests' independent check: an engine's answer must equal the brute-force scan over the same catalog
 * (found, the page's products, every range's bounds and every non-zero count), text matched by the same word forms.
 */
import assert from 'node:assert/strict';
import { bruteForce } from '../../../../bench/engines/naive-scan.js';
import type { CatalogData } from '../../../../server/catalog/model.js';
import type { FacetConfig } from '../../../../server/facets/config.js';
import type { FacetQueryResult } from '../../../../server/facets/engine/engine.js';
import type { WordForms } from '../../../../server/facets/engine/text-index.js';

export function assertAgreesWithBruteForce(
  result: FacetQueryResult,
  catalog: CatalogData,
  config: FacetConfig,
  baseCategory: string | undefined,
  perPage: number,
  wordForms: WordForms | null = null,
): void {
  const expected = bruteForce(catalog, config, result.state, baseCategory, perPage, wordForms);
  assert.equal(result.found, expected.found);
  assert.deepEqual(
    result.products.map((product) => product.id),
    expected.pageIds,
  );
  for (const facet of result.facets) {
    if (facet.kind === 'range') {
      assert.deepEqual(
        { min: facet.min, max: facet.max },
        expected.bounds[facet.definition.name],
        `bounds of ${facet.definition.name}`,
      );
    } else {
      const counts = Object.fromEntries(
        facet.values.map((info, index) => [info.value, facet.counts[index]!]).filter(([, count]) => count !== 0),
      );
      assert.deepEqual(counts, expected.counts[facet.definition.name], `counts of ${facet.definition.name}`);
    }
  }
}
