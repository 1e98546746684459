import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { BlockRegistry } from '../../blocks/block-registry.js';
import {
  createFacetFilterRender,
  facetFilterBlockJson,
  facetFilterWidgetAttributes,
} from '../../blocks/facet-filter/facet-filter-block.js';
import { renderBlocks } from '../../blocks/render-blocks.js';
import { COLUMNS_RANGE, PER_PAGE_RANGE, type WidgetAttributes } from '../../shortcodes/widget-attributes.js';

/** Renders `facet/filter` comments with a widget stub that reports the attributes it was given. */
async function render(content: string): Promise<{ html: string; widgetCalls: WidgetAttributes[] }> {
  const widgetCalls: WidgetAttributes[] = [];
  const blocks = new BlockRegistry<void>().register(
    facetFilterBlockJson,
    createFacetFilterRender(async (attributes) => {
      widgetCalls.push(attributes);
      return '<facet-filter></facet-filter>';
    }),
  );
  return { html: await renderBlocks(content, blocks, undefined), widgetCalls };
}

describe('facet/filter block.json', () => {
  it('declares the block the editor expects', () => {
    const { apiVersion, name, category, supports } = facetFilterBlockJson;
    assert.deepEqual(
      { apiVersion, name, category, html: supports?.html },
      { apiVersion: 3, name: 'facet/filter', category: 'widgets', html: false },
    );
  });

  it('keeps the numeric bounds of the shortcode rules', () => {
    const attributes = facetFilterBlockJson.attributes ?? {};
    assert.deepEqual(
      {
        perPage: [attributes.perPage?.minimum, attributes.perPage?.maximum],
        columns: [attributes.columns?.minimum, attributes.columns?.maximum],
      },
      {
        perPage: [PER_PAGE_RANGE.minimum, PER_PAGE_RANGE.maximum],
        columns: [COLUMNS_RANGE.minimum, COLUMNS_RANGE.maximum],
      },
    );
  });
});

describe('facet/filter render', () => {
  const cases: Array<[json: string, expected: WidgetAttributes]> = [
    ['', {}],
    [
      '{"facets":["color","size"],"perPage":12,"columns":3,"category":"shoes","orderby":"price"}',
      { facets: ['color', 'size'], per_page: 12, columns: 3, category: 'shoes', orderby: 'price' },
    ],
    ['{"facets":["Color","bad name","color"]}', { facets: ['color'] }],
    ['{"facets":"color,size"}', {}],
    ['{"facets":["color",7]}', {}],
    ['{"perPage":0,"columns":7}', {}],
    ['{"perPage":"12","columns":2.5}', {}],
    ['{"perPage":100,"columns":1}', { per_page: 100, columns: 1 }],
    ['{"category":"<script>","orderby":"x\\" onload=\\"y"}', {}],
    ['{"category":null,"orderby":["price"]}', {}],
    ['{perPage: 12}', {}],
  ];
  for (const [json, expected] of cases) {
    it(`<!-- wp:facet/filter ${json} /-->`, async () => {
      const { widgetCalls } = await render(`<!-- wp:facet/filter ${json}${json ? ' ' : ''}/-->`);
      assert.deepEqual(widgetCalls, [expected]);
    });
  }

  it('wraps the widget in the block element with alignment and editor classes', async () => {
    const { html } = await render('<!-- wp:facet/filter {"align":"wide","className":"promo dark"} /-->');
    assert.equal(html, '<div class="wp-block-facet-filter alignwide promo dark"><facet-filter></facet-filter></div>');
  });

  it('drops unsupported alignments and hostile class names', async () => {
    const { html } = await render(
      '<!-- wp:facet/filter {"align":"left","className":"ok \\" onmouseover=\\"alert(1) <b> x\'y"} /-->',
    );
    assert.equal(html, '<div class="wp-block-facet-filter ok"><facet-filter></facet-filter></div>');
  });

  it('never lets an attribute break out of the wrapper element', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.jsonValue(), async (align, className) => {
        const json = JSON.stringify({ align, className }).replace(/--/g, '');
        const { html } = await render(`<!-- wp:facet/filter ${json} /-->`);
        assert.match(html, /^<div class="[A-Za-z0-9_ -]*"><facet-filter><\/facet-filter><\/div>$/);
      }),
    );
  });

  it('maps like the shortcode through one set of rules', () => {
    assert.deepEqual(facetFilterWidgetAttributes({ facets: [' Size '], perPage: 24, category: 'Shoes' }), {
      facets: ['size'],
      per_page: 24,
      category: 'shoes',
    });
  });
});
