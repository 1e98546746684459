import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { defaultFacetConfig, validateFacetConfig } from '../../../server/facets/config.js';
import { availableSources, discoverSources } from '../../../server/facets/sources.js';
import { generateSyntheticCatalogData } from '../../../server/catalog/synthetic-catalog.js';

const catalog = generateSyntheticCatalogData({ products: 200, seed: 1 });
const sources = availableSources(catalog);
const errorsOf = (change: (config: any) => void): Record<string, string> => {
  const config: any = defaultFacetConfig();
  change(config);
  const result = validateFacetConfig(config, sources);
  return result.ok ? {} : result.errors;
};

describe('validateFacetConfig', () => {
  it('accepts the default configuration', () => {
    assert.deepEqual(validateFacetConfig(defaultFacetConfig(), sources), { ok: true, config: defaultFacetConfig() });
  });
  it('never throws and rejects what is not an object', () => {
    for (const input of [null, 3, 'x', [], undefined]) assert.equal(validateFacetConfig(input, sources).ok, false);
    assert.equal(validateFacetConfig({ facets: [null, 5, { name: {} }] }, sources).ok, false);
  });
  const cases: Array<[string, (config: any) => void, string, RegExp]> = [
    ['a bad name', (c) => (c.facets[0].name = 'Bad-Name'), 'facets[0].name', /a-z, 0-9 and _/],
    ['a reserved name', (c) => (c.facets[0].name = 'q'), 'facets[0].name', /reserved/],
    [
      'a name that would read as a value search',
      (c) => (c.facets[1].name = 'brand_search'),
      'facets[1].name',
      /_search/,
    ],
    ['a duplicate name', (c) => (c.facets[1].name = 'category'), 'facets[1].name', /already used by facets\[0\]/],
    ['an empty label', (c) => (c.facets[0].label = ' '), 'facets[0].label', /non-empty/],
    ['an unknown type', (c) => (c.facets[0].type = 'slider'), 'facets[0].type', /one of checkboxes/],
    ['an unknown source', (c) => (c.facets[0].source = 'attribute:weight'), 'facets[0].source', /catalog's sources/],
    [
      'a type that does not fit the source',
      (c) => (c.facets[4].type = 'checkboxes'),
      'facets[4].type',
      /does not fit source field:price/,
    ],
    [
      'and logic on a single-choice type',
      (c) => Object.assign(c.facets[1], { type: 'radio', logic: 'and' }),
      'facets[1].logic',
      /several values/,
    ],
    ['a non-boolean flag', (c) => (c.facets[0].show_counts = 'yes'), 'facets[0].show_counts', /true or false/],
    ['an unknown value order', (c) => (c.facets[0].order = 'random'), 'facets[0].order', /count, name/],
    ['a negative limit', (c) => (c.facets[0].limit = -1), 'facets[0].limit', /0 to 1000/],
    ['an unknown facet field', (c) => (c.facets[0].colour = 1), 'facets[0].colour', /Unknown field/],
    ['per_page out of bounds', (c) => (c.per_page = 0), 'per_page', /1 to 100/],
    ['columns out of bounds', (c) => (c.columns = 7), 'columns', /1 to 6/],
    ['an unknown sort order', (c) => c.orderby_options.push('cheapest'), 'orderby_options[6]', /relevance/],
    ['a repeated sort order', (c) => c.orderby_options.push('date'), 'orderby_options', /twice/],
    [
      'a default sort outside the options',
      (c) => (c.orderby_options = ['date']),
      'default_orderby',
      /one of orderby_options/,
    ],
    ['facets that are not a list', (c) => (c.facets = {}), 'facets', /must be a list/],
  ];
  for (const [what, change, path, message] of cases) {
    it(`reports ${what} at ${path}`, () => assert.match(errorsOf(change)[path] ?? '(no error)', message));
  }
  it('gives omitted optional facet fields their defaults, still refusing wrongly typed ones', () => {
    const config: any = defaultFacetConfig();
    config.facets = [{ name: 'material', label: 'Material', type: 'checkboxes', source: 'attribute:material' }];
    const result = validateFacetConfig(config, sources);
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(result.config.facets[0], {
      name: 'material',
      label: 'Material',
      type: 'checkboxes',
      source: 'attribute:material',
      logic: 'or',
      show_counts: true,
      hide_empty: true,
      order: 'count',
      limit: 10,
    });
    config.facets[0].hide_empty = 'no';
    assert.deepEqual(Object.keys(errorsOf((c) => (c.facets = config.facets))), ['facets[0].hide_empty']);
    assert.deepEqual(
      Object.keys(
        errorsOf((c) => (c.facets = [{ label: 'Material', type: 'checkboxes', source: 'attribute:material' }])),
      ),
      ['facets[0].name'],
    );
  });
  it('reports every problem at once', () => {
    assert.deepEqual(Object.keys(errorsOf((c) => Object.assign(c, { per_page: 0, columns: 0 }))).sort(), [
      'columns',
      'per_page',
    ]);
  });
});

describe('discoverSources', () => {
  it('lists categories, every attribute and the product fields with kinds, types and bounds', () => {
    const { sources: described } = discoverSources(catalog);
    assert.deepEqual(
      described.map((source) => source.source),
      [
        'taxonomy:category',
        'attribute:color',
        'attribute:size',
        'attribute:material',
        'field:brand',
        'field:price',
        'field:rating',
        'field:in_stock',
        'field:on_sale',
        'field:new',
      ],
    );
    const price = described.find((source) => source.source === 'field:price')!;
    assert.equal(price.kind, 'number');
    assert.deepEqual(price.types, ['range']);
    assert.ok(price.min! > 0 && price.max! > price.min!);
    const color = described.find((source) => source.source === 'attribute:color')!;
    assert.equal(color.products, 200);
    assert.equal(color.sample.length, 5);
  });
});
