// Colour swatches of attribute facets: a colour per value from the facet's own `colors`, else the
// default of a common colour name in English, Polish or German; the name stays in the label (screen readers, the
// tooltip, forced-colors mode); the configuration refuses swatches where they cannot stand for a value, and bad
// colours.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { slugify } from '../../../../server/catalog/model.js';
import { generateSyntheticCatalogData } from '../../../../server/catalog/synthetic-catalog.js';
import { defaultFacetConfig, validateFacetConfig, type FacetDefinition } from '../../../../server/facets/config.js';
import type { ListFacetResult } from '../../../../server/facets/engine/engine.js';
import { listFacetControls } from '../../../../server/facets/fragments/list-facet-controls.js';
import { availableSources, discoverSources } from '../../../../server/facets/sources.js';
import { defaultSwatchColour } from '../../../../server/facets/swatch-colours.js';

function colourFacet(extra: Partial<FacetDefinition>): ListFacetResult {
  const definition = { ...defaultFacetConfig().facets.find((facet) => facet.name === 'color')!, ...extra };
  const names = ['Navy', 'Żółty', 'Grün', 'Heather'];
  const values = names.map((label) => ({ value: slugify(label), label, depth: 0, parent: -1 }));
  return { kind: 'list', definition, values, counts: Uint32Array.from(values, () => 3), selected: ['navy'] };
}

/** Per value: the swatch colour of its item, the label's tooltip and the label text. */
function swatchesOf(facet: ListFacetResult) {
  const html = String(listFacetControls(facet));
  return [
    ...html.matchAll(
      /<li class="([^"]*)"(?: style="([^"]*)")?><label class="facet-filter__choice"( title="[^"]*")?><input [^>]*value="([^"]*)"[^>]*>.*?<span class="facet-filter__label">([^<]*)<\/span>/g,
    ),
  ].map(([, itemClass, style, title, value, label]) => ({
    value,
    label,
    title: title ? /title="([^"]*)"/.exec(title)![1] : null,
    colour: /--facet-filter-swatch: (#[0-9a-f]{6})/.exec(style ?? '')?.[1] ?? null,
    swatch: itemClass!.includes('facet-filter__value--swatch'),
  }));
}

describe('swatch colours', () => {
  it('know common colour names in English, Polish (every ending) and German, by their slug', () => {
    for (const names of [
      ['Navy', 'Granatowy', 'granatowa', 'Marineblau'],
      ['Yellow', 'Żółty', 'ŻÓŁTA', 'zolte', 'Gelb'],
      ['White', 'Biały', 'Weiß'],
      ['Green', 'Zielona', 'Grün'],
    ]) {
      const colours = new Set(names.map(defaultSwatchColour));
      assert.equal(colours.size, 1, names.join(', '));
      assert.match([...colours][0]!, /^#[0-9a-f]{6}$/);
    }
    assert.equal(defaultSwatchColour('Heather'), null);
  });

  it("draw each value in its colour, the facet's own first, and keep the name in the label", () => {
    const swatches = swatchesOf(colourFacet({ swatches: true, colors: { navy: '#000080' } })).sort((a, b) =>
      a.value!.localeCompare(b.value!),
    );
    assert.deepEqual(swatches, [
      { value: 'grun', label: 'Grün', title: 'Grün', colour: defaultSwatchColour('green'), swatch: true },
      // No colour known: listed by its name, as without swatches.
      { value: 'heather', label: 'Heather', title: null, colour: null, swatch: false },
      { value: 'navy', label: 'Navy', title: 'Navy', colour: '#000080', swatch: true },
      { value: 'zolty', label: 'Żółty', title: 'Żółty', colour: defaultSwatchColour('yellow'), swatch: true },
    ]);
    assert.match(
      String(listFacetControls(colourFacet({ swatches: true }))),
      /<ul class="facet-filter__values facet-filter__values--swatches"/,
    );
  });

  it('are not drawn when the facet has them off, whatever its colours', () => {
    assert.ok(
      swatchesOf(colourFacet({ swatches: false, colors: { navy: '#000080' } })).every(
        (item) => item.colour === null && !item.swatch && item.title === null,
      ),
    );
  });

  it('are refused on facets they cannot stand for, and colours must be #rrggbb of value slugs', () => {
    const catalog = generateSyntheticCatalogData({ products: 20, seed: 2, brands: 5 });
    const sources = availableSources(catalog);
    const withFacet = (index: number, extra: Record<string, unknown>) => {
      const config = defaultFacetConfig();
      Object.assign(config.facets[index]!, extra);
      return validateFacetConfig(config, sources);
    };
    assert.equal(withFacet(2, { swatches: true, colors: { navy: '#1F2A44', 'light-blue': '#8ec5ea' } }).ok, true);
    assert.deepEqual(withFacet(1, { swatches: true }), {
      ok: false,
      errors: { 'facets[1].swatches': 'swatches need an attribute source and the type checkboxes or radio.' },
    });
    assert.equal(withFacet(2, { swatches: true, type: 'dropdown' }).ok, false);
    assert.equal(withFacet(2, { swatches: 'yes' }).ok, false);
    for (const colors of [
      { navy: 'navy' },
      { navy: '#12345' },
      { navy: 'red;background:url(x)' },
      { 'Navy Blue': '#000080' },
      JSON.parse('{"__proto__": "#000000"}'),
      ['#000000'],
      'blue',
    ]) {
      const result = withFacet(2, { swatches: true, colors });
      assert.equal(result.ok, false, JSON.stringify(colors));
      assert.match(
        (result as { errors: Record<string, string> }).errors['facets[2].colors']!,
        /colors must map at most 1000 value slugs to colours written #rrggbb/,
      );
    }
  });

  it("are offered per value in the catalog of sources, with each name's default colour", () => {
    const catalog = generateSyntheticCatalogData({ products: 200, seed: 3, brands: 5 });
    const colour = discoverSources(catalog).sources.find((source) => source.source === 'attribute:color')!;
    const navy = colour.terms!.find((term) => term.slug === 'navy');
    assert.deepEqual(navy, { name: 'Navy', slug: 'navy', default_color: defaultSwatchColour('Navy') });
    assert.equal(discoverSources(catalog).sources.find((source) => source.source === 'field:brand')!.terms, undefined);
  });
});
