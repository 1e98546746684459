/**
 * The demo shop's colour facet shows each colour as a swatch drawn in that colour, with the name kept in the label,
 * in whichever language the demo was seeded: its colour names are the ones the default swatches know.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defaultSwatchColour } from '../../../server/facets/swatch-colours.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const DEMOS = [
  { name: 'English', demoLanguage: 'en' },
  { name: 'Polish', demoLanguage: 'pl' },
  { name: 'German', demoLanguage: 'de' },
];

for (const { name, demoLanguage } of DEMOS) {
  describe(`the ${name} demo shop's colour facet`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ env: { DEMO_LANGUAGE: demoLanguage } });
    });
    after(() => server?.stop());

    it('shows every colour of the catalog as a swatch in its colour', async () => {
      const page = await fetch(`${server.url}/shop`);
      assert.equal(page.status, 200);
      const html = await page.text();
      await server.store.catalog.load();
      const colours = new Set(server.store.catalog.data.products.flatMap((product) => product.attributes.color ?? []));
      assert.ok(colours.size >= 5, 'the demo sells several colours');
      for (const colour of colours) assert.ok(defaultSwatchColour(colour), `${colour} has a swatch colour`);
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
      const shown = [...colours].filter((colour) =>
        html.includes(`<span class="facet-filter__label">${colour}</span>`),
      );
      assert.ok(shown.length >= 5, `the facet lists the colours (${shown.join(', ')})`);
      for (const colour of shown)
        assert.equal(swatches.get(colour), defaultSwatchColour(colour), `${colour} as a swatch`);
    });
  });
}
