import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  createFacetShortcode,
  facetShortcodeAttributes,
  FACET_SHORTCODE_TAG,
} from '../../shortcodes/facet-shortcode.js';
import { parseShortcodeAttributes } from '../../shortcodes/shortcode-grammar.js';
import { ShortcodeRegistry } from '../../shortcodes/shortcode-registry.js';
import type { WidgetAttributes } from '../../shortcodes/widget-attributes.js';

const attributesOf = (text: string): WidgetAttributes => facetShortcodeAttributes(parseShortcodeAttributes(text));

describe('facetShortcodeAttributes', () => {
  const cases: Array<[attributeText: string, expected: WidgetAttributes]> = [
    ['', {}],
    [
      'facets="color,size" per_page="12" columns="3" category="shoes" orderby="price"',
      { facets: ['color', 'size'], per_page: 12, columns: 3, category: 'shoes', orderby: 'price' },
    ],
    ['facets=" Color , bad name, size,color,,price-x "', { facets: ['color', 'size'] }],
    ['facets=",, ,"', {}],
    ['per_page=1 columns=6', { per_page: 1, columns: 6 }],
    ['per_page=100', { per_page: 100 }],
    ['per_page=0 columns=0', {}],
    ['per_page=101 columns=7', {}],
    ['per_page=-5 columns=-1', {}],
    ['per_page=12px columns=2.5', {}],
    ['per_page=1e1 columns=0x3', {}],
    ['per_page="" columns=" "', {}],
    ['per_page=99999999999999999999', {}],
    ['category="Shoes"', { category: 'shoes' }],
    ['category="summer-sale"', { category: 'summer-sale' }],
    ['category="-x" orderby="a b"', {}],
    ['category="shoes/boots"', {}],
    ['category="<script>alert(1)</script>"', {}],
    ['category="x\\" onload=\\"y"', {}],
    ['orderby="price-desc"', { orderby: 'price-desc' }],
    ['orderby="<img src=x onerror=alert(1)>"', {}],
    ['PER_PAGE=24', { per_page: 24 }],
    ['per_page=5 per_page=500', {}],
    ['unknown=1 12 "positional"', {}],
  ];
  for (const [attributeText, expected] of cases) {
    it(`[facet ${attributeText}]`, () => {
      assert.deepEqual(attributesOf(attributeText), expected);
    });
  }

  it('never throws and only produces values inside the rules', () => {
    const value = fc.oneof(fc.string(), fc.integer().map(String), fc.constantFrom('color,size', 'shoes', '12', '3'));
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('facets', 'per_page', 'columns', 'category', 'orderby', 'x'), value),
        (named) => {
          const attributes = facetShortcodeAttributes({ named, positional: [] });
          for (const name of attributes.facets ?? []) assert.match(name, /^[a-z0-9_]+$/);
          if (attributes.per_page !== undefined) assert.ok(attributes.per_page >= 1 && attributes.per_page <= 100);
          if (attributes.columns !== undefined) assert.ok(attributes.columns >= 1 && attributes.columns <= 6);
          if (attributes.category !== undefined) assert.match(attributes.category, /^[a-z0-9]+(-[a-z0-9]+)*$/);
          if (attributes.orderby !== undefined) assert.match(attributes.orderby, /^[a-z0-9_-]+$/);
        },
      ),
    );
  });
});

describe('createFacetShortcode', () => {
  it('renders the widget with normalised attributes and the context', async () => {
    const calls: Array<[WidgetAttributes, string]> = [];
    const shortcodes = new ShortcodeRegistry<string>().register(
      FACET_SHORTCODE_TAG,
      createFacetShortcode(async (attributes, context) => {
        calls.push([attributes, context]);
        return '<facet-filter></facet-filter>';
      }),
    );
    const html = await shortcodes.expand('<p>[facet per_page="12" columns=99]</p>', 'page-context');
    assert.equal(html, '<p><facet-filter></facet-filter></p>');
    assert.deepEqual(calls, [[{ per_page: 12 }, 'page-context']]);
  });
});
