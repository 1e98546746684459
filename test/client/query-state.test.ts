import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  clampPage,
  emptyFilterState,
  parseFilterState,
  toQueryRecord,
  toQueryString,
  withFacetRemoved,
  withPage,
  withRange,
  withValueToggled,
  type FilterState,
  type QuerySchema,
} from '../../client/facet-filter/query-state.js';

const COLORS = ['black', 'blue', 'red', 'zolty'];
const schema: QuerySchema = {
  facets: [
    { name: 'category', kind: 'list' },
    { name: 'color', kind: 'list', values: new Set(COLORS) },
    { name: 'price', kind: 'range' },
  ],
  orderbyOptions: ['popularity', 'price', 'rating'],
  defaultOrderby: 'popularity',
};
const parse = (query: string): FilterState => parseFilterState(new URLSearchParams(query), schema);

describe('parseFilterState', () => {
  it('reads comma lists and repeated variables the same way', () => {
    assert.deepEqual(parse('sf_color=red,blue'), parse('sf_color=blue&sf_color=red'));
    assert.deepEqual(parse('sf_color=red,blue').values, { color: ['blue', 'red'] });
  });

  it('drops unknown facets, unknown values, unknown orderby and bad pages', () => {
    assert.deepEqual(parse('sf_size=m&sf_color=purple,red&sf_orderby=cheapest&sf_paged=x&utm_source=a'), {
      ...emptyFilterState(schema),
      values: { color: ['red'] },
    });
  });

  it('reads open, reversed and decimal ranges and drops negative ones', () => {
    assert.deepEqual(parse('sf_price=10-').ranges.price, { min: 10, max: null });
    assert.deepEqual(parse('sf_price=-50').ranges.price, { min: null, max: 50 });
    assert.deepEqual(parse('sf_price=50-10.555').ranges.price, { min: 10.56, max: 50 });
    assert.equal(parse('sf_price=-5-10').ranges.price, undefined);
    assert.equal(parse('sf_price=-').ranges.price, undefined);
  });

  it('reads the min/max pair a plain GET form sends, with the rules of min-max', () => {
    assert.deepEqual(parse('sf_price_min=10&sf_price_max=50').ranges.price, { min: 10, max: 50 });
    assert.deepEqual(parse('sf_price_min=&sf_price_max=50').ranges.price, { min: null, max: 50 });
    assert.deepEqual(parse('sf_price_min=80&sf_price_max=20').ranges.price, { min: 20, max: 80 });
    assert.equal(parse('sf_price_min=&sf_price_max=').ranges.price, undefined);
    assert.equal(parse('sf_price_min=-5&sf_price_max=abc').ranges.price, undefined);
    assert.deepEqual(parse('sf_price=1-2&sf_price_min=10').ranges.price, { min: 1, max: 2 }, 'sf_price wins');
    assert.equal(
      toQueryString(parse('sf_price_min=10&sf_price_max=50'), schema),
      'sf_price=10-50',
      'canonical form is min-max',
    );
  });

  it('trims and caps the search text, and reads the page', () => {
    const state = parse(`sf_q=${encodeURIComponent('  wool   coat ')}&sf_paged=3&sf_orderby=price`);
    assert.equal(state.q, 'wool coat');
    assert.equal(state.page, 3);
    assert.equal(state.orderby, 'price');
    assert.equal(parse(`sf_q=${'ż'.repeat(300)}`).q.length, 200);
  });

  it('reads plain objects such as a /filter body', () => {
    assert.deepEqual(parseFilterState({ sf_color: 'RED', sf_paged: '2', sf_q: 7 }, schema), {
      ...emptyFilterState(schema),
      values: { color: ['red'] },
      page: 2,
    });
  });
});

describe('toQueryString', () => {
  it('writes facets in configuration order and leaves out defaults', () => {
    const state = withRange(
      withValueToggled(withValueToggled(emptyFilterState(schema), 'color', 'red'), 'category', 'men'),
      'price',
      { min: 5, max: null },
    );
    assert.equal(
      toQueryString({ ...state, q: 'wool coat', page: 2 }, schema),
      'sf_category=men&sf_color=red&sf_price=5-&sf_q=wool%20coat&sf_paged=2',
    );
    assert.equal(toQueryString(emptyFilterState(schema), schema), '');
  });
});

describe('state helpers', () => {
  const start = { ...parse('sf_color=red&sf_price=1-2'), page: 4 };
  it('toggle a value on and off and go back to page 1', () => {
    assert.deepEqual(withValueToggled(start, 'color', 'blue').values.color, ['blue', 'red']);
    assert.equal(withValueToggled(start, 'color', 'red').values.color, undefined);
    assert.equal(withValueToggled(start, 'color', 'blue').page, 1);
  });
  it('remove a facet and change page', () => {
    assert.deepEqual(toQueryRecord(withFacetRemoved(start, 'price'), schema), { sf_color: 'red' });
    assert.equal(withPage(start, 2).page, 2);
  });
  it('clamp the page into the page count', () => {
    assert.equal(clampPage(start, 2).page, 2);
    assert.equal(clampPage(start, 0).page, 1);
    assert.equal(clampPage(start, 9).page, 4);
  });
});

const canonicalState: fc.Arbitrary<FilterState> = fc
  .record({
    values: fc.record({
      category: fc.uniqueArray(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,8}$/), { maxLength: 3 }),
      color: fc.uniqueArray(fc.constantFrom(...COLORS), { maxLength: 4 }),
    }),
    range: fc.option(
      fc.tuple(fc.option(fc.integer({ min: 0, max: 99999 })), fc.option(fc.integer({ min: 0, max: 99999 }))),
    ),
    q: fc.string({ maxLength: 30 }),
    orderby: fc.constantFrom(...schema.orderbyOptions),
    page: fc.integer({ min: 1, max: 500 }),
  })
  .map(({ values, range, q, orderby, page }) => {
    const state: FilterState = { ...emptyFilterState(schema), q: q.trim().replace(/\s+/g, ' '), orderby, page };
    for (const [name, list] of Object.entries(values)) if (list.length) state.values[name] = [...list].sort();
    if (range && (range[0] !== null || range[1] !== null)) {
      const [a, b] = [range[0] ?? null, range[1] ?? null].map((end) => (end === null ? null : end / 100));
      state.ranges.price = a !== null && b !== null && a > b ? { min: b, max: a } : { min: a!, max: b! };
    }
    return state;
  });

describe('codec properties', () => {
  it('round-trips every canonical state through its URL', () => {
    fc.assert(fc.property(canonicalState, (state) => assert.deepEqual(parse(toQueryString(state, schema)), state)));
  });

  it('gives the same URL for the same state whatever the value order or duplicates', () => {
    fc.assert(
      fc.property(canonicalState, fc.integer(), (state, seed) => {
        const shuffled = {
          ...state,
          values: Object.fromEntries(
            Object.entries(state.values).map(([name, list]) => [name, [...list, ...list].sort(() => (seed % 3) - 1)]),
          ),
        };
        assert.equal(toQueryString(shuffled, schema), toQueryString(state, schema));
      }),
    );
  });

  it('is idempotent: parsing the canonical URL of anything parsed gives the same state', () => {
    const anyQuery = fc.array(
      fc.tuple(
        fc.constantFrom('sf_color', 'sf_category', 'sf_price', 'sf_q', 'sf_orderby', 'sf_paged', 'x'),
        fc.string(),
      ),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(anyQuery, (pairs) => {
        const once = parseFilterState(new URLSearchParams(pairs), schema);
        assert.deepEqual(parse(toQueryString(once, schema)), once);
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string().map((text) => new URLSearchParams(text)),
          fc.dictionary(fc.string(), fc.anything()),
        ),
        (input) => {
          parseFilterState(input, schema);
        },
      ),
    );
  });
});
