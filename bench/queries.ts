/** The fixed, seeded query mix: 0-3 selections, sometimes a price range, a text query or a sort; pages 1-5. */
import { SeededRandom } from '../server/catalog/seeded-random.js';
import { emptyFilterState, type FilterState, type QuerySchema } from '../client/facet-filter/query-state.js';

export function benchmarkQueries(schema: QuerySchema, count = 200, seed = 2024): FilterState[] {
  const random = new SeededRandom(seed);
  const words = ['classic', 'cotton', 'sh', 'wool coat', 'zolty', 'lea', 'modern sofa', 'run'];
  const lists = schema.facets.filter((facet) => facet.kind === 'list' && facet.values && facet.values.size > 0);
  return Array.from({ length: count }, () => {
    const state: FilterState = { ...emptyFilterState(schema), page: random.chance(0.7) ? 1 : random.integer(2, 5) };
    for (let selections = random.integer(0, 3); selections > 0; selections--) {
      const facet = random.pick(lists);
      const values = [...facet.values!];
      state.values[facet.name] = [
        ...new Set([random.pick(values), ...(random.chance(0.3) ? [random.pick(values)] : [])]),
      ].sort();
    }
    if (random.chance(0.25))
      state.ranges.price = { min: random.chance(0.5) ? random.integer(5, 40) : null, max: random.integer(50, 300) };
    if (random.chance(0.2)) state.q = random.pick(words);
    if (random.chance(0.3)) state.orderby = random.pick(schema.orderbyOptions);
    return state;
  });
}
