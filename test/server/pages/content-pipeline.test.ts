import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BlockRegistry } from '../../../blocks/block-registry.js';
import { createFacetFilterRender, facetFilterBlockJson } from '../../../blocks/facet-filter/facet-filter-block.js';
import { escapeAttribute } from '../../../client/html/escape.js';
import { renderContent } from '../../../server/pages/content-pipeline.js';
import { createFacetShortcode, FACET_SHORTCODE_TAG } from '../../../shortcodes/facet-shortcode.js';
import { ShortcodeRegistry } from '../../../shortcodes/shortcode-registry.js';
import type { WidgetRenderer } from '../../../shortcodes/widget-attributes.js';

interface PageContext {
  readonly path: string;
}

/** A widget stub that writes its attributes into an HTML attribute, escaped, the way the real one must. */
const renderWidget: WidgetRenderer<PageContext> = async (attributes, context) =>
  `<facet-filter data-attributes="${escapeAttribute(JSON.stringify(attributes))}" data-path="${escapeAttribute(context.path)}"></facet-filter>`;

function pipeline(context: PageContext) {
  const blocks = new BlockRegistry<PageContext>().register(facetFilterBlockJson, createFacetFilterRender(renderWidget));
  const shortcodes = new ShortcodeRegistry<PageContext>()
    .register(FACET_SHORTCODE_TAG, createFacetShortcode(renderWidget))
    .register('emit', () => '<!-- wp:facet/filter /-->[facet]');
  return { blocks, shortcodes, context };
}

describe('renderContent', () => {
  it('renders blocks, then shortcodes inside the HTML of static blocks', async () => {
    const content = '<!-- wp:paragraph --><p>[facet per_page=5]</p><!-- /wp:paragraph -->';
    assert.equal(
      await renderContent(content, pipeline({ path: '/shop' })),
      '<p><facet-filter data-attributes="{&quot;per_page&quot;:5}" data-path="/shop"></facet-filter></p>',
    );
  });

  it('renders the block and the shortcode as the same widget', async () => {
    const html = await renderContent(
      '<!-- wp:facet/filter {"perPage":5,"columns":2} /-->|[facet per_page=5 columns=2]',
      pipeline({ path: '/' }),
    );
    const [fromBlock, fromShortcode] = html.split('|');
    assert.equal(fromBlock, `<div class="wp-block-facet-filter">${fromShortcode}</div>`);
  });

  it('does not process markup that a shortcode outputs', async () => {
    assert.equal(await renderContent('[emit]', pipeline({ path: '/' })), '<!-- wp:facet/filter /-->[facet]');
  });

  it('keeps unknown shortcodes, unknown blocks’ HTML and escaped shortcodes as text', async () => {
    const content = '<!-- wp:acme/card --><div>[gallery] [[facet]]</div><!-- /wp:acme/card -->';
    assert.equal(await renderContent(content, pipeline({ path: '/' })), '<div>[gallery] [facet]</div>');
  });
});

describe('renderContent limits and scope', () => {
  it('does not expand shortcodes in a dynamic block’s output', async () => {
    const blocks = new BlockRegistry<PageContext>().register(
      facetFilterBlockJson,
      async () => '<input value="[facet]">',
    );
    const shortcodes = new ShortcodeRegistry<PageContext>().register(
      FACET_SHORTCODE_TAG,
      () => '<facet-filter></facet-filter>',
    );
    const html = await renderContent('<!-- wp:facet/filter /-->[facet]', {
      blocks,
      shortcodes,
      context: { path: '/' },
    });
    assert.equal(html, '<input value="[facet]"><facet-filter></facet-filter>');
  });

  it('shows a notice instead of content nested deeper than the limit', async () => {
    const content = '<!-- wp:group -->'.repeat(4) + '<!-- /wp:group -->'.repeat(4);
    const html = await renderContent(content, { ...pipeline({ path: '/' }), limits: { maxBlockDepth: 3 } });
    assert.match(
      html,
      /^<p class="notice content-notice" role="alert">This content nests blocks more than 3 levels deep/,
    );
  });
});
