/**
 * The demo shop's colour facet shows each colour as a swatch drawn in that colour, with the name kept in the label.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultSwatchColour } from '../../../server/facets/swatch-colours.js';
import { useTestServer } from '../support/test-server.js';

describe("the demo shop's colour facet", () => {
  const suite = useTestServer();

  it('shows every colour of the catalog as a swatch in its colour', async () => {
    const page = await fetch(`${suite.server.url}/shop`);
    assert.equal(page.status, 200);
    const html = await page.text();
    const colours = new Set(
      suite.server.store.catalog.data.products.flatMap((product) => product.attributes.color ?? []),
    );
    assert.ok(colours.size >= 5, 'the demo sells several colours');
    // Each value is one list item: its class, its style and its label.
    const swatches = new Map(
      html
        .split('<li ')
        .filter((item) => item.includes('facet-filter__value--swatch'))
        .map((item) => [
          /<span class="facet-filter__label">([^<]*)<\/span>/.exec(item)?.[1],
          /--facet-filter-swatch: (#[0-9a-f]{6})/.exec(item)?.[1],
        ]),
    );
    const shown = [...colours].filter((colour) => html.includes(`<span class="facet-filter__label">${colour}</span>`));
    assert.ok(shown.length >= 5, `the facet lists the colours (${shown.join(', ')})`);
    for (const colour of shown)
      assert.equal(swatches.get(colour), defaultSwatchColour(colour), `${colour} as a swatch`);
  });
});
