/**
 * Random facet queries for property tests: selections drawn from values that exist in an engine, plus some that do
 * not, with text, sort, page, base category and page size.
 */
import fc from 'fast-check';
import { emptyFilterState, type FilterState } from '../../../../client/facet-filter/query-state.js';
import type { FacetEngine } from '../../../../server/facets/engine/engine.js';

export interface RandomQuery {
  state: FilterState;
  baseCategory?: string;
  perPage: number;
}

/** @param categories base categories to draw from; by default the values of the engine's category facet */
export function queryArbitrary(engine: FacetEngine, categories?: readonly string[]): fc.Arbitrary<RandomQuery> {
  type Selection = [string, string[] | { min: number | null; max: number | null }];
  const selection = fc.constantFrom(...engine.schema.facets).chain(
    (facet): fc.Arbitrary<Selection> =>
      facet.kind === 'range'
        ? fc.tuple(
            fc.constant(facet.name),
            fc.record({
              min: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
              max: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
            }),
          )
        : fc.tuple(
            fc.constant(facet.name),
            fc.subarray([...facet.values!, 'no-such-value'], {
              minLength: 1,
              maxLength: Math.min(3, facet.values!.size + 1),
            }),
          ),
  );
  categories ??= [...engine.schema.facets.find((facet) => facet.name === 'category')!.values!];
  return fc
    .record({
      selections: fc.array(selection, { maxLength: 3 }),
      q: fc.constantFrom(
        '',
        '',
        'classic',
        'cotton sh',
        'a',
        'zolty',
        'crème',
        'zz',
        'shirts',
        'classics dresses',
        'boots b',
        'jackets',
        'kubki',
        'koszule ba',
        'butów',
      ),
      orderby: fc.constantFrom(...engine.config.orderby_options),
      page: fc.integer({ min: 1, max: 4 }),
      baseCategory: fc.option(fc.constantFrom(...categories, 'nowhere'), { nil: undefined }),
      perPage: fc.integer({ min: 1, max: 7 }),
    })
    .map(({ selections, q, orderby, page, baseCategory, perPage }) => {
      const state: FilterState = { ...emptyFilterState(engine.schema), q, orderby, page };
      for (const [name, value] of selections) {
        if (Array.isArray(value)) state.values[name] = value;
        else state.ranges[name] = value;
      }
      return { state, baseCategory, perPage };
    });
}
